// Issue 12's sections of `npm run bench`, for one database:
//   1. today's figure: the pollStatus action that every waiting page sent once a second, one
//      build after the other;
//   2. a checkout render and a signed Inquiry: req/s and server CPU ms per request, with the
//      checkout's clients calling the gateway in-process (now) and over loopback HTTP, beside
//      two floors: the home page, a dynamic page with one message and no gateway call, through
//      the same proxy, layout and Next renderer; and Next's own 404 page under a path no route
//      or proxy takes (the least any page view costs in Next); every page in turns, round after
//      round, then every server's Inquiry in turns the same way; medians of rounds;
//   3. waiting payers on event streams (bench/live.mjs), on one process (PGlite) or two
//      processes sharing one PostgreSQL;
//   4. PostgreSQL only: 1 vs 2 server processes (WEB_CONCURRENCY), the two processes' pages and
//      Inquiry in the same turns as section 2.
// "Today's" figures are the issue's: where bench/baseline.mjs could build the code of the day
// it was filed, sections 1 and 2 measure that build too (its pollStatus, and its render and
// Inquiry in the same turns as the rest), and the ratios are against it.
import { benchWaitingPayers, f, inquiries, pageRenders, pct, pollStatusLoad, printLiveTable, vaPage } from "./live.mjs";

const LEVELS = (process.env.BENCH_LIVE_STREAMS ?? "1000,5000,10000").split(",").map(Number);
const ROUNDS = Number(process.env.BENCH_RENDER_ROUNDS ?? 5);

/** Each figure of several rounds (page renders or Inquiries), by its median. */
const medianOf = (rounds) => {
  const median = (key) =>
    pct(
      rounds.map((r) => r[key]),
      50,
    );
  return { rps: median("rps"), p99: median("p99"), cpuMsPer: median("cpuMsPer") };
};

/**
 * `measure` each entry in turns, round after round, with all their servers up: the VM's speed
 * drifts by a third within minutes. By key: the median of each figure, and the rounds.
 */
async function inTurns(entries, measure) {
  const rounds = Object.fromEntries(entries.map((e) => [e.key, []]));
  for (let i = 0; i < ROUNDS; i++) for (const e of entries) rounds[e.key].push(await measure(e));
  return Object.fromEntries(entries.map((e) => [e.key, { ...medianOf(rounds[e.key]), rounds: rounds[e.key] }]));
}

