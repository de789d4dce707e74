// `npm run bench`: the gateway under load, on PGlite and then PostgreSQL.
//
// For each database: start the production server, run each section against it, stop it.
// Sections live in bench/ (one module each) and run in order:
//   1. bench/inquiry.mjs   Inquiry Payment Link over HTTP (autocannon) and its storage
//                          ceiling (the same SQL in-process), with their ratio
//   2. bench/notifications.ts  VA and wallet notifications settled/s and settlement → callback delay
//   3. bench/intents.ts    payment intent create + confirm pairs/s
//   4. bench/console.ts    the console: links page of 10,000 links, console create vs SNAP Create
//   4b. bench/refunds.ts   refunds/s through /v1 and SNAP, and 20 concurrent partial refunds of one
//                          payment through each: accepted, refused, held against what was paid
//   5. bench/checkout.mjs  when present: benchCheckout({ baseUrl, log, db, kit, server })
//   6. bench/issue12.mjs   pollStatus polls/s (before), CPU per render and per Inquiry,
//                          waiting payers on event streams, 1 vs 2 processes
// BENCH_ONLY=live runs section 6 alone, BENCH_ONLY=refunds section 4b alone (BENCH_REFUND_RACERS
// racers, default 20; BENCH_SECONDS bounds each throughput run); BENCH_LIVE_STREAMS=1000,5000,10000 sets its levels;
// BENCH_RENDER_ROUNDS=5 how many turns its render figures take (the median is printed).
// Figures are printed (and written to bench-results/), never asserted.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const log = (line = "") => process.stdout.write(`${line}\n`);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DATABASES = (process.env.BENCH_DB ?? "pglite,postgres").split(",");
const ONLY_LIVE = process.env.BENCH_ONLY === "live";
const ONLY_REFUNDS = process.env.BENCH_ONLY === "refunds";

