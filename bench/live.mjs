// Issue 12: waiting payers on live event streams, the cost of a checkout render, and 1 vs 2
// server processes. Called by scripts/bench.mjs (through bench/issue12.mjs); every figure is
// printed beside one measured in the same run (the build of the day issue 12 was filed, the
// pollStatus action that pages polled, the page with the gateway called over loopback HTTP,
// one process).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { benchInquiry } from "./inquiry.mjs";

const CLK_TCK = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The p-th percentile of `values` (nearest rank); p = 50 is the median of an odd count. */
export const pct = (values, p) => {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
/** A figure for the log: `d` decimals, or "n/a". */
export const f = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "n/a");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The server's processes: the one started, and its cluster workers if any. */
function processTree(pid) {
  let children = [];
  try {
    children = execFileSync("ps", ["--ppid", String(pid), "-o", "pid="])
      .toString()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // no children
  }
  return [pid, ...children];
}

/** CPU time (ms, user + system) and resident memory (MiB) of the server's processes, summed. */
export function procStats(pid) {
  let cpuMs = 0;
  let rssMb = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      cpuMs += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"));
      rssMb += rss ? Number(rss[1]) / 1024 : 0;
    } catch {
      // exited meanwhile
    }
  }
  return { cpuMs, rssMb };
}

/** Run `fn` and return its result with the server CPU it cost. */
async function withCpu(server, fn) {
  const before = procStats(server.child.pid).cpuMs;
  const result = await fn();
  return { result, cpuMs: procStats(server.child.pid).cpuMs - before };
}

/** Follow a paymentLinkUri on `baseUrl` once: the 303 sets the session cookie; the cookie and the clean URL. */
export async function cookieSwap(baseUrl, uri) {
  const u = new URL(uri);
  const res = await fetch(`${baseUrl}${u.pathname}${u.search}`, { redirect: "manual" });
  if (res.status !== 303) throw new Error(`expected 303 from the secret swap, got ${res.status}`);
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error("no session cookie");
  return { cookie, url: new URL(res.headers.get("location"), baseUrl).toString() };
}

/** autocannon that fails on any answer but `status` (2xx by default), error or timeout. */
async function cannon({ status, ...opts }) {
  const r = await autocannon({ excludeErrorStats: false, timeout: 30, ...opts });
  const unexpected = status
    ? Object.entries(r.statusCodeStats ?? {}).reduce(
        (n, [code, { count }]) => n + (code === String(status) ? 0 : count),
        0,
      )
    : r.non2xx;
  if (unexpected || r.errors || r.timeouts)
    throw new Error(
      `autocannon ${opts.url}: ${unexpected} unexpected answers, ${r.errors} errors, ${r.timeouts} timeouts`,
    );
  return { rps: r.requests.total / r.duration, requests: r.requests.total, p50: r.latency.p50, p99: r.latency.p99 };
}

/**
 * Page renders of `page` (a link with a VA chosen; `page.status` when it is not a 2xx, as for
 * the 404 page) at `connections`, with the server CPU per render.
 */
export async function pageRenders(server, page, { connections = 16, seconds = 10 } = {}) {
  const headers = page.cookie ? { cookie: page.cookie } : {};
  const status = page.status;
  await cannon({ url: page.url, connections, duration: 2, headers, status }); // warm-up
  const { result, cpuMs } = await withCpu(server, () =>
    cannon({ url: page.url, connections, duration: seconds, headers, status }),
  );
  return { ...result, cpuMsPer: cpuMs / result.requests };
}

/** Signed Inquiry (bench/inquiry.mjs) with the server CPU per request. */
export async function inquiries(kit, server, { connections = 16, seconds = 10 } = {}) {
  const { result, cpuMs } = await withCpu(server, () =>
    benchInquiry({ kit, server, log: () => {}, seconds, connections }),
  );
  return { ...result, cpuMsPer: cpuMs / result.requests };
}

/**
 * The status poll, as every waiting page sent it once a second before streams: the status route
 * (`POST /pay/{id}/actions/status`) of a build that has it (issue 29 on), else the pollStatus
 * server action of an older build (the baseline), found in its build's manifest.
 */
