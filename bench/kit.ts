/**
 * What the benchmark needs from the TypeScript side, bundled by scripts/bench.mjs into
 * dist/bench-kit.mjs: the gateway's own signing functions (so requests are signed exactly
 * as a partner signs them), the throwaway PostgreSQL cluster of the tests, and the storage
 * ceiling of the Inquiry.
 */
import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import * as schema from "../lib/db/schema";
import { recordExternalId } from "../lib/gateway/external-ids";
import { getPartner } from "../lib/gateway/partners";
import { findLink } from "../lib/gateway/payment-links";
import { createLogger } from "../lib/log";
import { bootGateway } from "../lib/server/boot";

export { hmacSign, rsaSign, serviceStringToSign, tokenStringToSign } from "../lib/snap/signing";
export { formatJakarta } from "../lib/snap/time";
export { freePort, startCluster } from "../tests/support/postgres";

interface Statement {
  sql: string;
  params: unknown[];
}

export interface CeilingResult {
  transactions: number;
  seconds: number;
  rps: number;
  statements: string[];
}

/**
 * The Inquiry's storage work without HTTP: the statements its handler issues (captured from
 * the real code through drizzle's logger, then replayed on the raw driver with a fresh
 * X-EXTERNAL-ID each time), in one transaction each, from `concurrency` loops at once.
 * Partner and token lookups are left out: the server caches them in memory too.
 *
 * PGlite: a fresh data dir, seeded like a new server's. PostgreSQL: the server's own
 * database (`databaseUrl`, `dataDir` for its credentials), through a pool of the server's size.
 */
export async function inquiryCeiling(opts: {
  kind: "pglite" | "postgres";
  dataDir: string;
  databaseUrl?: string;
  durationMs: number;
  concurrency: number;
  poolMax?: number;
}): Promise<CeilingResult> {
  if (opts.poolMax) process.env.PG_POOL_MAX = String(opts.poolMax);
  const { gw, database, credentials } = await bootGateway({
    env: { ...process.env, DATA_DIR: opts.dataDir, DATABASE_URL: opts.databaseUrl ?? "", LOG_LEVEL: "warn" },
    log: createLogger("warn"),
  });
  try {
    if (!credentials) throw new Error(`no sandbox credentials in ${opts.dataDir}`);
    const partner = (await getPartner(gw, credentials.merchant.partnerId))!; // cached, as in the server
    const linkId = credentials.demoLinks[1]!.paymentLinkId; // a link with a chosen method: the join finds a payment
    const raw = (database.db as unknown as { $client: PGlite | Pool }).$client;

    // Capture: the handler's own functions on a drizzle instance that records every statement.
    const captured: Statement[] = [];
    const logger = { logQuery: (sql: string, params: unknown[]) => captured.push({ sql, params }) };
    const recording =
      opts.kind === "pglite"
        ? (await import("drizzle-orm/pglite")).drizzle(raw as PGlite, { schema, logger })
        : (await import("drizzle-orm/node-postgres")).drizzle(raw as Pool, { schema, logger });
    const marker = randomUUID();
    const ctx = { ...gw, db: recording as unknown as typeof gw.db };
    await recording.transaction(async (tx) => {
      await recordExternalId(tx as never, partner.id, marker, gw.now());
      await findLink(ctx, tx as never, partner, { paymentLinkId: linkId });
    });
    const statements = captured.map((s) => ({ sql: s.sql, params: s.params, externalIdAt: s.params.indexOf(marker) }));
    if (!statements.some((s) => s.externalIdAt >= 0)) throw new Error("did not capture the X-EXTERNAL-ID insert");

    const paramsFor = (s: (typeof statements)[number], externalId: string) =>
      s.externalIdAt < 0 ? s.params : s.params.map((p, i) => (i === s.externalIdAt ? externalId : p));

    const runOnce: () => Promise<void> =
      opts.kind === "pglite"
        ? async () => {
            const id = randomUUID();
            // drizzle-orm/pglite runs a transaction through PGlite's transaction(): BEGIN/COMMIT inside.
            await (raw as PGlite).transaction(async (tx) => {
              for (const s of statements) await tx.query(s.sql, paramsFor(s, id), { rowMode: "array" });
            });
          }
        : async () => {
            const id = randomUUID();
            // drizzle-orm/node-postgres: a pooled client, then begin … commit (captured above).
            const client = await (raw as Pool).connect();
            try {
              for (const s of statements) await client.query({ text: s.sql, values: paramsFor(s, id), rowMode: "array" });
            } finally {
              client.release();
            }
          };

    for (let i = 0; i < 200; i++) await runOnce(); // warm-up
    let transactions = 0;
    const started = performance.now();
    const until = started + opts.durationMs;
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (performance.now() < until) {
          await runOnce();
          transactions++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return { transactions, seconds, rps: transactions / seconds, statements: statements.map((s) => s.sql) };
  } finally {
    await database.close();
  }
}
