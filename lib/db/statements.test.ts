import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Cluster } from "@/tests/support/postgres";
import { recordExternalId } from "@/lib/gateway/requests/external-ids";
import { getPartner, type Partner } from "@/lib/gateway/merchants/partners";
import { choosePaymentMethod, findLink } from "@/lib/gateway/links/payment-links";
import type { Gateway } from "@/lib/server/boot";
import { bootSeededGateway } from "@/tests/support/in-process-gateway";
import { SnapError } from "@/lib/snap/codes";
import { externalIds, paymentLinks, payments } from "./schema";
import { openDatabase, type Db } from "./client";
import { observeStatements } from "./statements";

/**
 * The hot statements must answer exactly what drizzle's query builder answers: same rows,
 * same types, on both drivers. Compared on the seeded demo links (no method, VA, QR).
 */
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
}, 60_000);
afterAll(() => cluster?.stop());

describe.each(["pglite", "postgres"] as const)("hot statements on %s", (kind) => {
  let gateway: Gateway;
  let merchant: Partner;
  let checkout: Partner;
  let dataDir: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ gateway, merchant, dataDir, close } = await bootSeededGateway(kind, cluster, "statements"));
    const checkoutId = (
      JSON.parse(fs.readFileSync(path.join(dataDir, "checkout-client.json"), "utf8")) as { partnerId: string }
    ).partnerId;
    checkout = (await getPartner(gateway.gw, checkoutId))!;
    // a paid-looking link too: timestamps and nullable columns filled
    const { gw } = gateway;
    const id = gateway.credentials!.demoLinks[1]!.paymentLinkId;
    await gw.db
      .update(paymentLinks)
      .set({ paidAt: new Date("2026-11-22T08:04:05.123Z"), language: "id", paymentMethods: ["va.bca"] })
      .where(eq(paymentLinks.id, id));
  }, 60_000);
  afterAll(() => close?.());

  async function viaDrizzle(id: string) {
    const [row] = await gateway.gw.db
      .select({ link: paymentLinks, payment: payments })
      .from(paymentLinks)
      .leftJoin(payments, eq(payments.id, paymentLinks.currentPaymentId))
      .where(and(eq(paymentLinks.id, id)))
      .limit(1);
    return row!;
  }

  it("findLink returns the same link and payment as drizzle, for every demo link and lookup", async () => {
    const { gw } = gateway;
    for (const demo of gateway.credentials!.demoLinks) {
      const expected = await viaDrizzle(demo.paymentLinkId);
      const byId = await gw.db.transaction((tx) => findLink(gw, tx, merchant, { paymentLinkId: demo.paymentLinkId }));
      const byRef = await gw.db.transaction((tx) =>
        findLink(gw, tx, merchant, { partnerReferenceNo: expected.link.partnerReferenceNo }),
      );
      const asCheckout = await gw.db.transaction((tx) =>
        findLink(gw, tx, checkout, { paymentLinkId: demo.paymentLinkId }),
      );
      const locked = await gw.db.transaction((tx) =>
        findLink(gw, tx, merchant, { paymentLinkId: demo.paymentLinkId }, { forUpdate: true }),
      );
      for (const view of [byId, byRef, asCheckout, locked]) {
        expect(view.link).toStrictEqual(expected.link);
        expect(view.payment).toStrictEqual(expected.payment);
      }
      expect(byId.link.expiresAt).toBeInstanceOf(Date);
      expect(typeof byId.link.totalMinor).toBe("number");
      expect(typeof byId.link.invoice.items[0]!.priceMinor).toBe("number");
    }
    const va = await viaDrizzle(gateway.credentials!.demoLinks[1]!.paymentLinkId);
    expect(va.payment).not.toBeNull();
    expect(va.link.paidAt).toEqual(new Date("2026-11-22T08:04:05.123Z"));
  });

  it("keeps the partner scope and the checkout rule", async () => {
    const { gw } = gateway;
    const ref = (await viaDrizzle(gateway.credentials!.demoLinks[0]!.paymentLinkId)).link.partnerReferenceNo;
    const notFound = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ snapCase: "transactionNotFound" });
    await notFound(gw.db.transaction((tx) => findLink(gw, tx, checkout, { partnerReferenceNo: ref })));
    await notFound(
      gw.db.transaction((tx) =>
        findLink(
          gw,
          tx,
          { ...merchant, id: randomUUID() },
          { paymentLinkId: gateway.credentials!.demoLinks[0]!.paymentLinkId },
        ),
      ),
    );
    await notFound(gw.db.transaction((tx) => findLink(gw, tx, merchant, { paymentLinkId: "no-such-link" })));
  });

  it("Pay still works through the FOR UPDATE lookup", async () => {
    const { gw } = gateway;
    const id = gateway.credentials!.demoLinks[0]!.paymentLinkId;
    const view = await gw.db.transaction((tx) =>
      choosePaymentMethod(gw, tx, merchant, { paymentLinkId: id }, { groupId: "qr", methodId: "qris" }),
    );
    expect(view.payment?.groupId).toBe("qr");
    expect((await viaDrizzle(id)).payment).toStrictEqual(view.payment);
  });

  it("each hot statement is prepared by name on the connection and used again from there", async () => {
    const { gw } = gateway;
    const id = gateway.credentials!.demoLinks[1]!.paymentLinkId;
    const expected = await viaDrizzle(id);
    // one transaction: one connection on PostgreSQL too, whose prepared statements these are
    const { first, second, prepared } = await gw.db.transaction(async (tx) => ({
      first: await findLink(gw, tx, merchant, { paymentLinkId: id }),
      second: await findLink(gw, tx, merchant, { paymentLinkId: id }),
      prepared: (
        (await tx.execute(
          sql`select name, statement from pg_prepared_statements where name like 'hot\_%'`,
        )) as unknown as {
          rows: unknown[];
        }
      ).rows,
    }));
    expect(first.link).toStrictEqual(expected.link);
    expect(second.payment).toStrictEqual(expected.payment);
    expect(prepared).toContainEqual({
      name: expect.stringMatching(/^hot_[0-9a-f]{24}$/),
      statement: expect.stringMatching(
        /^select "payment_links"\."id", .* where "payment_links"\."id" = \$1 limit \$2$/,
      ),
    });
  });

  it("a statement that fails leaves the connection ready, and its transaction rolled back", async () => {
    const { gw } = gateway;
    const id = randomUUID();
    const other = randomUUID();
    await gw.db.transaction((tx) => recordExternalId(tx, merchant.id, id, gw.now()));
    const failed = gw.db.transaction(async (tx) => {
      await recordExternalId(tx, merchant.id, other, gw.now());
      await recordExternalId(tx, merchant.id, id, gw.now()); // a duplicate: the transaction aborts
    });
    await expect(failed).rejects.toMatchObject({ snapCase: "conflict" });
    expect(await externalIdRows(other)).toEqual([]);
    // the next statement, in a transaction and outside one, runs as usual
    await gw.db.transaction((tx) => recordExternalId(tx, merchant.id, other, gw.now()));
    const view = await findLink(gw, gw.db, merchant, {
      paymentLinkId: gateway.credentials!.demoLinks[0]!.paymentLinkId,
    });
    expect(view.link.id).toBe(gateway.credentials!.demoLinks[0]!.paymentLinkId);
    expect(await externalIdRows(other)).toHaveLength(1);
  });

  it("outside a transaction, a statement waits for another request's open transaction instead of joining it", async () => {
    const { gw } = gateway;
    const rolledBack = randomUUID();
    const outside = randomUUID();
    let entered!: () => void;
    let release!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const gate = new Promise<void>((r) => (release = r));
    const open = gw.db
      .transaction(async (tx) => {
        await recordExternalId(tx, merchant.id, rolledBack, gw.now());
        entered();
        await gate;
        throw new Error("roll back");
      })
      .catch((err: unknown) => err);
    await inside;
    const alone = recordExternalId(gw.db, merchant.id, outside, gw.now());
    // a statement that joined the open transaction would have run by now and be rolled back with it
    await new Promise((r) => setTimeout(r, 100));
    release();
    expect(await open).toMatchObject({ message: "roll back" });
    await alone;
    expect(await externalIdRows(rolledBack)).toEqual([]);
    expect(await externalIdRows(outside)).toHaveLength(1);
  });

  it("many at once, inside one transaction and across many, each get their own rows", async () => {
    const { gw } = gateway;
    const links = gateway.credentials!.demoLinks.map((l) => l.paymentLinkId);
    const expected = new Map(await Promise.all(links.map(async (id) => [id, await viaDrizzle(id)] as const)));
    // each answer is the row its own request asked for, not another's
    const check = (view: Awaited<ReturnType<typeof findLink>>, i: number) => {
      expect(view.link.id).toBe(links[i % links.length]);
      expect(view.link).toStrictEqual(expected.get(view.link.id)!.link);
      expect(view.payment).toStrictEqual(expected.get(view.link.id)!.payment);
    };
    const ids = Array.from({ length: 20 }, () => randomUUID());
    // PGlite runs everything on its one connection, so statements of one transaction may
    // overlap there; node-postgres deprecates overlapping queries on a client, and nothing does it.
    if (kind === "pglite")
      await gw.db.transaction(async (tx) => {
        const views = await Promise.all(
          Array.from({ length: 30 }, (_, i) => findLink(gw, tx, merchant, { paymentLinkId: links[i % links.length]! })),
        );
        views.forEach(check);
      });
    const results = await Promise.all([
      ...ids.map((id, i) =>
        gw.db.transaction(async (tx) => {
          await recordExternalId(tx, merchant.id, id, gw.now());
          return findLink(gw, tx, checkout, { paymentLinkId: links[i % links.length]! });
        }),
      ),
      ...Array.from({ length: 20 }, (_, i) =>
        findLink(gw, gw.db, merchant, { paymentLinkId: links[i % links.length]! }),
      ),
    ]);
    results.forEach((view, k) => check(view, k % ids.length)); // both halves asked for links[i % n], i < 20
    for (const id of ids) expect(await externalIdRows(id)).toHaveLength(1);
  });

  const externalIdRows = (id: string) => recordedIds(gateway.gw.db, id);

  it("recordExternalId: once per partner and day, 409xx00 the second time, visible to observers", async () => {
    const { gw } = gateway;
    const seen: string[] = [];
    observeStatements((st) => seen.push(st.text));
    try {
      const id = randomUUID();
      await gw.db.transaction((tx) => recordExternalId(tx, merchant.id, id, gw.now()));
      const again = gw.db.transaction((tx) => recordExternalId(tx, merchant.id, id, gw.now()));
      await expect(again).rejects.toBeInstanceOf(SnapError);
      await expect(again).rejects.toMatchObject({ snapCase: "conflict" });
      await gw.db.transaction((tx) => recordExternalId(tx, checkout.id, id, gw.now())); // another partner
    } finally {
      observeStatements(null);
    }
    expect(seen.filter((s) => s.startsWith('insert into "external_ids"'))).toHaveLength(3);
  });
});

