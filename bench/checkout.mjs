// Figures for the hosted checkout (issue 3):
//   - first-load JS of the checkout route, gzip, from the build output (.next/static), as the
//     page actually references it (script tags and client-component chunks in the HTML);
//   - first-load CSS the same way: every stylesheet the HTML links (issue 9, Tailwind);
//   - SSR latency p50/p99 of the checkout page at 16 connections for 10 s (autocannon; its
//     latency is request → full response, so it bounds TTFB from above), for a link with a
//     chosen VA (Inquiry only) and an open link (Inquiry + Method);
//   - Lighthouse (mobile preset, simulated throttling, Debian chromium): performance and
//     accessibility scores, LCP, TBT and CLS;
//   - the throttled real run (issue 29, bench/checkout-throttled.mjs): Chromium with the CPU
//     slowed 4× and slow 4G, LCP, TBT and the longest task read by the page itself, median of
//     five first visits, for every screen of bench/checkout-budgets.mjs.
// Every figure is printed beside its budget (bench/checkout-budgets.mjs), MISSED when over it.
//
// `node bench/checkout.mjs` builds nothing: it starts the production build on a free port with
// a fresh data dir; `--sizes` prints only the first-load JS and CSS (seconds, not minutes);
// `--throttled` only the sizes and the throttled run; `--screen=NAME` only that screen (and the
// open one, which the sizes are read from). From another script:
// `await benchCheckout({ baseUrl, log, dataDir, server })` (`server`: for the screens that make
// a link of their own; without it they are skipped).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { loadKit } from "./load-kit.mjs";
import chromium from "../tests/support/chromium.json" with { type: "json" };
import { BUDGETS, SCREENS, mark, within } from "./checkout-budgets.mjs";
import { launchChromium, throttledRuns, THROTTLING } from "./checkout-throttled.mjs";
import { cookieSwap, linkWithMethod } from "./live.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The JS a browser loads with the page: every script and script preload the HTML names,
 * except `noModule` scripts (Next's legacy polyfills), which a browser that runs modules —
 * every browser Next 16 supports — neither downloads nor runs. Those are reported apart.
 */
export async function firstLoadJs(pageUrl, cookie) {
  const html = await (await fetch(pageUrl, { headers: { cookie } })).text();
  const loaded = new Set();
  const legacy = new Set();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const src = /(?:src|href)="(\/_next\/static\/[^"]+?\.js)"/.exec(tag)?.[1];
    if (!src) continue;
    (/\snoModule(=|\s|>)/i.test(tag) ? legacy : loaded).add(src);
  }
  for (const f of loaded) legacy.delete(f);
  const main = builtSize(loaded);
  return { ...main, legacyGzKb: builtSize(legacy).gzKb, legacyFiles: legacy.size };
}

/** The CSS a browser loads before it can paint the page: every stylesheet the HTML links. */
export async function firstLoadCss(pageUrl, cookie) {
  const html = await (await fetch(pageUrl, { headers: { cookie } })).text();
  const files = new Set();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="stylesheet"/.test(tag)) continue;
    const href = /\bhref="(\/_next\/static\/[^"]+?\.css)"/.exec(tag)?.[1];
    if (href) files.add(href);
  }
  return builtSize(files);
}

