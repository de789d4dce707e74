import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "@/tests/support/postgres";
import { linkRequest } from "@/tests/support/factories";
import { CreateLinkRequest } from "@/lib/contract/console";
import type { Gateway } from "@/lib/server/boot";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { bootSeededGateway } from "@/tests/support/in-process-gateway";
import { createLinkFromRequest } from "./create-link";

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
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ gateway, merchant, close } = await bootSeededGateway(kind, cluster, "create-link"));
  }, 60_000);
  afterAll(() => close?.());

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
