import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { IntentsClient } from "@/lib/clients/intents-client";
import { V1ClientError } from "@/lib/clients/v1-answer";
import { openDatabase } from "@/lib/db/client";
import { confirmCardPayment, listSavedCards, removeSavedCard } from "@/lib/sdk";
import { linkRequest } from "@/tests/support/factories";
import { DB_KINDS, startServer, type RunningServer } from "@/tests/support/server";
import { snapError } from "@/tests/support/snap-error";

/**
 * Saved cards, every row of docs/contract.md §10 on PGlite and PostgreSQL: saving with
 * setupFutureUsage (at once and after 3-D Secure), listing, paying with a saved card and its
 * CVC, deleting for good, a link's customer at the hosted checkout, the two demo merchants kept
 * apart, an expired card, the per-address confirm limit; and, last, the whole database and the
 * server's output scanned for the card numbers in any form.
 */
const PAN = { ok: "4111111111111111", declined: "4000000000000002", threeDs: "4000000000003220" };
const CVC = "7391";
const YEAR = new Date().getFullYear() + 2;
const card = (number: string) => ({ number, expMonth: 12, expYear: YEAR, cvc: CVC, holderName: "Siti Rahmawati" });

async function v1Error(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (e instanceof V1ClientError) return { status: e.status, code: e.code, param: e.param };
    throw e;
  }
  throw new Error("expected a /v1 error");
}

/** A raw call: the status and JSON, for what the typed client cannot send. */
async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads any field of the answer
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** "4111111111111111" in any form: its digits run together or with spaces, dashes or dots between. */
function anyForm(pan: string): RegExp {
  return new RegExp(pan.split("").join("[\\s.-]*"));
}