export async function pollStatusLoad(root, page, linkId, { connections, seconds = 10 }) {
  const origin = new URL(page.url).origin;
  const routed = fs.existsSync(path.join(root, ".next/server/app/pay/[paymentLinkId]/actions/[action]"));
  let opts;
  if (routed) {
    opts = {
      url: `${origin}/pay/${linkId}/actions/status`,
      method: "POST",
      connections,
      duration: seconds,
      // Its page's origin, as the browser sends it: a post without one is refused (docs/security-edges.md).
      headers: { cookie: page.cookie, origin, "content-type": "application/json" },
      body: "{}",
    };
  } else {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(root, ".next/server/server-reference-manifest.json"), "utf8"),
    );
    const actionId = Object.entries(manifest.node).find(
      ([, v]) => v.exportedName === "pollStatus" && v.filename?.includes("[paymentLinkId]/actions"),
    )?.[0];
    if (!actionId) throw new Error("pollStatus action not found in the build's manifest");
    opts = {
      url: page.url,
      method: "POST",
      connections,
      duration: seconds,
      headers: {
        cookie: page.cookie,
        "next-action": actionId,
        origin,
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
      },
      body: JSON.stringify([linkId]),
    };
  }
  await cannon({ ...opts, duration: 2 });
  return cannon(opts);
}

/** Create `n` links (no method yet) with the merchant's client; `concurrency` at a time. */
async function createLinks(kit, server, n, concurrency = 16) {
  const merchant = new kit.GatewayClient(server.baseUrl, server.credentials.merchant);
  const ids = new Array(n);
  let next = 0;
  const stamp = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < n; i = next++) {
        const r = await merchant.createPaymentLink({
          partnerReferenceNo: `LIVE-${stamp}-${i}`,
          trxId: `L${i}`,
          additionalInfo: {
            invoiceTitle: "bench",
            itemDetails: [{ name: "item", price: "10000.00", quantity: 1 }],
            customerDetail: { firstName: "Bench" },
          },
        });
        ids[i] = r.paymentLinkData.paymentLinkId;
      }
    }),
  );
  return ids;
}

/**
 * `urls.length` SSE connections, each on its own socket (no agent), `concurrency` opening at a
 * time. `onPaid(linkId, at)` when a stream says its link is paid.
 */
async function openStreams(urls, ids, onPaid, concurrency = 100) {
  const requests = [];
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < urls.length; i = next++) {
        const id = ids[i];
        await new Promise((resolve) => {
          const req = http.get(urls[i], { agent: false, headers: { accept: "text/event-stream" } }, (res) => {
            if (res.statusCode !== 200) {
              failed++;
              res.resume();
              return resolve();
            }
            res.setEncoding("utf8");
            let first = true;
            res.on("data", (chunk) => {
              if (first) {
                first = false;
                resolve();
              }
              if (chunk.includes('"paymentFlagStatus":"00"')) onPaid(id, performance.now());
            });
            res.on("error", () => {});
          });
          req.on("error", () => {
            failed++;
            resolve();
          });
          requests.push(req);
        });
      }
    }),
  );
  return { failed, close: () => requests.forEach((r) => r.destroy()) };
}

/**
 * The waiting-payers table: for each N, N streams on N links against `server`, the server's
 * memory and CPU while they only wait, Inquiry and page latency meanwhile, then 200 of the
 * links settled by signed VA notifications and the time until each stream told its page.
 */