if (!fs.existsSync(".next/BUILD_ID") || !fs.existsSync("dist/server.js")) {
  log("No production build yet: running `npm run build`…");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The TypeScript helpers (signing, the PostgreSQL cluster, the server's start, the storage ceiling), bundled.
const { loadKit } = await import("../bench/load-kit.mjs");
const kit = await loadKit(root);
const { benchInquiry, benchInquiryCeiling } = await import("../bench/inquiry.mjs");
const checkoutModule = fs.existsSync("bench/checkout.mjs") ? await import("../bench/checkout.mjs") : null;
const { benchIssue12 } = await import("../bench/issue12.mjs");
const { printLiveTable } = await import("../bench/live.mjs");
const { prepareBaseline } = await import("../bench/baseline.mjs");

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
log(
  `Nusapay bench — ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}, ${SECONDS} s × ${CONNECTIONS} connections`,
);
log(`load average at start: ${load()}`);

// Issue 12's "today's" figures: the code as it was when the issue was filed (bench/baseline.mjs).
const baseline = ONLY_REFUNDS ? null : prepareBaseline(root, log);

const rows = [];
const liveRows = [];
const summary = [];
let cluster = null;
try {
  const BENCH_LIMITS = {
    RATE_LIMIT_RPS: "1000000",
    RATE_LIMIT_CHECKOUT: "100000000",
    RATE_LIMIT_TOKEN: "100000000",
    RATE_LIMIT_CONFIRM: "100000000",
    RATE_LIMIT_CARD: "100000000",
  };
  for (const db of DATABASES) {
    log(`\n== ${db} ==`);
    let databaseUrl;
    if (db === "postgres") {
      cluster = await kit.startCluster();
      databaseUrl = await cluster.createDatabase(`bench_${Date.now()}`);
    }
    // The rate limits would cap the run (one load generator, one address): they stay on — every
    // request still pays for its count, in PostgreSQL too — with limits the bench cannot reach.
    // One process unless a section asks for more; stream caps far above the waiting payers.
    // Every server of one database shares its master key, as instances of one database must
    // (a server with another key refuses to start: SECURITY.md).
    const env = {
      ...BENCH_LIMITS,
      LOG_LEVEL: "warn",
      LIVE_STREAMS_MAX: "50000",
      LIVE_STREAMS_PER_ADDRESS: "50000",
      GATEWAY_MASTER_KEY: randomBytes(32).toString("base64"),
    };
    const server = await kit.startProductionServer({ databaseUrl, env });
    // Another server: on PostgreSQL an instance of the same database, so it shares the first one's
    // data dir (the credentials files the seeding start wrote there); on PGlite a database of its own.
    const another = (opts) =>
      kit.startProductionServer({
        databaseUrl,
        ...(databaseUrl ? { dataDir: server.dataDir } : {}),
        env: { ...env, ...opts.env },
      });
    // The baseline build (bench/baseline.mjs): on PostgreSQL a database of its own (its migrations are older).
    const filed = baseline && {
      ...baseline,
      start: async () =>
        kit.startProductionServer({
          root: baseline.root,
          databaseUrl: db === "postgres" ? await cluster.createDatabase(`bench_filed_${Date.now()}`) : undefined,
          env,
        }),
    };
    const issue12 = () =>
      benchIssue12({ kit, root, db, server, startServer: another, baseline: filed, log, liveRows, summary });
    try {
      if (ONLY_LIVE) {
        await issue12();
        continue;
      }
      const refunds = async () => {
        log("Refunds (issue 31)…");
        const r = await kit.benchRefunds({
          baseUrl: server.baseUrl,
          credentials: server.credentials,
          log: (l) => log(`  ${l}`),
          durationMs: SECONDS * 1000,
          racers: Number(process.env.BENCH_REFUND_RACERS ?? 20),
        });
        for (const row of r.rows) rows.push({ db, ...row });
        for (const race of r.races) {
          const refused = race.racers - (race.outcomes.accepted ?? 0);
          summary.push({
            db,
            figure: `refund race ${race.family}: accepted of ${race.racers}`,
            value: race.outcomes.accepted ?? 0,
          });
          summary.push({ db, figure: `refund race ${race.family}: refused`, value: refused });
          summary.push({
            db,
            figure: `refund race ${race.family}: held of Rp ${race.paidRupiah} paid`,
            value: Number(race.heldRupiah),
            digits: 2,
          });
        }
      };
      if (ONLY_REFUNDS) {
        await refunds();
        continue;
      }
      log("Inquiry Payment Link over HTTP…");
      const http = await benchInquiry({ kit, server, log, seconds: SECONDS, connections: CONNECTIONS });
      log(
        `  ${http.rps.toFixed(0)} req/s, p50 ${http.p50} ms, p99 ${http.p99} ms (${http.requests} requests, all 200)`,
      );
      log("Storage ceiling (same SQL, in-process, no HTTP)…");
      const ceiling = await benchInquiryCeiling({
        kit,
        db,
        server,
        masterKey: env.GATEWAY_MASTER_KEY,
        seconds: SECONDS,
        connections: CONNECTIONS,
      });
      log(`  ${ceiling.rps.toFixed(0)} Inquiries/s (${ceiling.statements.length} statements each)`);
      const ratio = http.rps / ceiling.rps;
      log(`inquiry/ceiling ratio: ${ratio.toFixed(2)}`);
      rows.push({ db, section: "inquiry", rps: http.rps, p50: http.p50, p99: http.p99, ceiling: ceiling.rps, ratio });

      log("Payment notifications (issue 4)…");
      await kit.benchNotifications({
        baseUrl: server.baseUrl,
        credentials: { ...server.credentials, checkout: server.checkout },
        log: (l) => log(`  ${l}`),
      });
      log("Payment intents (issue 5)…");
      await kit.benchIntents({
        baseUrl: server.baseUrl,
        credentials: server.credentials,
        log: (l) => log(`  ${l}`),
        durationMs: SECONDS * 1000,
      });

      log("Merchant console (issue 11)…");
      const consoleRows = await kit.benchConsole({
        baseUrl: server.baseUrl,
        credentials: server.credentials,
        log: (l) => log(`  ${l}`),
        links: Number(process.env.BENCH_CONSOLE_LINKS ?? 10_000),
      });
      for (const r of consoleRows) rows.push({ db, ...r });
      await refunds();

      if (checkoutModule?.benchCheckout) {
        log("Checkout…");
        const more = await checkoutModule.benchCheckout({
          baseUrl: server.baseUrl,
          log,
          db,
          kit,
          server,
          dataDir: server.dataDir,
        });
        if (Array.isArray(more)) for (const r of more) rows.push({ db, ...r });
      }
      log("Live events, renders and processes (issue 12)…");
      await issue12();
    } finally {
      const code = await server.stop();
      if (code !== 0) log(`  (server exited with ${code}; its log: ${server.logFile})`);
    }
  }
} finally {
  cluster?.stop();
}

const fmt = (v, digits = 0) => (typeof v === "number" ? v.toFixed(digits) : (v ?? ""));
log("\n| database | section | req/s | p50 ms | p99 ms | ceiling req/s | ratio |");
log("|---|---|---:|---:|---:|---:|---:|");
for (const r of rows)
  log(
    `| ${r.db} | ${r.section} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.ceiling)} | ${fmt(r.ratio, 2)} |`,
  );
if (summary.length) {
  log("\n| database | figure | value |");
  log("|---|---|---:|");
  for (const s of summary) log(`| ${s.db} | ${s.figure} | ${fmt(s.value, s.digits ?? 0)} |`);
}
if (liveRows.length) printLiveTable(log, liveRows);
log(`\nload average at end: ${load()}`);

fs.mkdirSync("bench-results", { recursive: true });
const file = path.join("bench-results", `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
fs.writeFileSync(
  file,
  `${JSON.stringify({ at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, baseline: baseline && { commit: baseline.commit, label: baseline.label }, seconds: SECONDS, connections: CONNECTIONS, rows, summary, live: liveRows }, null, 2)}\n`,
);
log(`(written to ${file})`);