describe.each(DB_KINDS)("saved cards on %s", (db) => {
  let srv: RunningServer;
  /** The two demo merchants' /v1 clients, and the hosted checkout's. */
  let a: IntentsClient;
  let b: IntentsClient;
  let checkoutIntents: IntentsClient;
  let checkout: GatewayClient;

  const connect = () => {
    const consoles = srv.credentials.console!;
    a = new IntentsClient(srv.baseUrl, consoles[0]!.secretKey!, srv.validator.fetch());
    b = new IntentsClient(srv.baseUrl, consoles[1]!.secretKey!, srv.validator.fetch());
    const own = JSON.parse(fs.readFileSync(path.join(srv.dataDir, "checkout-client.json"), "utf8")) as {
      secretKey: string;
    };
    checkoutIntents = new IntentsClient(srv.baseUrl, own.secretKey, srv.validator.fetch());
    checkout = new GatewayClient(srv.baseUrl, srv.checkout, srv.validator.fetch());
  };
  /** Everything the server wrote to its output, across restarts. */
  let earlierLogs = "";

  beforeAll(async () => {
    srv = await startServer({ db });
    connect();
  });
  afterAll(async () => {
    await srv?.stop();
  });

  /**
   * Run SQL on the server's database: beside the running server on PostgreSQL; on PGlite, which
   * one process holds, with the server stopped and started again on the same data dir.
   */
  async function withDatabase<T>(
    run: (q: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>,
    { restart = true } = {},
  ): Promise<T> {
    if (db === "pglite") {
      await srv.stop();
      earlierLogs += srv.logs();
    }
    const database = await openDatabase({ dataDir: srv.dataDir, databaseUrl: srv.databaseUrl });
    try {
      // Both drivers answer { rows }; the shared type does not say so.
      const rows = async (text: string) =>
        ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
      return await run(rows);
    } finally {
      await database.close();
      if (db === "pglite" && restart) {
        srv = await startServer({ db, dataDir: srv.dataDir });
        connect();
      }
    }
  }

  /** An intent of merchant A for `customerId`, paid with `number`, saving it. */
  async function saveCard(customerId: string, number = PAN.ok) {
    const i = await a.create({ amount: 20000, currency: "IDR", customerId, setupFutureUsage: "on_session" });
    const r = await confirmCardPayment({ clientSecret: i.clientSecret, card: card(number), baseUrl: srv.baseUrl });
    expect(r.status).toBe("succeeded");
    const done = await a.retrieve(i.id);
    expect(done.paymentMethod).toMatch(/^pm_[0-9a-f]{24}$/);
    return done.paymentMethod!;
  }

  /** Answer the sandbox 3-D Secure page of a `requires_action` confirm (made without a returnUrl). */
  async function answer3ds(redirectUrl: string, action: "approve" | "decline") {
    const url = new URL(redirectUrl.replace(srv.credentials.baseUrl, srv.baseUrl));
    const res = await fetch(`${srv.baseUrl}${url.pathname}`, {
      method: "POST",
      body: new URLSearchParams({ token: url.searchParams.get("token")!, action }),
      redirect: "manual",
    });
    expect(res.status).toBe(200); // no returnUrl: the page says it is finished
  }

  it("writes each demo merchant's secretKey into the console entries of a fresh sandbox's credentials", async () => {
    const consoles = srv.credentials.console!;
    expect(consoles).toHaveLength(2);
    expect(consoles[0]!.secretKey).toBe(srv.credentials.merchant.secretKey);
    expect(consoles[1]!.secretKey).toMatch(/^sk_test_/);
    expect(consoles[1]!.merchant).not.toBe(consoles[0]!.merchant);
    // Each key works, as its own merchant.
    expect(await b.listPaymentMethods("cus_nobody")).toEqual({ data: [] });
  });

  it('lists {"data":[]} for a customer with no saved card', async () => {
    expect(await a.listPaymentMethods("cus_none")).toEqual({ data: [] });
  });

  it("saves the card of an intent with customerId and setupFutureUsage when it succeeds, and nothing else", async () => {
    const customer = `cus_save_${db}`;
    const pm = await saveCard(customer);
    const { data } = await a.listPaymentMethods(customer);
    expect(data).toHaveLength(1);
    expect(Object.keys(data[0]!).sort()).toEqual(["brand", "createdAt", "expMonth", "expYear", "id", "last4"]);
    expect(data[0]).toMatchObject({ id: pm, brand: "visa", last4: "1111", expMonth: 12, expYear: YEAR });
    expect(Math.abs(Date.parse(data[0]!.createdAt) - Date.now())).toBeLessThan(120_000);
    // Without setupFutureUsage, or declined: nothing more is saved.
    const plain = await a.create({ amount: 20000, currency: "IDR", customerId: customer });
    expect(plain.setupFutureUsage).toBeNull();
    await confirmCardPayment({ clientSecret: plain.clientSecret, card: card(PAN.ok), baseUrl: srv.baseUrl });
    const declined = await a.create({
      amount: 20000,
      currency: "IDR",
      customerId: customer,
      setupFutureUsage: "on_session",
    });
    const r = await confirmCardPayment({
      clientSecret: declined.clientSecret,
      card: card(PAN.declined),
      baseUrl: srv.baseUrl,
    });
    expect(r).toMatchObject({ status: "failed", error: { code: "card_declined" } });
    expect((await a.listPaymentMethods(customer)).data.map((m) => m.id)).toEqual([pm]);
    // setupFutureUsage needs a customer to save for.
    expect(await v1Error(a.create({ amount: 20000, currency: "IDR", setupFutureUsage: "on_session" }))).toEqual({
      status: 400,
      code: "parameter_invalid",
      param: "setupFutureUsage",
    });
  });

  it("saves a 3-D Secure card once 3-D Secure succeeds, not before and not when it fails", async () => {
    const customer = `cus_3ds_${db}`;
    const start = async () => {
      const i = await a.create({
        amount: 20000,
        currency: "IDR",
        customerId: customer,
        setupFutureUsage: "on_session",
      });
      const r = await confirmCardPayment({
        clientSecret: i.clientSecret,
        card: card(PAN.threeDs),
        baseUrl: srv.baseUrl,
      });
      expect(r.status).toBe("requires_action");
      return { i, redirectUrl: (r as { redirectUrl: string }).redirectUrl };
    };
    const failed = await start();
    await answer3ds(failed.redirectUrl, "decline");
    const ok = await start();
    expect(await a.listPaymentMethods(customer)).toEqual({ data: [] }); // pending is not listed
    await answer3ds(ok.redirectUrl, "approve");
    const done = await a.retrieve(ok.i.id);
    expect(done.status).toBe("succeeded");
    expect((await a.listPaymentMethods(customer)).data).toEqual([
      expect.objectContaining({ id: done.paymentMethod, last4: "3220" }),
    ]);
    expect((await a.retrieve(failed.i.id)).paymentMethod).toBeNull();
  });

  it("pays with a saved card and its CVC only; cvc is required (400 naming cvc)", async () => {
    const customer = `cus_pay_${db}`;
    const pm = await saveCard(customer);
    const i = await a.create({ amount: 30000, currency: "IDR", customerId: customer });
    const url = `${srv.baseUrl}/v1/payment-intents/${i.id}/confirm`;
    expect(await call("POST", url, { clientSecret: i.clientSecret, paymentMethod: pm })).toMatchObject({
      status: 400,
      body: { error: { code: "parameter_missing", param: "cvc" } },
    });
    expect(await call("POST", url, { clientSecret: i.clientSecret, paymentMethod: pm, cvc: "12" })).toMatchObject({
      status: 400,
      body: { error: { code: "invalid_cvc", param: "cvc" } },
    });
    expect(
      await call("POST", url, { clientSecret: i.clientSecret, paymentMethod: pm, cvc: CVC, card: card(PAN.ok) }),
    ).toMatchObject({ status: 400, body: { error: { code: "parameter_invalid", param: "paymentMethod" } } });
    const r = await confirmCardPayment({
      clientSecret: i.clientSecret,
      paymentMethod: pm,
      cvc: CVC,
      baseUrl: srv.baseUrl,
    });
    expect(r).toMatchObject({ status: "succeeded", intent: { card: { last4: "1111" } } });
    expect(await a.retrieve(i.id)).toMatchObject({ status: "succeeded", paymentMethod: pm });
  });

  it("asks for 3-D Secure again when a saved 3-D Secure card pays", async () => {
    const customer = `cus_again_${db}`;
    const first = await a.create({
      amount: 20000,
      currency: "IDR",
      customerId: customer,
      setupFutureUsage: "on_session",
    });
    const r1 = await confirmCardPayment({
      clientSecret: first.clientSecret,
      card: card(PAN.threeDs),
      baseUrl: srv.baseUrl,
    });
    await answer3ds((r1 as { redirectUrl: string }).redirectUrl, "approve");
    const pm = (await a.retrieve(first.id)).paymentMethod!;
    const again = await a.create({ amount: 25000, currency: "IDR", customerId: customer });
    const r2 = await confirmCardPayment({
      clientSecret: again.clientSecret,
      paymentMethod: pm,
      cvc: CVC,
      baseUrl: srv.baseUrl,
    });
    expect(r2.status).toBe("requires_action");
    await answer3ds((r2 as { redirectUrl: string }).redirectUrl, "approve");
    expect(await a.retrieve(again.id)).toMatchObject({ status: "succeeded", paymentMethod: pm });
  });

  it("charges a saved card only for the customer that owns it (404 otherwise)", async () => {
    const pm = await saveCard(`cus_owner_${db}`);
    const other = await a.create({ amount: 20000, currency: "IDR", customerId: `cus_other_${db}` });
    const none = await a.create({ amount: 20000, currency: "IDR" });
    for (const i of [other, none]) {
      const r = await confirmCardPayment({
        clientSecret: i.clientSecret,
        paymentMethod: pm,
        cvc: CVC,
        baseUrl: srv.baseUrl,
      });
      expect(r).toMatchObject({ status: "failed", error: { code: "resource_missing", param: "paymentMethod" } });
      expect((await a.retrieve(i.id)).status).toBe("created");
    }
    for (const bad of ["pm_", "pm_zz", "x".repeat(100), "pm_000000000000000000000000"]) {
      const r = await call("POST", `${srv.baseUrl}/v1/payment-intents/${other.id}/confirm`, {
        clientSecret: other.clientSecret,
        paymentMethod: bad,
        cvc: CVC,
      });
      expect(r, bad).toMatchObject({ status: 404, body: { error: { code: "resource_missing" } } });
    }
  });

  it("keeps the two demo merchants apart: another merchant's customer, card or intent answers 404", async () => {
    const customer = `cus_shared_${db}`; // the same name at both merchants: two different customers
    const pm = await saveCard(customer);
    expect(await b.listPaymentMethods(customer)).toEqual({ data: [] });
    expect(await v1Error(b.deletePaymentMethod(customer, pm))).toEqual({
      status: 404,
      code: "resource_missing",
      param: "id",
    });
    const theirs = await b.create({ amount: 20000, currency: "IDR", customerId: customer });
    const r = await confirmCardPayment({
      clientSecret: theirs.clientSecret,
      paymentMethod: pm,
      cvc: CVC,
      baseUrl: srv.baseUrl,
    });
    expect(r).toMatchObject({ status: "failed", error: { code: "resource_missing" } });
    expect(
      await v1Error(b.retrieve((await a.create({ amount: 1000, currency: "IDR", customerId: customer })).id)),
    ).toMatchObject({
      status: 404,
    });
    // The hosted checkout's own key has no customers either.
    expect(await checkoutIntents.listPaymentMethods(customer)).toEqual({ data: [] });
    // …and A's card is still there, still A's.
    expect((await a.listPaymentMethods(customer)).data.map((m) => m.id)).toEqual([pm]);
  });

  it("deletes a card for good: 200 {id, deleted}, gone from the list, never charged again, a second delete 404", async () => {
    const customer = `cus_delete_${db}`;
    const pm = await saveCard(customer);
    expect(await a.deletePaymentMethod(customer, pm)).toEqual({ id: pm, deleted: true });
    expect(await a.listPaymentMethods(customer)).toEqual({ data: [] });
    const i = await a.create({ amount: 20000, currency: "IDR", customerId: customer });
    const r = await confirmCardPayment({
      clientSecret: i.clientSecret,
      paymentMethod: pm,
      cvc: CVC,
      baseUrl: srv.baseUrl,
    });
    expect(r).toMatchObject({ status: "failed", error: { code: "resource_missing", param: "paymentMethod" } });
    expect(await v1Error(a.deletePaymentMethod(customer, pm))).toMatchObject({ status: 404, code: "resource_missing" });
    const sealed = await withDatabase((q) =>
      q(`select sealed_number, status, deleted_at from payment_methods where id = '${pm}'`),
    );
    expect(sealed).toEqual([expect.objectContaining({ sealed_number: null, status: "deleted" })]);
    expect(sealed[0]!.deleted_at).not.toBeNull();
  });

  it("does not charge a saved card removed while its 3-D Secure page was open", async () => {
    const customer = `cus_race_${db}`;
    const first = await a.create({
      amount: 20000,
      currency: "IDR",
      customerId: customer,
      setupFutureUsage: "on_session",
    });
    const r1 = await confirmCardPayment({
      clientSecret: first.clientSecret,
      card: card(PAN.threeDs),
      baseUrl: srv.baseUrl,
    });
    await answer3ds((r1 as { redirectUrl: string }).redirectUrl, "approve");
    const pm = (await a.retrieve(first.id)).paymentMethod!;
    const i = await a.create({ amount: 20000, currency: "IDR", customerId: customer });
    const r2 = await confirmCardPayment({
      clientSecret: i.clientSecret,
      paymentMethod: pm,
      cvc: CVC,
      baseUrl: srv.baseUrl,
    });
    expect(r2.status).toBe("requires_action");
    await a.deletePaymentMethod(customer, pm);
    await answer3ds((r2 as { redirectUrl: string }).redirectUrl, "approve");
    expect(await a.retrieve(i.id)).toMatchObject({
      status: "failed",
      lastError: { code: "card_declined", declineCode: "payment_method_removed" },
    });
  });

  it("refuses path customer ids and card ids that cannot exist with 404, never a 5xx", async () => {
    const sk = { "X-Secret-Key": srv.credentials.merchant.secretKey };
    for (const p of ["%00", "%0A", "a%7Fb", "x".repeat(256)]) {
      const r = await call("GET", `${srv.baseUrl}/v1/customers/${p}/payment-methods`, undefined, sk);
      expect(r.status, p).toBe(404);
    }
    const r = await call("DELETE", `${srv.baseUrl}/v1/customers/c/payment-methods/%00`, undefined, sk);
    expect(r.status).toBe(404);
    expect((await call("GET", `${srv.baseUrl}/v1/customers/c/payment-methods`)).status).toBe(401);
  });

  describe("at a payment link's card step (additionalInfo.customerId)", () => {
    const customer = `cus_link_${db}`;

    /** A link awaiting a card, of 100 000 whole rupiah, for `customerId` (null: none). */
    async function cardLink(customerId: string | null = customer) {
      const { paymentLinkData: d } = await srv.merchant.createPaymentLink(
        linkRequest({
          additionalInfo: {
            itemDetails: [{ name: "Kopi", price: "45000.00", quantity: 2 }],
            customFees: [{ text: "Ongkir", value: "10000.00" }],
            ...(customerId === null ? {} : { customerId }),
          },
        }),
      );
      await checkout.payPaymentLink({
        additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId: "cc", methodId: "card" } },
      });
      return { id: d.paymentLinkId, total: 100000, data: d };
    }
    const intentFor = (link: { id: string; total: number }, extra: { setupFutureUsage?: "on_session" } = {}) =>
      checkoutIntents.create({ amount: link.total, currency: "IDR", metadata: { paymentLinkId: link.id }, ...extra });

    it("validates the link's customerId (≤ 64 characters) and shows it on the link", async () => {
      const link = await cardLink();
      expect(link.data.additionalInfo.customerId).toBe(customer);
      const inquiry = await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.id } });
      expect(inquiry.paymentLinkData.additionalInfo.customerId).toBe(customer);
      for (const bad of ["x".repeat(65), "", "a\nb"]) {
        const e = await snapError(srv.merchant.createPaymentLink(linkRequest({ additionalInfo: { customerId: bad } })));
        expect(e.status, JSON.stringify(bad)).toBe(400);
      }
      expect((await cardLink("y".repeat(64))).data.additionalInfo.customerId).toBe("y".repeat(64));
      const plain = await cardLink(null);
      expect(plain.data.additionalInfo).not.toHaveProperty("customerId");
    });

    it("gives the link's customer to the checkout's intent, saving only with consent", async () => {
      const link = await cardLink();
      const i = await intentFor(link);
      expect(i).toMatchObject({ customerId: customer, setupFutureUsage: null });
      // The checkout may not name another customer.
      expect(
        await v1Error(
          checkoutIntents.create({
            amount: link.total,
            currency: "IDR",
            customerId: "cus_someone_else",
            metadata: { paymentLinkId: link.id },
          }),
        ),
      ).toEqual({ status: 400, code: "parameter_invalid", param: "customerId" });
      // No box ticked: paid, nothing saved.
      await confirmCardPayment({ clientSecret: i.clientSecret, card: card(PAN.ok), baseUrl: srv.baseUrl });
      expect(await a.listPaymentMethods(customer)).toEqual({ data: [] });
      // Ticked at confirm (the SDK's setupFutureUsage), on the next link: saved for the link's customer.
      const next = await cardLink();
      const j = await intentFor(next);
      const r = await confirmCardPayment({
        clientSecret: j.clientSecret,
        card: card(PAN.ok),
        setupFutureUsage: "on_session",
        baseUrl: srv.baseUrl,
      });
      expect(r).toMatchObject({ status: "succeeded", intent: { setupFutureUsage: "on_session" } });
      expect((await a.listPaymentMethods(customer)).data).toHaveLength(1);
      // Ticked before the intent was made (create's setupFutureUsage) works too.
      const third = await cardLink();
      expect((await intentFor(third, { setupFutureUsage: "on_session" })).setupFutureUsage).toBe("on_session");
      // A link without a customer has nobody to save for.
      const anon = await cardLink(null);
      expect(await v1Error(intentFor(anon, { setupFutureUsage: "on_session" }))).toMatchObject({
        status: 400,
        param: "setupFutureUsage",
      });
    });

    it("lists and removes the customer's cards with the intent's client secret, and pays a link with one", async () => {
      const link = await cardLink();
      const i = await intentFor(link);
      const listed = await checkoutIntents.listPaymentMethodsForIntent(i.id, i.clientSecret);
      expect(listed).toEqual(await a.listPaymentMethods(customer));
      expect(listed.data.length).toBeGreaterThan(0);
      // The SDK reads the same, from a browser.
      const fromBrowser = await listSavedCards({ clientSecret: i.clientSecret, baseUrl: srv.baseUrl });
      expect(fromBrowser).toEqual({ ok: true, value: listed.data });
      // A wrong client secret, or another intent's, learns nothing.
      const anon = await intentFor(await cardLink(null));
      expect(await v1Error(checkoutIntents.listPaymentMethodsForIntent(i.id, anon.clientSecret))).toMatchObject({
        status: 404,
      });
      expect(await checkoutIntents.listPaymentMethodsForIntent(anon.id, anon.clientSecret)).toEqual({ data: [] });
      const pm = listed.data[0]!.id;
      const r = await confirmCardPayment({
        clientSecret: i.clientSecret,
        paymentMethod: pm,
        cvc: CVC,
        baseUrl: srv.baseUrl,
      });
      expect(r.status).toBe("succeeded");
      const paid = await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.id } });
      expect(paid.paymentLinkData).toMatchObject({
        paymentFlagStatus: "00",
        payment: { content: { name: "Visa", value: "•••• 1111" } },
      });
      // Removing: another customer's card is 404 through this intent; its own goes.
      const elsewhere = await saveCard(`cus_elsewhere_${db}`);
      const j = await intentFor(await cardLink());
      expect(
        await v1Error(checkoutIntents.deletePaymentMethodForIntent(j.id, elsewhere, j.clientSecret)),
      ).toMatchObject({
        status: 404,
        code: "resource_missing",
      });
      expect(await v1Error(checkoutIntents.deletePaymentMethodForIntent(anon.id, pm, anon.clientSecret))).toMatchObject(
        {
          status: 404,
        },
      );
      expect(await removeSavedCard({ clientSecret: j.clientSecret, paymentMethod: pm, baseUrl: srv.baseUrl })).toEqual({
        ok: true,
        value: { id: pm, deleted: true },
      });
      expect(await checkoutIntents.listPaymentMethodsForIntent(j.id, j.clientSecret)).toEqual({ data: [] });
      const r2 = await confirmCardPayment({
        clientSecret: j.clientSecret,
        paymentMethod: pm,
        cvc: CVC,
        baseUrl: srv.baseUrl,
      });
      expect(r2).toMatchObject({ status: "failed", error: { code: "resource_missing" } });
      // The browser may call these cross-origin.
      const pre = await fetch(`${srv.baseUrl}/v1/payment-intents/${j.id}/payment-methods/${pm}`, { method: "OPTIONS" });
      expect(pre.headers.get("access-control-allow-methods")).toContain("DELETE");
    });
  });

  it("refuses an expired saved card clearly (400 expired_card) and still lists it, expired", async () => {
    const customer = `cus_expired_${db}`;
    const pm = await saveCard(customer);
    await withDatabase((q) => q(`update payment_methods set exp_month = 1, exp_year = 2021 where id = '${pm}'`));
    const i = await a.create({ amount: 20000, currency: "IDR", customerId: customer });
    const r = await confirmCardPayment({
      clientSecret: i.clientSecret,
      paymentMethod: pm,
      cvc: CVC,
      baseUrl: srv.baseUrl,
    });
    expect(r).toMatchObject({ status: "failed", error: { code: "expired_card", param: "paymentMethod" } });
    expect((r as { error: { message: string } }).error.message).toContain("01/2021");
    expect((await a.retrieve(i.id)).status).toBe("created");
    expect((await a.listPaymentMethods(customer)).data).toEqual([
      expect.objectContaining({ id: pm, expMonth: 1, expYear: 2021 }),
    ]);
  });

  it("keeps no card number in any form in any text or JSON column, nor in the server's output", async () => {
    const logs = () => earlierLogs + srv.logs();
    const rows = await withDatabase(
      async (q) => {
        const columns = (await q(
          `select table_name, column_name from information_schema.columns
           where table_schema = 'public' and data_type in ('text', 'json', 'jsonb', 'character varying')`,
        )) as { table_name: string; column_name: string }[];
        const tables = new Set(columns.map((c) => c.table_name));
        expect(tables).toContain("payment_methods");
        expect(tables).toContain("payment_intents");
        const values: string[] = [];
        for (const c of columns) {
          const got = await q(`select "${c.column_name}"::text as v from "${c.table_name}"`);
          for (const row of got) if (row.v !== null) values.push(`${c.table_name}.${c.column_name}=${String(row.v)}`);
        }
        return values;
      },
      { restart: false },
    );
    await srv.stop();
    const dump = rows.join("\n");
    // The scan sees card data: last fours, masked numbers, and the sealed numbers of saved cards.
    expect(dump).toContain("payment_methods.last4=3220");
    expect(dump).toContain("•••• 1111");
    expect(dump).toMatch(/payment_methods\.sealed_number=v1\./);
    const output = logs();
    expect(output.length).toBeGreaterThan(0);
    for (const pan of Object.values(PAN)) {
      const form = anyForm(pan);
      expect(form.test(`card ${pan.replace(/(\d{4})/g, "$1 ")}`)).toBe(true); // the pattern does catch spaced digits
      expect(form.test(pan.replace(/(\d{4})(?=\d)/g, "$1-"))).toBe(true);
      expect(dump).not.toMatch(form);
      expect(output).not.toMatch(form);
    }
    if (db === "pglite") {
      // …and every byte PGlite wrote to disk, WAL included.
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      const disk = walk(path.join(srv.dataDir, "pglite"))
        .map((f) => fs.readFileSync(f).toString("latin1"))
        .join("\n");
      expect(disk).toContain("Rahmawati");
      for (const pan of Object.values(PAN)) expect(disk).not.toMatch(anyForm(pan));
    }
  });
});

