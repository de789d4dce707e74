import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config";
import { openDatabase, type Database } from "@/lib/db/client";
import { callbackAttempts } from "@/lib/db/schema";
import type { GatewayContext } from "@/lib/gateway/context";
import { createPartner } from "@/lib/gateway/merchants/partners";
import { createVault, generateRsaKeyPair } from "@/lib/gateway/vault";
import { createLogger } from "@/lib/log";
import { enqueueCallbacks } from "./outbox";
import { CallbackWorker } from "./worker";

/**
 * The worker's own check, in process on PGlite: a delivery whose URL points into the
 * gateway's network (written before the check existed, or by a merchant record) is refused
 * in production without a connection being opened; the sandbox still reaches loopback.
 */
let database: Database;
let dataDir: string;
let listener: net.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-worker-"));
  database = await openDatabase({ dataDir });
  listener = net.createServer((socket) => {
    connections++;
    socket.on("error", () => {});
    socket.resume(); // read what the client sends, so its end closes the socket
    // A loopback service that would answer anything: its words must never come back.
    socket.end("HTTP/1.1 200 OK\r\nContent-Length: 19\r\nConnection: close\r\n\r\ninternal-admin-page");
  });
  await new Promise<void>((r) => listener.listen(0, "127.0.0.1", r));
  port = (listener.address() as net.AddressInfo).port;
}, 180_000);
afterAll(async () => {
  await database.close();
  await new Promise((r) => listener.close(r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const masterKey = randomBytes(32);
const gatewayKey = generateRsaKeyPair().privateKeyPem;

function context(mode: "sandbox" | "production"): GatewayContext {
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: "test",
    GATEWAY_MODE: mode,
    DATA_DIR: dataDir,
    GATEWAY_MASTER_KEY: masterKey.toString("base64"),
  };
  return {
    db: database.db,
    dbKind: "pglite",
    config: loadConfig(env),
    vault: createVault(masterKey, gatewayKey),
    log: createLogger("silent"),
    now: () => new Date(),
  };
}

async function deliverOnce(gw: GatewayContext, callbackBaseUrl: string) {
  const merchant = await createPartner(gw, gw.db, {
    kind: "merchant",
    name: "M",
    publicKeyPem: "unused",
    channelId: "95221",
  });
  const [id] = await enqueueCallbacks(gw.db, {
    partnerId: merchant.id,
    linkId: null,
    callbackBaseUrl,
    items: [{ kind: "link", body: { hello: 1 } }],
    now: new Date(),
  });
  const worker = new CallbackWorker(gw, {
    retrySchedule: [60],
    pollMs: 20,
    leaseMs: 10_000,
    timeoutMs: 2000,
    batchSize: 8,
  });
  worker.start();
  try {
    for (let i = 0; i < 200; i++) {
      const rows = await gw.db.select().from(callbackAttempts).where(eq(callbackAttempts.deliveryId, id!));
      if (rows.length > 0) return rows[0]!;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error("no attempt recorded");
  } finally {
    await worker.stop();
  }
}

// PGlite in a unit test is slow on a loaded machine: generous limits, nothing asserted on time.
describe("callback worker target check", { timeout: 30_000 }, () => {
  it.each([
    "http://[::ffff:7f00:1]:PORT",
    "http://[::ffff:127.0.0.1]:PORT",
    "http://2130706433:PORT",
    "http://localhost:PORT",
  ])("production refuses %s without connecting", async (form) => {
    const before = connections;
    const attempt = await deliverOnce(context("production"), form.replace("PORT", String(port)));
    expect(attempt.statusCode).toBeNull();
    expect(attempt.replyExcerpt).toBeNull();
    expect(attempt.error).toMatch(/^TargetRefused: .* (is not|does not resolve to) a public address$/);
    expect(connections).toBe(before);
  });

  it("the sandbox reaches a loopback receiver and keeps its reply", async () => {
    const before = connections;
    const attempt = await deliverOnce(context("sandbox"), `http://127.0.0.1:${port}`);
    expect(attempt).toMatchObject({ statusCode: 200, replyExcerpt: "internal-admin-page", error: null });
    expect(connections).toBe(before + 1);
  });
});
