// The payer's checkout budgets (issue 29), one table for every screen a payer sees. A new
// checkout screen (a wallet step, the refunded state, saved cards) is a new row of SCREENS: it
// gets the same budgets, and `npm run bench` prints MISSED beside any figure over them.

/** What every checkout screen must hold, on a low-end phone (Lighthouse's mobile preset). */
export const BUDGETS = {
  /** First-load JS of the checkout, gzip (the page's script tags and preloads). */
  firstLoadJsGzKb: 120,
  /** First-load CSS, gzip: what the hand-written sheet weighed before Tailwind (issue 9). */
  firstLoadCssGzKb: 3.0,
  /** SSR at 16 connections: the latency bounds time to first byte from above. */
  ttfbP99Ms: 100,
  lighthouse: { performance: 95, accessibility: 100, lcpMs: 1500, tbtMs: 150, cls: 0.02 },
  /** The throttled real run (bench/checkout-throttled.mjs), medians of five first visits. */
  throttled: { lcpMs: 1500, longestTaskMs: 200 },
};

/**
 * The screens measured. `link` says how the bench gets a payer on that screen: a demo link
 * the sandbox seeds (`demo`), or a fresh link with a method chosen through the checkout's SNAP
 * client (`choose`). `lighthouse`: also run Lighthouse on it (about 20 s each).
 */
export const SCREENS = [
  { name: "open", link: { demo: "no-method" }, lighthouse: true },
  { name: "VA chosen", link: { demo: "method-chosen-va" }, lighthouse: true },
  { name: "card", link: { choose: { groupId: "cc", methodId: "card" } }, lighthouse: false },
];

export const mark = (ok) => (ok ? "ok" : "MISSED");

/** "LCP 812 ms ≤ 1500 ok": a figure, its budget and the verdict (lower is better). */
export const within = (label, value, budget, unit = " ms", digits = 0) =>
  `${label} ${value.toFixed(digits)}${unit} ≤ ${budget}${unit} ${mark(value <= budget)}`;
