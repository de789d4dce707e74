// Where the payer's main thread goes at load (issue 29): one throttled first visit per screen
// (bench/checkout-throttled.mjs's phone, CPU 4×, slow 4G) under Chromium's performance trace,
// and each task of 50 ms or more broken down into what ran in it: which script was compiled or
// evaluated, which script's function ran (React's hydration runs from react-dom's chunk, off
// the scheduler's message), parsing, style and layout, garbage collection.
//
// The machine's load moves every absolute figure; the breakdown (which work sits in which task)
// is what to compare, before and after a change, in the same minute.
//
//   node bench/checkout-trace.mjs [--runs=N]   (the production build; nothing is built)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadKit } from "./load-kit.mjs";
import { SCREENS } from "./checkout-budgets.mjs";
import { launchChromium, PHONE, THROTTLING } from "./checkout-throttled.mjs";
import { cookieSwap, linkWithMethod } from "./live.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CATEGORIES = [
  "toplevel",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8",
  "v8.execute",
  "blink",
  "loading",
].join(",");

/** What a chunk holds, by the packages its source names (a chunk's file name says nothing). */
function chunkLabel(url) {
  if (!url) return "(no script)";
  const m = /\/_next\/static\/(.+\.js)/.exec(url);
  if (!m) return url.replace(/^https?:\/\/[^/]+/, "");
  const file = m[1].split("/").pop();
  let src = "";
  try {
    src = fs.readFileSync(path.join(ROOT, ".next/static", m[1]), "utf8");
  } catch {
    return file;
  }
  const kb = (Buffer.byteLength(src) / 1024).toFixed(0);
  const has = (re) => re.test(src);
  const parts = [];
  if (has(/react-dom/) || has(/__REACT_DEVTOOLS_GLOBAL_HOOK__/)) parts.push("react-dom");
  if (has(/next\/dist\/client\/components\/app-router|__next_f|next-router-state-tree/i)) parts.push("next-router");
  if (has(/TURBOPACK/) && src.length < 20_000) parts.push("runtime");
  if (has(/components\/checkout|checkout\//)) parts.push("checkout");
  return `${file} (${kb} kB${parts.length ? `: ${parts.join(", ")}` : ""})`;
}

/** A visit under the trace: the renderer main thread's tasks with their child events. */
async function tracedVisit(browser, { url, cookie }) {
  const context = await browser.newContext(PHONE);
  const [name, ...rest] = cookie.split("=");
  await context.addCookies([{ name, value: rest.join("="), url }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: (THROTTLING.downKbps * 1024) / 8,
    uploadThroughput: (THROTTLING.upKbps * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLING.cpuRate });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await browser.startTracing(page, { categories: CATEGORIES.split(",") });
  await cdp.send("Profiler.start");
  let buf;
  let profile;
  try {
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await page.waitForTimeout(4_000);
  } finally {
    ({ profile } = await cdp.send("Profiler.stop"));
    buf = await browser.stopTracing();
    await context.close();
  }
  return { trace: JSON.parse(buf.toString("utf8")), profile };
}

/** The CPU profile's samples inside [from, to] µs: self time by script and by function. */
export function profileWithin(profile, from, to) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byUrl = new Map();
  const byFn = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    if (t < from || t > to) continue;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const cf = nodes.get(profile.samples[i]).callFrame;
    const url = cf.url ? chunkLabel(cf.url) : `(${cf.functionName || "program"})`;
    byUrl.set(url, (byUrl.get(url) ?? 0) + dt);
    const fn = `${cf.functionName || "(anonymous)"} ${cf.url ? `${cf.url.split("/").pop()}:${cf.columnNumber}` : ""}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + dt);
  }
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => [k, Math.round(ms)]);
  return { byUrl: top(byUrl, 6), byFn: top(byFn, 10) };
}

/** The renderer's main thread: the thread named CrRendererMain that ran the most. */
function mainThreadEvents(trace) {
  const events = trace.traceEvents ?? trace;
  const names = new Map();
  for (const e of events)
    if (e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      names.set(`${e.pid}:${e.tid}`, true);
  const busy = new Map();
  for (const e of events)
    if (e.ph === "X" && names.has(`${e.pid}:${e.tid}`))
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  return events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === "X").sort((a, b) => a.ts - b.ts);
}

const LEAF = new Map([
  ["EvaluateScript", (e) => `evaluate ${chunkLabel(e.args?.data?.url)}`],
  ["v8.evaluateModule", () => "evaluate module"],
  ["v8.compile", (e) => `compile ${chunkLabel(e.args?.data?.url ?? e.args?.fileName)}`],
  ["v8.compileModule", () => "compile module"],
  ["FunctionCall", (e) => `run ${e.args?.data?.functionName || "(anonymous)"} in ${chunkLabel(e.args?.data?.url)}`],
  ["ParseHTML", () => "parse HTML"],
  ["ParseAuthorStyleSheet", () => "parse CSS"],
  ["UpdateLayoutTree", () => "style"],
  ["Layout", () => "layout"],
  ["Paint", () => "paint"],
  ["PrePaint", () => "paint"],
  ["Layerize", () => "paint"],
  ["MajorGC", () => "GC"],
  ["MinorGC", () => "GC"],
  ["V8.GC_SCAVENGER", () => "GC"],
  ["RunMicrotasks", () => "microtasks"],
  ["TimerFire", () => "timer"],
  ["FireIdleCallback", () => "idle callback"],
  ["EventDispatch", (e) => `event ${e.args?.data?.type ?? ""}`],
]);

/** Tasks of ≥ 50 ms (throttled) with their top-level labelled children, in time. */
export function longTaskBreakdown(trace, minMs = 50) {
  const events = mainThreadEvents(trace);
  // Outermost tasks only (Chromium nests RunTask in ThreadControllerImpl::RunTask).
  const tasks = [];
  for (const e of events) {
    if (!/RunTask$/.test(e.name)) continue;
    const last = tasks.at(-1);
    if (last && e.ts < last.ts + last.dur) continue;
    tasks.push(e);
  }
  const long = tasks.filter((e) => e.dur >= minMs * 1000);
  const t0 = events.find((e) => e.name === "ParseHTML")?.ts ?? tasks[0]?.ts ?? 0;
  return long.map((task) => {
    const end = task.ts + task.dur;
    const within = events.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    const inside = within.filter((e) => LEAF.has(e.name));
    // Only the outermost labelled events: a FunctionCall inside an EvaluateScript is part of it.
    const outer = [];
    let until = -1;
    for (const e of inside) {
      if (e.ts < until) continue;
      outer.push(e);
      until = e.ts + e.dur;
    }
    const sum = new Map();
    for (const e of outer) {
      const label = LEAF.get(e.name)(e);
      sum.set(label, (sum.get(label) ?? 0) + e.dur / 1000);
    }
    const labelled = outer.reduce((n, e) => n + e.dur, 0);
    if (task.dur - labelled >= 10_000) {
      // What the rest was: the longest unlabelled events directly in the task.
      const other = within.filter((e) => !LEAF.has(e.name) && !/RunTask$/.test(e.name) && e.dur >= 5_000);
      other.sort((a, b) => b.dur - a.dur);
      for (const e of other.slice(0, 2)) sum.set(`(other: ${e.name})`, e.dur / 1000);
    }
    return {
      ts: task.ts,
      startMs: Math.round((task.ts - t0) / 1000),
      durationMs: Math.round(task.dur / 1000),
      parts: [...sum].sort((a, b) => b[1] - a[1]).map(([label, ms]) => [label, Math.round(ms)]),
    };
  });
}

async function main() {
  const runs = Number(process.argv.find((a) => a.startsWith("--runs="))?.slice(7) ?? 1);
  const only = process.argv.find((a) => a.startsWith("--screen="))?.slice(9);
  const kit = await loadKit(ROOT);
  const server = await kit.startProductionServer({
    ownBaseUrl: true,
    env: { LOG_LEVEL: "warn", RATE_LIMIT_CHECKOUT: "100000000" },
  });
  const browser = await launchChromium();
  try {
    const creds = JSON.parse(fs.readFileSync(path.join(server.dataDir, "sandbox-credentials.json"), "utf8"));
    for (const screen of SCREENS.filter((s) => !only || s.name === only)) {
      const uri = screen.link.demo
        ? creds.demoLinks.find((d) => d.state === screen.link.demo).paymentLinkUri
        : screen.link.make
          ? (await screen.link.make({ kit, server, linkWithMethod })).uri
          : (await linkWithMethod(kit, server, screen.link.choose, `TRACE-${screen.name}`)).uri;
      for (let i = 0; i < runs; i++) {
        const target = await cookieSwap(server.baseUrl.replace(/\/+$/, ""), uri);
        const { trace, profile } = await tracedVisit(browser, target);
        const tasks = longTaskBreakdown(trace);
        console.log(
          `${screen.name}, run ${i + 1}: ${tasks.length} task(s) ≥ 50 ms (load average ${fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]})`,
        );
        for (const t of tasks) {
          console.log(`  @${t.startMs} ms: ${t.durationMs} ms`);
          for (const [label, ms] of t.parts.filter(([, ms]) => ms >= 3))
            console.log(`      ${String(ms).padStart(4)} ms  ${label}`);
          if (t.durationMs >= 150 && process.argv.includes("--profile")) {
            const p = profileWithin(profile, t.ts, t.ts + t.durationMs * 1000);
            console.log(`      CPU profile, self time by script: ${p.byUrl.map(([k, ms]) => `${k} ${ms}`).join("; ")}`);
            console.log(`      by function: ${p.byFn.map(([k, ms]) => `${k} ${ms}`).join("; ")}`);
          }
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
