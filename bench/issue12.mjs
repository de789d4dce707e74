// Issue 12's sections of `npm run bench`, for one database:
//   1. today's figure: the pollStatus action that every waiting page sent once a second;
//   2. a checkout render and a signed Inquiry: req/s and server CPU ms per request, with the
//      checkout's clients calling the gateway in-process (now) and over loopback HTTP (before),
//      beside two floors: the home page, a dynamic page with one message and no gateway call,
//      through the same proxy, layout and Next renderer; and Next's own 404 page under a path
//      no route or proxy takes (the least any page view costs in Next); all four in turns,
//      median of rounds;
//   3. waiting payers on event streams (bench/live.mjs), on one process (PGlite) or two
//      processes sharing one PostgreSQL;
//   4. PostgreSQL only: 1 vs 2 server processes (WEB_CONCURRENCY), Inquiry and page renders.
import { benchWaitingPayers, f, inquiries, pageRenders, pct, pollStatusLoad, printLiveTable, vaPage } from "./live.mjs";

const LEVELS = (process.env.BENCH_LIVE_STREAMS ?? "1000,5000,10000").split(",").map(Number);
const ROUNDS = Number(process.env.BENCH_RENDER_ROUNDS ?? 5);

/** Each figure of several page-render rounds, by its median. */
const medianOf = (rounds) => {
  const median = (key) =>
    pct(
      rounds.map((r) => r[key]),
      50,
    );
  return { rps: median("rps"), p99: median("p99"), cpuMsPer: median("cpuMsPer") };
};

