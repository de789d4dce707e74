/**
 * What the benchmark needs from the TypeScript side, bundled by scripts/bench.mjs into
 * dist/bench-kit.mjs: the gateway's own signing functions (so requests are signed exactly
 * as a partner signs them), the throwaway PostgreSQL cluster of the tests, and the storage
 * ceiling of the Inquiry.
 */
import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type { Pool } from "pg";
import { observeStatements, runOnConnection, type Statement as HotStatement } from "@/lib/db/statements";
import { readThenRecord } from "@/lib/api/snap-route";
import { getPartner } from "@/lib/gateway/merchants/partners";
import { findLink } from "@/lib/gateway/links/payment-links";
import { createLogger } from "@/lib/log";
import { bootGateway } from "@/lib/server/boot";

export { hmacSign, rsaSign, serviceStringToSign, tokenStringToSign } from "@/lib/snap/signing";
export { formatJakarta } from "@/lib/contract/time";
export { benchNotifications } from "./notifications";
export { benchIntents } from "./intents";
export { benchConsole } from "./console";
export { benchRefunds } from "./refunds";
export { startCluster } from "@/tests/support/postgres";
export { freePort, startProductionServer } from "@/tests/support/production-server";
export { GatewayClient } from "@/lib/clients/gateway-client";
export { mintEventToken } from "@/lib/snap/event-token";
export { vaNotification } from "@/lib/snap/notifications";
export { simulateQrPayment } from "@/lib/clients/simulator";
export { IntentsClient } from "@/lib/clients/intents-client";
export { parseQris } from "@/lib/qris";

interface Statement {
  st: HotStatement;
  params: unknown[];
}

export interface CeilingResult {
  /** Inquiries whose storage work completed. */
  inquiries: number;
  seconds: number;
  rps: number;
  statements: string[];
}

/**
 * The Inquiry's storage work without HTTP: the statements it issues (captured from the real
 * code, then replayed on the raw driver with a fresh X-EXTERNAL-ID each time), as the wrapper
 * runs a read-only operation: the read, then the claim, each on its own with no transaction
 * (lib/api/snap-route.ts), from `concurrency` loops at once.
 * Partner and token lookups are left out: the server caches them in memory too.
 *
 * PGlite: a fresh data dir, seeded like a new server's. PostgreSQL: the server's own
 * database (`databaseUrl`, `dataDir` for its credentials), through a pool of the server's size.
 */
export async function inquiryCeiling(opts: {
  dataDir: string;
  databaseUrl?: string;
  durationMs: number;
  concurrency: number;
  poolMax?: number;
  /** The server's GATEWAY_MASTER_KEY, when sharing its database (a gateway with another key refuses it). */
  masterKey?: string;
}): Promise<CeilingResult> {
  if (opts.poolMax) process.env.PG_POOL_MAX = String(opts.poolMax);
  const { gw, database, credentials } = await bootGateway({
    env: {
      ...process.env,
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? "",
      GATEWAY_MASTER_KEY: opts.masterKey ?? "",
      LOG_LEVEL: "warn",
    },
    log: createLogger("warn"),
  });
  try {
    if (!credentials) throw new Error(`no sandbox credentials in ${opts.dataDir}`);
    const partner = (await getPartner(gw, credentials.merchant.partnerId))!; // cached, as in the server
    const linkId = credentials.demoLinks[1]!.paymentLinkId; // a link with a chosen method: the join finds a payment
    const raw = (database.db as unknown as { $client: PGlite | Pool }).$client;

    // Capture: the handler's own function, through the wrapper's own read-then-claim, with
    // every statement they issue recorded.
    const captured: Statement[] = [];
    const marker = randomUUID();
    observeStatements((st, params) => captured.push({ st, params }));
    try {
      await readThenRecord(gw, partner.id, marker, gw.now(), () =>
        findLink(gw, gw.db, partner, { paymentLinkId: linkId }),
      );
    } finally {
      observeStatements(null);
    }
    const steps = captured.map((s) => ({
      st: s.st,
      params: s.params,
      externalIdAt: s.params.indexOf(marker),
    }));
    if (!steps.some((s) => s.externalIdAt >= 0)) throw new Error("did not capture the X-EXTERNAL-ID insert");
    const paramsFor = (s: (typeof steps)[number], externalId: string) =>
      s.externalIdAt < 0 ? s.params : s.params.map((p, i) => (i === s.externalIdAt ? externalId : p));
    // Replayed through the server's own runner (named prepared statements, as the server runs
    // them), each statement on its own: on PGlite the database itself, on PostgreSQL the pool
    // (a connection per statement, as drizzle's node-postgres session takes one outside a
    // transaction).
    const runOnce = async () => {
      const id = randomUUID();
      for (const s of steps) await runOnConnection(raw, s.st, paramsFor(s, id));
    };

    for (let i = 0; i < 200; i++) await runOnce(); // warm-up
    let inquiries = 0;
    const started = performance.now();
    const until = started + opts.durationMs;
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (performance.now() < until) {
          await runOnce();
          inquiries++;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return { inquiries, seconds, rps: inquiries / seconds, statements: steps.map((s) => s.st.text) };
  } finally {
    await database.close();
  }
}
