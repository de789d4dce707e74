// Figures for the hosted checkout (issue 3):
//   - first-load JS of the checkout route, gzip, from the build output (.next/static), as the
//     page actually references it (script tags and client-component chunks in the HTML);
//   - first-load CSS the same way: every stylesheet the HTML links (issue 9, Tailwind);
//   - SSR latency p50/p99 of the checkout page at 16 connections for 10 s (autocannon; its
//     latency is request → full response, so it bounds TTFB from above), for a link with a
//     chosen VA (Inquiry only) and an open link (Inquiry + Method);
//   - Lighthouse (mobile preset, simulated throttling, Debian chromium): performance and
//     accessibility scores, LCP and CLS.
//
// `node bench/checkout.mjs` builds nothing: it starts the production build on a free port with
// a fresh data dir; `--sizes` prints only the first-load JS and CSS (seconds, not minutes). From another script: `await benchCheckout({ baseUrl, log, dataDir })`.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { loadKit } from "./load-kit.mjs";
import chromium from "../tests/support/chromium.json" with { type: "json" };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// firstLoadCssKb: what the hand-written stylesheet weighed before Tailwind (issue 9: must not grow).
export const TARGETS = {
  firstLoadKb: 140,
  firstLoadCssKb: 3.0,
  ttfbP99Ms: 100,
  performance: 95,
  accessibility: 100,
  lcpMs: 1500,
  cls: 0.02,
};

/** Follow a paymentLinkUri once: the 303 sets the session cookie; return it and the clean URL. */
async function cookieSwap(uri) {
  const res = await fetch(uri, { redirect: "manual" });
  if (res.status !== 303) throw new Error(`expected 303 from the secret swap, got ${res.status}`);
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error("no session cookie");
  return { cookie, url: new URL(res.headers.get("location"), uri).toString() };
}

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
    `checkout first-load JS: ${js.gzKb.toFixed(1)} kB gz (${js.rawKb.toFixed(1)} kB raw, ${js.files} files)  target ≤ ${TARGETS.firstLoadKb} kB  ${mark(js.gzKb <= TARGETS.firstLoadKb)}`,
  );
  log(
    `  not counted: ${js.legacyFiles} noModule polyfill file(s), ${js.legacyGzKb.toFixed(1)} kB gz, which module-capable browsers never fetch`,
  );
  const css = await firstLoadCss(url, cookie);
  log(
    `checkout first-load CSS: ${css.gzKb.toFixed(1)} kB gz (${css.rawKb.toFixed(1)} kB raw, ${css.files} file${css.files === 1 ? "" : "s"})  target ≤ ${TARGETS.firstLoadCssKb} kB  ${mark(css.gzKb <= TARGETS.firstLoadCssKb)}`,
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

const mark = (ok) => (ok ? "ok" : "MISSED");

/** Prints the checkout figures; `dataDir` holds the sandbox credentials (demo links). */
export async function benchCheckout({
  baseUrl,
  log = console.log,
  dataDir = process.env.DATA_DIR ?? ".data",
  sizesOnly = false,
}) {
  const creds = JSON.parse(fs.readFileSync(path.join(dataDir, "sandbox-credentials.json"), "utf8"));
  const demo = (state) => {
    const l = creds.demoLinks.find((d) => d.state === state);
    if (!l) throw new Error(`no demo link ${state}`);
    const u = new URL(l.paymentLinkUri);
    return `${baseUrl.replace(/\/+$/, "")}${u.pathname}${u.search}`;
  };
  const va = await cookieSwap(demo("method-chosen-va"));
  const open = await cookieSwap(demo("no-method"));
  const figures = {};

  const { js, css } = await firstLoadSizes(open.url, open.cookie, log);
  figures.firstLoadJsGzKb = js.gzKb;
  figures.firstLoadCssGzKb = css.gzKb;
  if (sizesOnly) return figures;

  for (const [name, target] of [
    ["VA chosen", va],
    ["open", open],
  ]) {
    await ssrLatency(target.url, target.cookie, { duration: 2 }); // warm-up
    const lat = await ssrLatency(target.url, target.cookie);
    figures[`ssr_${name}`] = lat;
    log(
      `checkout SSR (${name}) @16 conns 10 s: p50 ${lat.p50} ms, p99 ${lat.p99} ms, max ${lat.max} ms, ${lat.rps.toFixed(0)} req/s  target p99 ≤ ${TARGETS.ttfbP99Ms} ms  ${mark(lat.p99 <= TARGETS.ttfbP99Ms)}`,
    );
  }

  const lh = await lighthouseMobile(va.url, va.cookie);
  figures.lighthouse = lh;
  log(
    `checkout Lighthouse mobile (VA chosen): performance ${lh.performance} ${mark(lh.performance >= TARGETS.performance)}, accessibility ${lh.accessibility} ${mark(lh.accessibility >= TARGETS.accessibility)}, ` +
      `LCP ${Math.round(lh.lcpMs)} ms ${mark(lh.lcpMs <= TARGETS.lcpMs)}, CLS ${lh.cls.toFixed(3)} ${mark(lh.cls <= TARGETS.cls)}, FCP ${Math.round(lh.fcpMs)} ms, TBT ${Math.round(lh.tbtMs)} ms`,
  );
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
      sizesOnly: process.argv.includes("--sizes"),
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
