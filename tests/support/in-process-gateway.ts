import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getPartner, type Partner } from "@/lib/gateway/merchants/partners";
import { createLogger } from "@/lib/log";
import { bootGateway, type Gateway } from "@/lib/server/boot";
import type { Cluster } from "./postgres";

/**
 * The gateway booted in this process on a seeded sandbox of its own, on PGlite or on a new
 * database of `cluster`: for the tests that call the domain directly, without a server.
 */
export async function bootSeededGateway(
  kind: "pglite" | "postgres",
  cluster: Cluster,
  prefix: string,
): Promise<{ gateway: Gateway; merchant: Partner; dataDir: string; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nusapay-${prefix}-`));
  const databaseUrl =
    kind === "postgres" ? await cluster.createDatabase(`${prefix[0]}_${randomUUID().slice(0, 8)}`) : "";
  const gateway = await bootGateway({
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, GATEWAY_MASTER_KEY: "" },
    log: createLogger("warn"),
  });
  const merchant = (await getPartner(gateway.gw, gateway.credentials!.merchant.partnerId))!;
  return {
    gateway,
    merchant,
    dataDir,
    async close() {
      await gateway.database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
