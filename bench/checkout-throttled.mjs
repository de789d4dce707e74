// The checkout on a low-end phone, for real (issue 29): Debian's Chromium through the DevTools
// protocol with the CPU slowed 4× and a slow-4G network, the page's own PerformanceObserver
// reading LCP and long tasks. Lighthouse's simulation (Lantern) models the same phone from an
// unthrottled load, and its figures swing with the order requests happen to start; this run
// slows the real load instead, so its figures are what a browser saw.
//
// Each run is a first visit (a fresh browser context: empty cache, as a payer arriving from a
// chat). The page counts as settled 3 s after its last long task, past its load event; TBT is
// summed, as Lighthouse sums it, over the long tasks after first contentful paint.
import { pct } from "./live.mjs";
import { chromium } from "@playwright/test";
import chromiumFlags from "../tests/support/chromium.json" with { type: "json" };

/** Lighthouse's mobile preset: slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up), CPU 4×. */
export const THROTTLING = {
  cpuRate: 4,
  latencyMs: 150,
  downKbps: 1638.4,
  upKbps: 750,
};

/** A mid-range phone's screen, as Lighthouse's mobile preset has it. */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

const QUIET_MS = 3_000;
const SETTLE_CAP_MS = 20_000;

/** Runs in the page before any of its scripts: buffers LCP, long tasks and first paint. */
function observe() {
  const perf = { lcp: [], longtasks: [], fcp: null };
  window.__throttledRun = perf;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      perf.lcp.push({ t: e.startTime, size: e.size, tag: e.element ? e.element.tagName : null, id: e.id || null });
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) perf.longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") perf.fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
}

/** One throttled first visit: what the page itself observed of its load. */
async function throttledVisit(browser, { url, cookie }) {
  const context = await browser.newContext(PHONE);
  const [name, ...rest] = cookie.split("=");
  await context.addCookies([{ name, value: rest.join("="), url }]);
  const page = await context.newPage();
  await page.addInitScript(observe);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: (THROTTLING.downKbps * 1024) / 8,
    uploadThroughput: (THROTTLING.upKbps * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLING.cpuRate });
  try {
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    const started = Date.now();
    // Settled: no long task in the last QUIET_MS (the live stream stays open, so the network never idles).
    for (;;) {
      const idleFor = await page.evaluate(() => {
        const tasks = window.__throttledRun.longtasks;
        const last = tasks.length ? tasks[tasks.length - 1].start + tasks[tasks.length - 1].duration : 0;
        return performance.now() - Math.max(last, performance.timing.loadEventEnd - performance.timeOrigin);
      });
      if (idleFor >= QUIET_MS || Date.now() - started > SETTLE_CAP_MS) break;
      await page.waitForTimeout(500);
    }
    const perf = await page.evaluate(() => window.__throttledRun);
    const after = perf.fcp ?? 0;
    const blocking = perf.longtasks.filter((t) => t.start >= after);
    const lcp = perf.lcp.at(-1) ?? null;
    return {
      lcpMs: lcp?.t ?? NaN,
      lcpElement: lcp ? `${lcp.tag}${lcp.id ? `#${lcp.id}` : ""}` : "none",
      fcpMs: perf.fcp ?? NaN,
      tbtMs: blocking.reduce((s, t) => s + Math.max(0, t.duration - 50), 0),
      longestTaskMs: perf.longtasks.reduce((m, t) => Math.max(m, t.duration), 0),
      longTasks: perf.longtasks.map((t) => [Math.round(t.start), Math.round(t.duration)]),
    };
  } finally {
    await context.close();
  }
}

export async function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: chromiumFlags.args,
  });
}

/** `runs` throttled first visits of one page; the median of each figure, and every run's. */
export async function throttledRuns(browser, target, runs = 5) {
  const all = [];
  for (let i = 0; i < runs; i++) {
    all.push(await throttledVisit(browser, target));
  }
  // The median of five (an odd count: pct's nearest rank is the middle run).
  const pick = (k) =>
    pct(
      all.map((r) => r[k]),
      50,
    );
  return {
    lcpMs: pick("lcpMs"),
    fcpMs: pick("fcpMs"),
    tbtMs: pick("tbtMs"),
    longestTaskMs: pick("longestTaskMs"),
    lcpElements: [...new Set(all.map((r) => r.lcpElement))],
    runs: all,
  };
}