/** The X-EXTERNAL-ID rows recorded under `id` (a fresh UUID per test, so no partner filter is needed). */
function recordedIds(db: Db, id: string) {
  return db.select().from(externalIds).where(eq(externalIds.externalId, id));
}

describe("hot statements on PGlite's one connection", () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  const partnerId = "partner-of-this-test";
  const now = () => new Date();
  const rows = (id: string) => recordedIds(database.db, id);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-statements-lite-"));
    database = await openDatabase({ dataDir });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a database that has prepared nothing yet: first uses at once, in transactions and outside, all land", async () => {
    const prepared = await database.db.execute(sql`select name from pg_prepared_statements`);
    expect((prepared as unknown as { rows: unknown[] }).rows).toEqual([]);
    const inTx = Array.from({ length: 20 }, () => randomUUID());
    const alone = Array.from({ length: 20 }, () => randomUUID());
    await Promise.all([
      ...inTx.map((id) => database.db.transaction((tx) => recordExternalId(tx, partnerId, id, now()))),
      ...alone.map((id) => recordExternalId(database.db, partnerId, id, now())),
    ]);
    for (const id of [...inTx, ...alone]) expect(await rows(id)).toHaveLength(1);
  });

  it("a transaction that has ended takes no more statements", async () => {
    let kept: Parameters<Parameters<typeof database.db.transaction>[0]>[0] | null = null;
    await database.db.transaction(async (tx) => {
      kept = tx;
    });
    const late = randomUUID();
    await expect(recordExternalId(kept!, partnerId, late, now())).rejects.toThrow(/transaction is closed/);
    expect(await rows(late)).toEqual([]);
  });

  it("a closed database answers as closed", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-statements-closed-"));
    try {
      const closing = await openDatabase({ dataDir: dir });
      await recordExternalId(closing.db, partnerId, randomUUID(), now()); // prepared
      await closing.close();
      await expect(recordExternalId(closing.db, partnerId, randomUUID(), now())).rejects.toThrow(/closed/i);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Creating and migrating a new PGlite directory takes seconds on a busy 2-core machine.
  }, 120_000);

  it("a statement the connection has lost is prepared again on the next use", async () => {
    await recordExternalId(database.db, partnerId, randomUUID(), now()); // prepared
    await database.db.execute(sql`deallocate all`);
    await expect(recordExternalId(database.db, partnerId, randomUUID(), now())).rejects.toMatchObject({
      code: "26000",
    });
    const again = randomUUID();
    await recordExternalId(database.db, partnerId, again, now());
    expect(await rows(again)).toHaveLength(1);
  });
});
