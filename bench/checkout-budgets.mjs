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
 * the sandbox seeds (`demo`), a fresh link with a method chosen through the checkout's SNAP
 * client (`choose`), or `make`, the hook for a screen that needs more than a choice:
 * `make({ kit, server, linkWithMethod })` resolves to `{ uri }`, a link (its secret URI) whose
 * payer sees that screen. `lighthouse`: also run Lighthouse on it (about 20 s each).
 *
 * Screens still to join, each one row, built with its feature (issue 29 asks that every new
 * checkout screen holds these budgets):
 *   - the refunded state (issue 31): `make` pays a link (linkWithMethod with a VA, then the
 *     sandbox's VA notification, as bench/notifications.ts does), refunds it through the
 *     merchant's refund API, and resolves to the link's URI;
 *   - the saved-card step (issue 32): `make` saves a card for a customer, then chooses `cc`
 *     for a link of that customer, so the step shows the saved card.
 * `node bench/checkout.mjs --throttled` measures every row; `--screen=NAME` only one
 * (bench/checkout-trace.mjs takes the same flag for the main-thread breakdown).
 */
export const SCREENS = [
  { name: "open", link: { demo: "no-method" }, lighthouse: true },
  { name: "VA chosen", link: { demo: "method-chosen-va" }, lighthouse: true },
  { name: "card", link: { choose: { groupId: "cc", methodId: "card" } }, lighthouse: false },
  // The wallet step (issue 30): a redirect wallet, "continue to DANA".
  { name: "wallet", link: { choose: { groupId: "ew", methodId: "dana" } }, lighthouse: false },
];

export const mark = (ok) => (ok ? "ok" : "MISSED");

/** "LCP 812 ms ≤ 1500 ok": a figure, its budget and the verdict (lower is better). */
export const within = (label, value, budget, unit = " ms", digits = 0) =>
  `${label} ${value.toFixed(digits)}${unit} ≤ ${budget}${unit} ${mark(value <= budget)}`;