describe.each(DB_KINDS)("saved-card confirms and the per-address limit on %s", (db) => {
  let srv: RunningServer;
  const WINDOW = 3600;

  beforeAll(async () => {
    srv = await startServer({ db, env: { RATE_LIMIT_CONFIRM: "3", RATE_LIMIT_WINDOW_SECONDS: String(WINDOW) } });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it("counts a confirm with a saved card like any confirm", async () => {
    // A fixed window aligned to the clock: start with time left in it (tests/api/edges.test.ts).
    const left = WINDOW * 1000 - (Date.now() % (WINDOW * 1000));
    if (left < 30_000) await new Promise((r) => setTimeout(r, left + 50));
    const a = new IntentsClient(srv.baseUrl, srv.credentials.merchant.secretKey, srv.validator.fetch());
    const first = await a.create({
      amount: 20000,
      currency: "IDR",
      customerId: "cus_limit",
      setupFutureUsage: "on_session",
    });
    expect(
      (await confirmCardPayment({ clientSecret: first.clientSecret, card: card(PAN.ok), baseUrl: srv.baseUrl })).status,
    ).toBe("succeeded"); // 1
    const pm = (await a.retrieve(first.id)).paymentMethod!;
    const i = await a.create({ amount: 20000, currency: "IDR", customerId: "cus_limit" });
    const url = `${srv.baseUrl}/v1/payment-intents/${i.id}/confirm`;
    expect((await call("POST", url, { clientSecret: i.clientSecret, paymentMethod: pm, cvc: "1" })).status).toBe(400); // 2
    expect((await call("POST", url, { clientSecret: i.clientSecret, paymentMethod: pm })).status).toBe(400); // 3
    const refused = await call("POST", url, { clientSecret: i.clientSecret, paymentMethod: pm, cvc: CVC }); // 4
    expect(refused).toMatchObject({ status: 429, body: { error: { code: "rate_limited" } } });
    expect((await a.retrieve(i.id)).status).toBe("created");
  });
});