export async function benchWaitingPayers({ kit, server, log, levels, page, label }) {
  const max = Math.max(...levels);
  const sample = 200;
  const t0 = performance.now();
  const ids = await createLinks(kit, server, max);
  log(`  ${max} links created in ${f((performance.now() - t0) / 1000, 1)} s`);
  const checkout = new kit.GatewayClient(server.baseUrl, server.checkout);
  const acquirer = new kit.GatewayClient(server.baseUrl, server.credentials.acquirer);
  const exp = Math.floor(Date.now() / 1000) + 7200;
  const urls = ids.map(
    (id) => `${server.baseUrl}/v1/payment-links/${id}/events?token=${kit.mintEventToken(server.checkout, id, exp)}`,
  );
  const settled = new Set();
  const rows = [];

  const idle = procStats(server.child.pid);
  const baseInquiry = await inquiries(kit, server, { connections: 8, seconds: 5 });
  const basePage = await pageRenders(server, page, { connections: 8, seconds: 5 });
  log(
    `  no streams: RSS ${f(idle.rssMb)} MiB; Inquiry p99 ${basePage && f(baseInquiry.p99, 1)} ms; page p99 ${f(basePage.p99, 1)} ms (8 connections each)`,
  );

  for (const n of levels) {
    // The links to settle: 200 of the watched ones not paid yet, each given a VA first.
    const pool = ids.slice(0, n).filter((id) => !settled.has(id));
    const picks = [];
    while (picks.length < Math.min(sample, pool.length)) {
      const id = pool.splice(Math.floor(Math.random() * pool.length), 1)[0];
      picks.push(id);
    }
    const vas = new Map();
    for (let i = 0; i < picks.length; i += 8) {
      await Promise.all(
        picks.slice(i, i + 8).map(async (id) => {
          const r = await checkout.payPaymentLink({
            additionalInfo: { paymentLinkId: id, paymentMethod: { groupId: "va", methodId: "bca" } },
          });
          vas.set(id, r.paymentLinkData.payment.content.value);
        }),
      );
    }

    const paidAt = new Map();
    const openedAt = performance.now();
    const streams = await openStreams(
      urls.slice(0, n),
      ids.slice(0, n),
      (id, at) => paidAt.has(id) || paidAt.set(id, at),
    );
    const openSeconds = (performance.now() - openedAt) / 1000;
    await sleep(3_000);
    // Idle-waiting: 15 s, one heartbeat round included.
    const a = procStats(server.child.pid);
    await sleep(15_000);
    const b = procStats(server.child.pid);
    const cpuPct = ((b.cpuMs - a.cpuMs) / 15_000) * 100;
    const inq = await inquiries(kit, server, { connections: 8, seconds: 5 });
    const pg = await pageRenders(server, page, { connections: 8, seconds: 5 });

    const sentAt = new Map();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = next++; i < picks.length; i = next++) {
          const id = picks[i];
          sentAt.set(id, performance.now());
          await acquirer.notifyVaPayment(kit.vaNotification({ virtualAccountNo: vas.get(id), amount: "10000.00" }));
          settled.add(id);
          await sleep(20);
        }
      }),
    );
    const deadline = Date.now() + 30_000;
    while (picks.some((id) => !paidAt.has(id)) && Date.now() < deadline) await sleep(20);
    const delays = picks.filter((id) => paidAt.has(id)).map((id) => paidAt.get(id) - sentAt.get(id));
    const after = procStats(server.child.pid);
    streams.close();
    const row = {
      label,
      streams: n,
      refused: streams.failed,
      openSeconds,
      p50: pct(delays, 50),
      p99: pct(delays, 99),
      received: delays.length,
      settled: picks.length,
      // The goal's figure: RSS while the streams only wait (the window CPU idle-waiting is
      // measured over); and the peak, with the 8-connection Inquiry and page load and the
      // settling after it, whose garbage V8 collects later.
      rssIdleMb: Math.max(a.rssMb, b.rssMb),
      rssMb: Math.max(a.rssMb, b.rssMb, after.rssMb),
      cpuPct,
      inquiryP99: inq.p99,
      pageP99: pg.p99,
    };
    rows.push(row);
    log(
      `  ${n} streams (${streams.failed} refused, opened in ${f(openSeconds, 1)} s): settle → event p50 ${f(row.p50)} ms, p99 ${f(row.p99)} ms (${row.received}/${row.settled}); ` +
        `RSS idle-waiting ${f(row.rssIdleMb)} MiB (peak ${f(row.rssMb)} MiB), CPU idle-waiting ${f(cpuPct, 1)}%; Inquiry p99 ${f(inq.p99, 1)} ms, page p99 ${f(pg.p99, 1)} ms`,
    );
    await sleep(3_000);
  }
  return { rows, baseInquiry, basePage, idleRssMb: idle.rssMb };
}

/** A fresh link of the demo merchant with `paymentMethod` chosen as the checkout chooses it. */
export async function linkWithMethod(kit, server, paymentMethod, tag = "PAGE") {
  const merchant = new kit.GatewayClient(server.baseUrl, server.credentials.merchant);
  const checkout = new kit.GatewayClient(server.baseUrl, server.checkout);
  const created = await merchant.createPaymentLink({
    partnerReferenceNo: `${tag}-${Date.now()}-${Math.random()}`,
    trxId: tag,
    additionalInfo: {
      invoiceTitle: "Kopi susu 2×",
      itemDetails: [{ name: "Kopi susu", price: "25000.00", quantity: 2 }],
      customerDetail: { firstName: "Bench" },
    },
  });
  const id = created.paymentLinkData.paymentLinkId;
  await checkout.payPaymentLink({ additionalInfo: { paymentLinkId: id, paymentMethod } });
  return { id, uri: created.paymentLinkData.paymentLinkUri };
}

/** A link with a VA chosen, and the cookie its payer holds. */
export async function vaPage(kit, server) {
  const { id, uri } = await linkWithMethod(kit, server, { groupId: "va", methodId: "bca" });
  return { id, ...(await cookieSwap(server.baseUrl, uri)) };
}

export function printLiveTable(log, rows) {
  log(
    "\n| waiting payers | refused | settle → event p50 / p99 ms | received | RSS MiB idle-waiting / peak | CPU idle-waiting | Inquiry p99 ms | page p99 ms |",
  );
  log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    log(
      `| ${r.label}, ${r.streams} | ${r.refused} | ${f(r.p50)} / ${f(r.p99)} | ${r.received}/${r.settled} | ${f(r.rssIdleMb)} / ${f(r.rssMb)} | ${f(r.cpuPct, 1)}% | ${f(r.inquiryP99, 1)} | ${f(r.pageP99, 1)} |`,
    );
  }
}