export async function benchIssue12({ kit, root, db, server, startServer, log, liveRows, summary }) {
  const page = await vaPage(kit, server);

  log("Today's figure: the pollStatus action (what each waiting page sent every second)…");
  for (const connections of [8, 32]) {
    const r = await pollStatusLoad(root, page, page.id, { connections, seconds: 10 });
    log(`  ${f(r.rps)} polls/s at ${connections} connections, p99 ${f(r.p99)} ms`);
    summary.push({ db, figure: `pollStatus polls/s @${connections}`, value: r.rps });
  }

  log(`Checkout render and signed Inquiry, CPU per request (16 connections, ${ROUNDS} rounds of each page)…`);
  // The VM's speed drifts by a third within minutes, so "now", "before" and the floor are
  // measured in turns, round after round, with both servers up, and each figure is the median.
  const httpServer = await startServer({ db, env: { CHECKOUT_TRANSPORT: "http", WEB_CONCURRENCY: "1" } });
  const rounds = { now: [], before: [], floor: [], nextFloor: [] };
  let inquiry;
  try {
    const beforePage = await vaPage(kit, httpServer);
    const homePage = { url: `${server.baseUrl}/`, cookie: "" };
    const nextNotFound = { url: `${server.baseUrl}/bench-no-such-page`, cookie: "", status: 404 };
    for (let i = 0; i < ROUNDS; i++) {
      rounds.now.push(await pageRenders(server, page, { seconds: 5 }));
      rounds.before.push(await pageRenders(httpServer, beforePage, { seconds: 5 }));
      rounds.floor.push(await pageRenders(server, homePage, { seconds: 5 }));
      rounds.nextFloor.push(await pageRenders(server, nextNotFound, { seconds: 5 }));
    }
    inquiry = await inquiries(kit, server);
  } finally {
    await httpServer.stop();
  }
  const now = { page: medianOf(rounds.now), inquiry };
  const before = { page: medianOf(rounds.before) };
  const floor = medianOf(rounds.floor);
  const nextFloor = medianOf(rounds.nextFloor);
  const spread = (key) => rounds[key].map((r) => f(r.cpuMsPer, 1)).join(", ");
  log(
    `  page, gateway in-process: ${f(now.page.rps)} pages/s, p99 ${f(now.page.p99)} ms, ${f(now.page.cpuMsPer, 2)} ms CPU per render (rounds ${spread("now")})`,
  );
  log(
    `  page, gateway over loopback HTTP (before): ${f(before.page.rps)} pages/s, p99 ${f(before.page.p99)} ms, ${f(before.page.cpuMsPer, 2)} ms CPU per render (rounds ${spread("before")})`,
  );
  log(
    `  floor, the home page (no gateway call): ${f(floor.rps)} pages/s, ${f(floor.cpuMsPer, 2)} ms CPU per render (rounds ${spread("floor")})`,
  );
  log(
    `  Next's own floor, its 404 page (no proxy, no gateway call): ${f(nextFloor.rps)} pages/s, ${f(nextFloor.cpuMsPer, 2)} ms CPU per render (rounds ${spread("nextFloor")})`,
  );
  log(
    `  pages/s ratio ${f(now.page.rps / before.page.rps, 2)}×; signed Inquiry ${f(now.inquiry.rps)} req/s, ${f(now.inquiry.cpuMsPer, 2)} ms CPU each`,
  );
  summary.push(
    { db, figure: "page CPU ms/render (in-process)", value: now.page.cpuMsPer, digits: 2 },
    { db, figure: "page CPU ms/render (HTTP, before)", value: before.page.cpuMsPer, digits: 2 },
    { db, figure: "floor CPU ms/render (home page)", value: floor.cpuMsPer, digits: 2 },
    { db, figure: "Next's floor CPU ms/render (its 404 page)", value: nextFloor.cpuMsPer, digits: 2 },
    { db, figure: "pages/s @16 (in-process)", value: now.page.rps },
    { db, figure: "pages/s @16 (HTTP, before)", value: before.page.rps },
    { db, figure: "Inquiry CPU ms/request", value: now.inquiry.cpuMsPer, digits: 2 },
  );

  const processes = db === "postgres" ? 2 : 1;
  log(`Waiting payers: ${LEVELS.join(", ")} event streams on ${processes} process${processes > 1 ? "es" : ""}…`);
  let target = server;
  if (processes > 1) target = await startServer({ db, env: { WEB_CONCURRENCY: String(processes) } });
  try {
    const targetPage = processes > 1 ? await vaPage(kit, target) : page;
    const live = await benchWaitingPayers({
      kit,
      server: target,
      log,
      levels: LEVELS,
      page: targetPage,
      label: `${db}, ${processes} proc`,
    });
    liveRows.push(...live.rows);
    printLiveTable(log, live.rows);

    if (processes > 1) {
      log("1 vs 2 server processes (16 connections)…");
      const two = { page: await pageRenders(target, targetPage), inquiry: await inquiries(kit, target) };
      log(
        `  Inquiry: ${f(now.inquiry.rps)} → ${f(two.inquiry.rps)} req/s (${f(two.inquiry.rps / now.inquiry.rps, 2)}×), p99 ${f(now.inquiry.p99)} → ${f(two.inquiry.p99)} ms`,
      );
      log(
        `  page:    ${f(now.page.rps)} → ${f(two.page.rps)} pages/s (${f(two.page.rps / now.page.rps, 2)}×), p99 ${f(now.page.p99)} → ${f(two.page.p99)} ms`,
      );
      log(
        `  pages/s, ${processes} processes in-process vs today's (1 process, loopback HTTP): ${f(two.page.rps / before.page.rps, 2)}×`,
      );
      summary.push(
        { db, figure: "pages/s, 2 processes vs 1 over HTTP (today)", value: two.page.rps / before.page.rps, digits: 2 },
        { db, figure: "Inquiry req/s, 2 vs 1 processes", value: two.inquiry.rps / now.inquiry.rps, digits: 2 },
        { db, figure: "pages/s, 2 vs 1 processes", value: two.page.rps / now.page.rps, digits: 2 },
      );
    }
  } finally {
    if (target !== server) await target.stop();
  }
}
