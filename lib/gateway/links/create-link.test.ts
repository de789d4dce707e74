import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "@/tests/support/postgres";
import { linkRequest } from "@/tests/support/factories";
import { CreateLinkRequest } from "@/lib/contract/console";
import { createLogger } from "@/lib/log";
import { bootGateway, type Gateway } from "@/lib/server/boot";
import { createLinkFromRequest } from "./create-link";
import { getPartner, type Partner } from "@/lib/gateway/merchants/partners";

/** A random source that answers these byte strings in turn, then repeats the last. */
function scripted(...draws: number[][]): (size: number) => Uint8Array {
  let i = 0;
  return (size) => Uint8Array.from(draws[Math.min(i++, draws.length - 1)]!.slice(0, size));
}

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
}, 60_000);
afterAll(() => cluster?.stop());

// Both drivers: on PostgreSQL a unique violation would abort the transaction the retry runs in.
describe.each(["pglite", "postgres"] as const)("a generated link reference on %s", (kind) => {
  let gateway: Gateway;
  let merchant: Partner;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-create-link-"));
    const databaseUrl = kind === "postgres" ? await cluster.createDatabase(`c_${randomUUID().slice(0, 8)}`) : "";
    gateway = await bootGateway({
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, GATEWAY_MASTER_KEY: "" },
      log: createLogger("warn"),
    });
    merchant = (await getPartner(gateway.gw, gateway.credentials!.merchant.partnerId))!;
  }, 60_000);
  afterAll(async () => {
    await gateway?.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const body = () => {
    const { partnerReferenceNo: _ref, trxId: _trx, ...rest } = linkRequest();
    return CreateLinkRequest.parse(rest);
  };
  const create = (draw: (size: number) => Uint8Array) =>
    gateway.gw.db.transaction((tx) => createLinkFromRequest(gateway.gw, tx, merchant, body(), draw));

  it("is drawn again when it clashes with a link of the same merchant, and the create succeeds", async () => {
    const taken = await create(scripted([0, 0, 0, 0, 0, 0]));
    expect(taken.link.partnerReferenceNo).toMatch(/^INV-\d{8}-222222$/);

    // The generator's next draw is the taken reference; the one after is free.
    const view = await create(scripted([0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1]));
    expect(view.link.partnerReferenceNo).toMatch(/^INV-\d{8}-333333$/);
    expect(view.link.trxId).toBe(view.link.partnerReferenceNo);
    expect(view.link.id).not.toBe(taken.link.id);
  });

  it("still answers a conflict for a reference the caller chose", async () => {
    const chosen = { ...body(), partnerReferenceNo: `INV-${randomUUID()}` };
    const once = (tx: Parameters<Parameters<typeof gateway.gw.db.transaction>[0]>[0]) =>
      createLinkFromRequest(gateway.gw, tx, merchant, chosen);
    await gateway.gw.db.transaction(once);
    await expect(gateway.gw.db.transaction(once)).rejects.toMatchObject({ snapCase: "duplicatePartnerReference" });
  });
});