export async function benchIssue12({ kit, root, db, server, startServer, baseline, log, liveRows, summary }) {
  const processes = db === "postgres" ? 2 : 1;
  const servers = [];
  const up = async (p) => {
    const s = await p;
    servers.push(s);
    return s;
  };
  try {
    const page = await vaPage(kit, server);
    const filed = baseline ? await startFiled(baseline, kit, log, up) : null;
    const label = baseline?.label;

    log("Today's figure: the pollStatus action (what each waiting page sent every second)…");
    const polling = [
      ...(filed ? [[label, baseline.root, filed.page]] : []),
      ["this build, as the fallback", root, page],
    ];
    for (const [name, build, target] of polling) {
      for (const connections of [8, 32]) {
        const r = await pollStatusLoad(build, target, target.id, { connections, seconds: 10 });
        log(`  ${name}: ${f(r.rps)} polls/s at ${connections} connections, p99 ${f(r.p99)} ms`);
        summary.push({ db, figure: `pollStatus polls/s @${connections}, ${name}`, value: r.rps });
      }
    }

    log(`Checkout render and signed Inquiry, CPU per request (16 connections, ${ROUNDS} rounds of each)…`);
    const http = await up(startServer({ db, env: { CHECKOUT_TRANSPORT: "http", WEB_CONCURRENCY: "1" } }));
    const two = processes > 1 ? await up(startServer({ db, env: { WEB_CONCURRENCY: String(processes) } })) : null;
    const twoPage = two && (await vaPage(kit, two));
    const pages = [
      { key: "now", label: "page, gateway in-process", server, page },
      { key: "http", label: "page, gateway over loopback HTTP", server: http, page: await vaPage(kit, http) },
      ...(filed ? [{ key: "filed", label: `page, ${label}`, server: filed.server, page: filed.page }] : []),
      ...(two ? [{ key: "two", label: `page, ${processes} processes in-process`, server: two, page: twoPage }] : []),
      {
        key: "floor",
        label: "floor, the home page (no gateway call)",
        server,
        page: { url: `${server.baseUrl}/`, cookie: "" },
      },
      {
        key: "nextFloor",
        label: "Next's own floor, its 404 page (no proxy, no gateway call)",
        server,
        page: { url: `${server.baseUrl}/bench-no-such-page`, cookie: "", status: 404 },
      },
    ];
    const m = await inTurns(pages, (p) => pageRenders(p.server, p.page, { seconds: 5 }));
    for (const p of pages) {
      const spread = m[p.key].rounds.map((r) => f(r.cpuMsPer, 1)).join(", ");
      log(
        `  ${p.label}: ${f(m[p.key].rps)} pages/s, p99 ${f(m[p.key].p99)} ms, ${f(m[p.key].cpuMsPer, 2)} ms CPU per render (rounds ${spread})`,
      );
    }

    const inquirers = [
      { key: "now", label: "this build", server },
      ...(filed ? [{ key: "filed", label, server: filed.server }] : []),
      ...(two ? [{ key: "two", label: `${processes} processes`, server: two }] : []),
    ];
    const inquiry = await inTurns(inquirers, (q) => inquiries(kit, q.server, { seconds: 5 }));
    for (const q of inquirers)
      log(
        `  signed Inquiry, ${q.label}: ${f(inquiry[q.key].rps)} req/s, p99 ${f(inquiry[q.key].p99)} ms, ${f(inquiry[q.key].cpuMsPer, 2)} ms CPU each`,
      );

    const ratio = (a, b) => (m[a] && m[b] ? m[a].rps / m[b].rps : NaN);
    log(
      `  pages/s ratios (same turns): in-process vs loopback HTTP ${f(ratio("now", "http"), 2)}×` +
        (filed ? `; vs ${label} ${f(ratio("now", "filed"), 2)}×` : "") +
        (two ? `; ${processes} processes vs 1 ${f(ratio("two", "now"), 2)}×` : "") +
        (two && filed ? `, vs ${label} ${f(ratio("two", "filed"), 2)}×` : ""),
    );
    summary.push(
      { db, figure: "page CPU ms/render (in-process)", value: m.now.cpuMsPer, digits: 2 },
      { db, figure: "page CPU ms/render (loopback HTTP)", value: m.http.cpuMsPer, digits: 2 },
      ...(filed ? [{ db, figure: `page CPU ms/render (${label})`, value: m.filed.cpuMsPer, digits: 2 }] : []),
      { db, figure: "floor CPU ms/render (home page)", value: m.floor.cpuMsPer, digits: 2 },
      { db, figure: "Next's floor CPU ms/render (its 404 page)", value: m.nextFloor.cpuMsPer, digits: 2 },
      { db, figure: "pages/s @16 (in-process)", value: m.now.rps },
      { db, figure: "pages/s @16 (loopback HTTP)", value: m.http.rps },
      { db, figure: "pages/s @16 (home page)", value: m.floor.rps },
      ...(filed
        ? [
            { db, figure: `pages/s @16 (${label})`, value: m.filed.rps },
            { db, figure: `pages/s, in-process vs ${label}`, value: ratio("now", "filed"), digits: 2 },
          ]
        : []),
      { db, figure: "Inquiry CPU ms/request", value: inquiry.now.cpuMsPer, digits: 2 },
      ...(filed ? [{ db, figure: `Inquiry CPU ms/request (${label})`, value: inquiry.filed.cpuMsPer, digits: 2 }] : []),
      ...(two
        ? [
            { db, figure: "pages/s, 2 vs 1 processes", value: ratio("two", "now"), digits: 2 },
            { db, figure: "Inquiry req/s, 2 vs 1 processes", value: inquiry.two.rps / inquiry.now.rps, digits: 2 },
            ...(filed
              ? [{ db, figure: `pages/s, 2 processes vs ${label}`, value: ratio("two", "filed"), digits: 2 }]
              : []),
          ]
        : []),
    );
    // Only the servers the streams need stay up for them.
    for (const s of [filed?.server, http]) if (s) await s.stop();

    log(`Waiting payers: ${LEVELS.join(", ")} event streams on ${processes} process${processes > 1 ? "es" : ""}…`);
    const target = two ?? server;
    const live = await benchWaitingPayers({
      kit,
      server: target,
      log,
      levels: LEVELS,
      page: twoPage ?? page,
      label: `${db}, ${processes} proc`,
    });
    liveRows.push(...live.rows);
    printLiveTable(log, live.rows);
  } finally {
    for (const s of servers) await s.stop();
  }
}

/**
 * The baseline's server with a link to render, or null (logged) when it does not start or
 * answer: the baseline is optional, the rest of the bench goes on without it.
 */
async function startFiled(baseline, kit, log, up) {
  let server;
  try {
    server = await up(baseline.start());
    return { server, page: await vaPage(kit, server) };
  } catch (err) {
    await server?.stop(); // not left idling through the rest of the section
    log(`  ${baseline.label} is left out: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
    return null;
  }
}