/** Raw and gzip (level 9) size in kB of build files named by their /_next/static/ URLs. */
function builtSize(urls) {
  let raw = 0;
  let gz = 0;
  for (const url of urls) {
    const bytes = fs.readFileSync(path.join(ROOT, ".next/static", url.slice("/_next/static/".length)));
    raw += bytes.length;
    gz += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  return { files: urls.size, rawKb: raw / 1024, gzKb: gz / 1024 };
}

/** First-load JS and CSS of the open checkout (the method picker: the most markup). */
export async function firstLoadSizes(url, cookie, log) {
  const js = await firstLoadJs(url, cookie);
  log(
    `checkout first-load JS: ${js.gzKb.toFixed(1)} kB gz (${js.rawKb.toFixed(1)} kB raw, ${js.files} files)  budget ≤ ${BUDGETS.firstLoadJsGzKb} kB  ${mark(js.gzKb <= BUDGETS.firstLoadJsGzKb)}`,
  );
  log(
    `  not counted: ${js.legacyFiles} noModule polyfill file(s), ${js.legacyGzKb.toFixed(1)} kB gz, which module-capable browsers never fetch`,
  );
  const css = await firstLoadCss(url, cookie);
  log(
    `checkout first-load CSS: ${css.gzKb.toFixed(1)} kB gz (${css.rawKb.toFixed(1)} kB raw, ${css.files} file${css.files === 1 ? "" : "s"})  budget ≤ ${BUDGETS.firstLoadCssGzKb} kB  ${mark(css.gzKb <= BUDGETS.firstLoadCssGzKb)}`,
  );
  return { js, css };
}

export async function ssrLatency(url, cookie, { connections = 16, duration = 10 } = {}) {
  const r = await autocannon({ url, connections, duration, headers: { cookie }, excludeErrorStats: false });
  if (r.non2xx || r.errors) throw new Error(`autocannon: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    rps: r.requests.average,
    requests: r.requests.total,
  };
}

export async function lighthouseMobile(url, cookie) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", ...chromium.args],
  });
  try {
    const runnerResult = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      extraHeaders: { Cookie: cookie },
    });
    const lhr = runnerResult.lhr;
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      lcpMs: lhr.audits["largest-contentful-paint"].numericValue,
      cls: lhr.audits["cumulative-layout-shift"].numericValue,
      fcpMs: lhr.audits["first-contentful-paint"].numericValue,
      tbtMs: lhr.audits["total-blocking-time"].numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

/** A payer on each of `screens`: the page's clean URL and the session cookie. */
async function screenTargets({ baseUrl, creds, kit, server, screens }) {
  const origin = baseUrl.replace(/\/+$/, "");
  const targets = [];
  for (const screen of screens) {
    let uri;
    if (screen.link.demo) {
      const l = creds.demoLinks.find((d) => d.state === screen.link.demo);
      if (!l) throw new Error(`no demo link ${screen.link.demo}`);
      uri = l.paymentLinkUri;
    } else if (screen.link.make) uri = (await screen.link.make({ kit, server, linkWithMethod })).uri;
    else uri = (await linkWithMethod(kit, server, screen.link.choose, `BENCH-${screen.name}`)).uri;
    targets.push({ screen, ...(await cookieSwap(origin, uri)) });
  }
  return targets;
}

/** Lighthouse, then the throttled run, for every screen; each figure against BUDGETS. */
async function pageFigures(targets, log, { lighthouse = true } = {}) {
  const figures = {};
  if (lighthouse) {
    const b = BUDGETS.lighthouse;
    for (const { screen, url, cookie } of targets.filter((t) => t.screen.lighthouse)) {
      const lh = await lighthouseMobile(url, cookie);
      figures[`lighthouse_${screen.name}`] = lh;
      log(
        `checkout Lighthouse mobile (${screen.name}): performance ${lh.performance} ≥ ${b.performance} ${mark(lh.performance >= b.performance)}, ` +
          `accessibility ${lh.accessibility} ≥ ${b.accessibility} ${mark(lh.accessibility >= b.accessibility)}, ` +
          `${within("LCP", lh.lcpMs, b.lcpMs)}, ${within("TBT", lh.tbtMs, b.tbtMs)}, ${within("CLS", lh.cls, b.cls, "", 3)}, FCP ${Math.round(lh.fcpMs)} ms`,
      );
    }
  }
  const t = THROTTLING;
  log(
    `checkout throttled real run (Chromium, CPU ${t.cpuRate}×, ${t.latencyMs} ms RTT, ${t.downKbps} kbps down / ${t.upKbps} up; median of 5 first visits):`,
  );
  const browser = await launchChromium();
  try {
    const b = BUDGETS.throttled;
    for (const { screen, url, cookie } of targets) {
      const r = await throttledRuns(browser, { url, cookie }, 5);
      figures[`throttled_${screen.name}`] = r;
      log(
        `  ${screen.name}: ${within("LCP", r.lcpMs, b.lcpMs)}, ${within("longest task", r.longestTaskMs, b.longestTaskMs)}, ` +
          `TBT ${Math.round(r.tbtMs)} ms, FCP ${Math.round(r.fcpMs)} ms (LCP element ${r.lcpElements.join("/")}; ` +
          `runs: LCP ${r.runs.map((x) => Math.round(x.lcpMs)).join(", ")}; longest ${r.runs.map((x) => Math.round(x.longestTaskMs)).join(", ")})`,
      );
    }
  } finally {
    await browser.close();
  }
  return figures;
}

/**
 * Prints the checkout figures; `dataDir` holds the sandbox credentials (demo links), `kit` and `server`
 * (tests/support/production-server.ts) let screens make links of their own.
 */
export async function benchCheckout({
  baseUrl,
  log = console.log,
  dataDir = process.env.DATA_DIR ?? ".data",
  kit,
  server,
  sizesOnly = false,
  throttledOnly = false,
}) {
  const creds = JSON.parse(fs.readFileSync(path.join(dataDir, "sandbox-credentials.json"), "utf8"));
  // The sizes need only the open page; the other screens make links of their own.
  const only = process.argv.find((a) => a.startsWith("--screen="))?.slice("--screen=".length);
  const screens = SCREENS.filter((s) =>
    sizesOnly ? s.name === "open" : !only || s.name === only || s.name === "open",
  );
  const targets = await screenTargets({ baseUrl, creds, kit, server, screens });
  const byName = (name) => targets.find((t) => t.screen.name === name);
  const open = byName("open");
  const va = byName("VA chosen");
  const figures = {};

  const { js, css } = await firstLoadSizes(open.url, open.cookie, log);
  figures.firstLoadJsGzKb = js.gzKb;
  figures.firstLoadCssGzKb = css.gzKb;
  if (sizesOnly) return figures;

  if (!throttledOnly) {
    for (const [name, target] of [
      ["VA chosen", va],
      ["open", open],
    ]) {
      if (!target) continue; // left out by --screen
      await ssrLatency(target.url, target.cookie, { duration: 2 }); // warm-up
      const lat = await ssrLatency(target.url, target.cookie);
      figures[`ssr_${name}`] = lat;
      log(
        `checkout SSR (${name}) @16 conns 10 s: p50 ${lat.p50} ms, p99 ${lat.p99} ms, max ${lat.max} ms, ${lat.rps.toFixed(0)} req/s  budget p99 ≤ ${BUDGETS.ttfbP99Ms} ms  ${mark(lat.p99 <= BUDGETS.ttfbP99Ms)}`,
      );
    }
  }
  Object.assign(figures, await pageFigures(targets, log, { lighthouse: !throttledOnly }));
  return figures;
}

async function main() {
  const kit = await loadKit(ROOT);
  const server = await kit.startProductionServer({
    ownBaseUrl: true,
    env: { LOG_LEVEL: "warn", RATE_LIMIT_CHECKOUT: "100000000" },
  });
  try {
    await benchCheckout({
      baseUrl: server.baseUrl,
      dataDir: server.dataDir,
      kit,
      server,
      sizesOnly: process.argv.includes("--sizes"),
      throttledOnly: process.argv.includes("--throttled"),
    });
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
