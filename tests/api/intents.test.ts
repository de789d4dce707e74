import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { IntentsClient } from "@/lib/clients/intents-client";
import { V1ClientError } from "@/lib/clients/v1-answer";
import { confirmCardPayment } from "@/lib/sdk";
import { linkRequest } from "@/tests/support/factories";
import { startReceiver } from "@/tests/support/receiver";
import { DB_KINDS, startServer, type RunningServer } from "@/tests/support/server";
import { snapError } from "@/tests/support/snap-error";

// Answers are read loosely: a test asserts any nested field of the JSON it got back.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const PAN = { ok: "4111111111111111", declined: "4000000000000002", threeDs: "4000000000003220" };
const CVC = "7391";
/** Every string value on the server's JSON log lines (numbers and keys left out). */
function loggedStrings(output: string): string[] {
  const found: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === "string") found.push(v);
    else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
  };
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) {
      // Not a log line (a runtime message such as "Ready in 7391ms"): all of it counts but timings.
      found.push(line.replace(/\d+(\.\d+)?\s?ms\b/g, ""));
      continue;
    }
    try {
      walk(JSON.parse(line));
    } catch {
      found.push(line);
    }
  }
  return found;
}

const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: CVC,
  holderName: "Siti Rahmawati",
});

async function intentError(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (e instanceof V1ClientError) return { status: e.status, type: e.type, code: e.code, param: e.param };
    throw e;
  }
  throw new Error("expected an intents error");
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function send(method: string, url: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(url, {
    method,
    headers: { "Content-Type": "application/json", ...opts.headers },
    body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let json: Json | null = null;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    // an HTML page
  }
  return { status: res.status, text, body: json, type: res.headers.get("content-type") ?? "" };
}

describe.each(DB_KINDS)("payment intents and cards on %s", (db) => {
  let srv: RunningServer;
  let intents: IntentsClient;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let checkoutIntents: IntentsClient;
  let checkout: GatewayClient;

  beforeAll(async () => {
    receiver = await startReceiver(() => srv?.credentials.gatewayPublicKeyPem ?? null);
    srv = await startServer({ db, env: { SANDBOX_CALLBACK_BASE_URL: receiver.url, CALLBACK_POLL_MS: "100" } });
    intents = new IntentsClient(srv.baseUrl, srv.credentials.merchant.secretKey, srv.validator.fetch());
    const checkoutCreds = JSON.parse(fs.readFileSync(path.join(srv.dataDir, "checkout-client.json"), "utf8")) as {
      secretKey: string;
    };
    checkoutIntents = new IntentsClient(srv.baseUrl, checkoutCreds.secretKey, srv.validator.fetch());
    checkout = new GatewayClient(srv.baseUrl, srv.checkout, srv.validator.fetch());
  });
  afterAll(async () => {
    await srv.stop();
    await receiver.close();
  });

  it("creates an intent exactly as the interface shows it (docs/contract.md §12.7)", async () => {
    const i = await intents.create({
      amount: 150000,
      currency: "IDR",
      customerId: "cus_1",
      description: "Kopi",
      metadata: { Order_ID: "A-1", camelKey: "x", "dash-key": "y" },
    });
    expect(i.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(i.clientSecret).toMatch(new RegExp(`^pi_${i.id}_secret_[A-Za-z0-9_-]{22,}$`));
    expect(i.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    expect(Math.abs(Date.parse(i.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(i).toMatchObject({
      amount: 150000,
      currency: "IDR",
      status: "created",
      metadata: { Order_ID: "A-1", camelKey: "x", "dash-key": "y" },
    });
    expect(await intents.retrieve(i.id)).toEqual(i);
  });

  it.each([
    ["amount 0", { amount: 0, currency: "IDR" }, "amount"],
    ["a negative amount", { amount: -5, currency: "IDR" }, "amount"],
    ["a fractional amount", { amount: 1.5, currency: "IDR" }, "amount"],
    ["amount as a string", { amount: "100", currency: "IDR" }, "amount"],
    ["no amount", { currency: "IDR" }, "amount"],
    ["a currency other than IDR", { amount: 100, currency: "USD" }, "currency"],
    [
      "51 metadata keys",
      {
        amount: 100,
        currency: "IDR",
        metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])),
      },
      "metadata",
    ],
    ["a non-string metadata value", { amount: 100, currency: "IDR", metadata: { a: 1 } }, "metadata.a"],
  ])("refuses %s with a 400 naming the field", async (_, body, param) => {
    const res = await post(`${srv.baseUrl}/v1/payment-intents`, body, {
      "X-Secret-Key": srv.credentials.merchant.secretKey,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", param });
    expect(res.body.error.message.length).toBeGreaterThan(5);
  });

  it("refuses bad keys, bad JSON and oversized bodies", async () => {
    expect((await post(`${srv.baseUrl}/v1/payment-intents`, { amount: 1, currency: "IDR" })).status).toBe(401);
    const bad = await post(
      `${srv.baseUrl}/v1/payment-intents`,
      { amount: 1, currency: "IDR" },
      { "X-Secret-Key": "sk_test_nope" },
    );
    expect(bad).toMatchObject({ status: 401, body: { error: { type: "authentication_error" } } });
    expect(
      (
        await post(`${srv.baseUrl}/v1/payment-intents`, "{not json", {
          "X-Secret-Key": srv.credentials.merchant.secretKey,
        })
      ).status,
    ).toBe(400);
    const big = await post(
      `${srv.baseUrl}/v1/payment-intents`,
      { amount: 1, currency: "IDR", description: "x".repeat(70_000) },
      { "X-Secret-Key": srv.credentials.merchant.secretKey },
    );
    expect(big.status).toBe(400);
    // bytes that are not UTF-8 are refused, not decoded into U+FFFD and stored
    const latin1 = Buffer.concat([
      Buffer.from('{"amount":1,"currency":"IDR","description":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}'),
    ]);
    const notUtf8 = await fetch(`${srv.baseUrl}/v1/payment-intents`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Secret-Key": srv.credentials.merchant.secretKey },
      body: latin1,
    });
    expect(notUtf8.status).toBe(400);
    expect(((await notUtf8.json()) as { error: { code: string } }).error.code).toBe("invalid_json");
    expect(await intentError(intents.retrieve("00000000-0000-4000-8000-000000000000"))).toMatchObject({
      status: 404,
      code: "resource_missing",
    });
  });

  it("replays an Idempotency-Key for the same body and refuses it for another", async () => {
    const key = `idem-${Date.now()}`;
    const a = await intents.create({ amount: 5000, currency: "IDR" }, { idempotencyKey: key });
    const b = await intents.create({ amount: 5000, currency: "IDR" }, { idempotencyKey: key });
    expect(b).toEqual(a);
    expect(await intentError(intents.create({ amount: 5001, currency: "IDR" }, { idempotencyKey: key }))).toMatchObject(
      { status: 409 },
    );
  });

  it("creates one intent from 50 concurrent requests with one Idempotency-Key", async () => {
    const key = `race-${Date.now()}`;
    const all = await Promise.all(
      Array.from({ length: 50 }, () =>
        intents.create({ amount: 7000, currency: "IDR", metadata: { race: "1" } }, { idempotencyKey: key }),
      ),
    );
    expect(new Set(all.map((i) => i.id)).size).toBe(1);
    const list = await srv.merchant.transactionList({ method: "cc", pageSize: 100 });
    expect(list.detailData.filter((t) => t.referenceNo === all[0]!.id)).toHaveLength(1);
  });

  it("confirms the success card through the SDK, and only once", async () => {
    const i = await intents.create({ amount: 25000, currency: "IDR" });
    const r = await confirmCardPayment({
      clientSecret: i.clientSecret,
      card: card(`4111 1111 1111 1111`),
      baseUrl: srv.baseUrl,
    });
    expect(r.status).toBe("succeeded");
    const after = await intents.retrieve(i.id);
    expect(after).toMatchObject({
      status: "succeeded",
      card: { brand: "visa", last4: "1111", expMonth: 12 },
      lastError: null,
    });
    const again = await post(`${srv.baseUrl}/v1/payment-intents/${i.id}/confirm`, {
      clientSecret: i.clientSecret,
      card: card(PAN.ok),
    });
    expect(again.status).toBe(409);
    expect(await intentError(intents.cancel(i.id))).toMatchObject({ status: 409 });
  });

  it("answers 402 card_declined for the declined card and keeps the reason on the intent", async () => {
    const i = await intents.create({ amount: 25000, currency: "IDR" });
    const res = await post(`${srv.baseUrl}/v1/payment-intents/${i.id}/confirm`, {
      clientSecret: i.clientSecret,
      card: card(PAN.declined),
    });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ type: "card_error", code: "card_declined", param: null });
    expect(await intents.retrieve(i.id)).toMatchObject({
      status: "failed",
      lastError: { type: "card_error", code: "card_declined" },
    });
  });

  it.each([
    ["a number failing Luhn", { ...card("4111111111111112") }, "invalid_number", "card.number"],
    ["a valid card that is not a test card", card("5555555555554444"), "test_card_required", "card.number"],
    ["an expired card", { ...card(PAN.ok), expYear: 2020 }, "expired_card", "card.expYear"],
    ["month 13", { ...card(PAN.ok), expMonth: 13 }, "invalid_expiry_month", "card.expMonth"],
    ["a two-digit CVC", { ...card(PAN.ok), cvc: "12" }, "invalid_cvc", "card.cvc"],
  ])("refuses %s with a clear 400", async (_, c, code, param) => {
    const i = await intents.create({ amount: 1000, currency: "IDR" });
    const res = await post(`${srv.baseUrl}/v1/payment-intents/${i.id}/confirm`, {
      clientSecret: i.clientSecret,
      card: c,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code, param });
    expect((await intents.retrieve(i.id)).status).toBe("created");
  });

  it("hides an intent behind its client secret", async () => {
    const i = await intents.create({ amount: 1000, currency: "IDR" });
    const wrong = await post(`${srv.baseUrl}/v1/payment-intents/${i.id}/confirm`, {
      clientSecret: `pi_${i.id}_secret_wrongwrongwrongwrongwr`,
      card: card(PAN.ok),
    });
    expect(wrong.status).toBe(404);
  });

  it.each([
    ["approve", "succeeded"],
    ["decline", "failed"],
  ])("runs 3-D Secure: %s → %s, back to the return URL", async (action, status) => {
    const i = await intents.create({ amount: 30000, currency: "IDR" });
    const r = await confirmCardPayment({
      clientSecret: i.clientSecret,
      card: card(PAN.threeDs),
      baseUrl: srv.baseUrl,
      returnUrl: "https://merchant.example/return?x=1",
    });
    expect(r.status).toBe("requires_action");
    const redirectUrl = (r as { redirectUrl: string }).redirectUrl.replace(srv.credentials.baseUrl, srv.baseUrl);
    const pageRes = await fetch(redirectUrl);
    expect(pageRes.status).toBe(200);
    const html = await pageRes.text();
    expect(html).toContain("Approve");
    expect(html).not.toContain(PAN.threeDs);
    const token = new URL(redirectUrl).searchParams.get("token")!;
    const done = await fetch(`${srv.baseUrl}/v1/payment-intents/${i.id}/3ds`, {
      method: "POST",
      body: new URLSearchParams({ token, action }),
      redirect: "manual",
    });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get("location")!);
    expect(back.origin + back.pathname).toBe("https://merchant.example/return");
    expect(back.searchParams.get("status")).toBe(status);
    expect((await intents.retrieve(i.id)).status).toBe(status);
    const forged = await fetch(`${srv.baseUrl}/v1/payment-intents/${i.id}/3ds`, {
      method: "POST",
      body: new URLSearchParams({ token: "forged", action: "approve" }),
      redirect: "manual",
    });
    expect(forged.status).toBe(404);
  });

  async function cardLink() {
    const { paymentLinkData: d } = await srv.merchant.createPaymentLink(
      linkRequest({
        additionalInfo: {
          itemDetails: [{ name: "Kopi", price: "45000.00", quantity: 2 }],
          customFees: [{ text: "Ongkir", value: "10000.00" }],
        },
      }),
    );
    const chosen = await checkout.payPaymentLink({
      additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId: "cc", methodId: "card" } },
    });
    return { id: d.paymentLinkId, chosen: chosen.paymentLinkData };
  }

  it("pays a link by card: checkout intent, SDK confirm, masked card on the link, merchant notified", async () => {
    const link = await cardLink();
    expect(link.chosen.payment).toEqual({ type: "cc", bank: "card", content: { name: "", value: "" } });
    expect(
      await intentError(
        checkoutIntents.create({ amount: 99999, currency: "IDR", metadata: { paymentLinkId: link.id } }),
      ),
    ).toMatchObject({ status: 400, code: "amount_mismatch" });
    expect(await intentError(checkoutIntents.create({ amount: 100000, currency: "IDR" }))).toMatchObject({
      status: 400,
    });
    const i = await checkoutIntents.create({ amount: 100000, currency: "IDR", metadata: { paymentLinkId: link.id } });
    expect(
      await confirmCardPayment({ clientSecret: i.clientSecret, card: card(PAN.ok), baseUrl: srv.baseUrl }),
    ).toMatchObject({ status: "succeeded" });
    const after = (await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.id } }))
      .paymentLinkData;
    expect(after.paymentFlagStatus).toBe("00");
    expect(after.payment).toEqual({ type: "cc", bank: "card", content: { name: "Visa", value: "•••• 1111" } });
    const got = await receiver.waitFor((all) => all.some((r) => r.json.paymentLinkId === link.id));
    expect(got.find((r) => r.json.paymentLinkId === link.id)!).toMatchObject({
      signatureValid: true,
      json: { paymentFlagStatus: "00", payment: after.payment },
    });
  });

  it("rejects a link on a declined card and lets the payer choose again", async () => {
    const link = await cardLink();
    const i = await checkoutIntents.create({ amount: 100000, currency: "IDR", metadata: { paymentLinkId: link.id } });
    expect(
      await confirmCardPayment({ clientSecret: i.clientSecret, card: card(PAN.declined), baseUrl: srv.baseUrl }),
    ).toMatchObject({ status: "failed", error: { code: "card_declined" } });
    const after = (await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.id } }))
      .paymentLinkData;
    expect(after.paymentFlagStatus).toBe("01");
    expect(after.payment.content).toEqual({ name: "Visa", value: "•••• 0002" });
    expect(
      await intentError(
        checkoutIntents.create({ amount: 100000, currency: "IDR", metadata: { paymentLinkId: link.id } }),
      ),
    ).toMatchObject({ status: 409, code: "payment_link_not_awaiting_card" });
    const retry = await checkout.payPaymentLink({
      additionalInfo: { paymentLinkId: link.id, paymentMethod: { groupId: "qr", methodId: "qris" } },
    });
    expect(retry.paymentLinkData.paymentFlagStatus).toBe("02");
  });

  it("keeps a link paid when a stale 3-D Secure decline of its other intent arrives", async () => {
    const link = await cardLink();
    // Intent A waits on 3-D Secure; meanwhile intent B pays the link with another card.
    const a = await checkoutIntents.create({ amount: 100000, currency: "IDR", metadata: { paymentLinkId: link.id } });
    const challenge = await confirmCardPayment({
      clientSecret: a.clientSecret,
      card: card(PAN.threeDs),
      baseUrl: srv.baseUrl,
    });
    expect(challenge.status).toBe("requires_action");
    const b = await checkoutIntents.create({ amount: 100000, currency: "IDR", metadata: { paymentLinkId: link.id } });
    expect(
      await confirmCardPayment({ clientSecret: b.clientSecret, card: card(PAN.ok), baseUrl: srv.baseUrl }),
    ).toMatchObject({ status: "succeeded" });
    const paid = (await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.id } }))
      .paymentLinkData;
    expect(paid.paymentFlagStatus).toBe("00");

    const token = new URL((challenge as { redirectUrl: string }).redirectUrl).searchParams.get("token")!;
    const declined = await fetch(`${srv.baseUrl}/v1/payment-intents/${a.id}/3ds`, {
      method: "POST",
      body: new URLSearchParams({ token, action: "decline" }),
      redirect: "manual",
    });
    expect(declined.status).toBeLessThan(500);
    expect((await intents.retrieve(a.id)).status).toBe("failed");
    // The link, its payment and the transaction list still tell B's success.
    const after = (await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.id } }))
      .paymentLinkData;
    expect(after.paymentFlagStatus).toBe("00");
    expect(after.payment).toEqual(paid.payment);
    const list = await srv.merchant.transactionList({ method: "cc", pageSize: 100 });
    const row = list.detailData.find((t) => t.partnerReferenceNo === paid.partnerReferenceNo);
    expect(row?.status).toBe("00");
  });

  it("pays through SNAP Card Pay and the card redirect, back to PAY_RETURN", async () => {
    const ref = `CARD-${Date.now()}-${db}`;
    const res = await srv.merchant.cardPay({
      partnerReferenceNo: ref,
      amount: { value: "75000.00", currency: "IDR" },
      urlParams: [{ url: "https://merchant.example/card-return", type: "PAY_RETURN", isDeeplink: "N" }],
    });
    expect(res).toMatchObject({ responseCode: "2005400", partnerReferenceNo: ref });
    expect(res.webRedirectUrl).toBe(`${srv.credentials.baseUrl}/v1.0/debit/redirect/${res.referenceNo}`);
    const hosted = await fetch(`${srv.baseUrl}/v1.0/debit/redirect/${res.referenceNo}`, { redirect: "manual" });
    expect(hosted.status).toBe(200);
    const html = await hosted.text();
    expect(html).toContain('autocomplete="cc-number"');
    const secret = /"(pi_[^"]+)"/.exec(html)![1]!;
    expect(await confirmCardPayment({ clientSecret: secret, card: card(PAN.ok), baseUrl: srv.baseUrl })).toMatchObject({
      status: "succeeded",
    });
    const back = await fetch(`${srv.baseUrl}/v1.0/debit/redirect/${res.referenceNo}`, { redirect: "manual" });
    expect(back.status).toBe(302);
    const to = new URL(back.headers.get("location")!);
    expect(to.origin + to.pathname).toBe("https://merchant.example/card-return");
    expect(Object.fromEntries(to.searchParams)).toEqual({
      referenceNo: res.referenceNo,
      partnerReferenceNo: ref,
      latestTransactionStatus: "00",
    });
    expect(
      await snapError(
        srv.merchant.cardPay({
          partnerReferenceNo: ref,
          amount: { value: "1.00", currency: "IDR" },
          urlParams: [{ url: "https://m.example/r", type: "PAY_RETURN", isDeeplink: "N" }],
        }),
      ),
    ).toMatchObject({ status: 409, code: "4095401" });
    expect(
      await snapError(
        srv.merchant.cardPay({
          partnerReferenceNo: `${ref}-sen`,
          amount: { value: "1.50", currency: "IDR" },
          urlParams: [{ url: "https://m.example/r", type: "PAY_RETURN", isDeeplink: "N" }],
        }),
      ),
    ).toMatchObject({ status: 400, code: "4005401" });
    expect((await fetch(`${srv.baseUrl}/v1.0/debit/redirect/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it("speaks the payer's language on the 3-D Secure and hosted card pages, from the one catalogue", async () => {
    const i = await intents.create({ amount: 30000, currency: "IDR" });
    const r = await confirmCardPayment({ clientSecret: i.clientSecret, card: card(PAN.threeDs), baseUrl: srv.baseUrl });
    const challenge = (r as { redirectUrl: string }).redirectUrl.replace(srv.credentials.baseUrl, srv.baseUrl);
    const page = async (url: string, headers: Record<string, string> = {}) => (await fetch(url, { headers })).text();
    // ?lang=, then the checkout's language cookie, then Accept-Language; English when nothing decides.
    for (const html of [
      await page(`${challenge}&lang=id`),
      await page(challenge, { Cookie: "nusapay_lang=id" }),
      await page(challenge, { "Accept-Language": "id-ID,id;q=0.9" }),
    ]) {
      expect(html).toContain('lang="id"');
      expect(html).toContain("Konfirmasi pembayaran ini");
      expect(html).toContain("Setujui");
      expect(html).toMatch(/Visa •••• 3220 — <strong>Rp\s30\.000<\/strong>/);
    }
    expect(await page(challenge)).toContain("Confirm this payment");

    const ref = `CARD-LANG-${Date.now()}-${db}`;
    const pay = await srv.merchant.cardPay({
      partnerReferenceNo: ref,
      amount: { value: "75000.00", currency: "IDR" },
      urlParams: [{ url: "https://merchant.example/r", type: "PAY_RETURN", isDeeplink: "N" }],
    });
    // The intent behind Card Pay counts whole rupiah on the /v1 wire (docs/contract.md §3.2), as before.
    expect((await intents.retrieve(pay.referenceNo)).amount).toBe(75000);
    const hosted = await page(`${srv.baseUrl}/v1.0/debit/redirect/${pay.referenceNo}`, { Cookie: "nusapay_lang=id" });
    expect(hosted).toContain('lang="id"');
    expect(hosted).toContain("Nomor kartu");
    expect(hosted).toContain('placeholder="BB/TT"');
    expect(hosted).toMatch(/Bayar Rp\s75\.000/);
    expect(hosted).not.toContain("Card number");
    const missing = await fetch(`${srv.baseUrl}/v1.0/debit/redirect/00000000-0000-4000-8000-000000000000?lang=id`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Pembayaran tidak ditemukan");
  });

  it("lists and fetches every payment of the partner, with filters and paging", async () => {
    const all = await srv.merchant.transactionList({ pageSize: 100 });
    expect(all.responseCode).toBe("2001200");
    expect(all.totalCount).toBeGreaterThanOrEqual(all.detailData.length);
    expect(new Set(all.detailData.map((t) => t.method))).toEqual(new Set(["va", "qr", "cc"]));
    for (const t of all.detailData) {
      expect(t.amount.value).toMatch(/^\d+\.\d{2}$/);
      expect(["00", "01", "02", "03"]).toContain(t.status);
      expect(t.transactionDate).toMatch(/\+07:00$/);
      if (t.status === "00") expect(t.paidTime).toMatch(/\+07:00$/);
    }
    const paidCards = await srv.merchant.transactionList({ method: "cc", status: "00", pageSize: 100 });
    expect(paidCards.detailData.length).toBeGreaterThan(0);
    expect(paidCards.detailData.every((t) => t.method === "cc" && t.status === "00")).toBe(true);
    const page1 = await srv.merchant.transactionList({ pageSize: 2, pageNumber: 1 });
    const page2 = await srv.merchant.transactionList({ pageSize: 2, pageNumber: 2 });
    expect(page1.detailData).toHaveLength(2);
    expect(page1.totalCount).toBe(all.totalCount);
    expect(page2.detailData[0]!.referenceNo).not.toBe(page1.detailData[0]!.referenceNo);
    const future = await srv.merchant.transactionList({ fromDateTime: "2099-01-01T00:00:00+07:00" });
    expect(future).toMatchObject({ detailData: [], totalCount: 0 });
    expect(await snapError(srv.merchant.transactionList({ pageSize: 101 }))).toMatchObject({
      status: 400,
      code: "4001201",
    });
    const one = all.detailData.find((t) => t.method === "va")!;
    const detail = await srv.merchant.transactionDetail({ originalReferenceNo: one.referenceNo });
    expect(detail).toMatchObject({ responseCode: "2001300", ...one });
    const byRef = await srv.merchant.transactionDetail({ originalPartnerReferenceNo: one.partnerReferenceNo });
    expect(byRef.partnerReferenceNo).toBe(one.partnerReferenceNo);
    expect(await snapError(srv.merchant.transactionDetail({ originalReferenceNo: "nope" }))).toMatchObject({
      status: 404,
      code: "4041301",
    });
    expect(await snapError(srv.acquirer.transactionList({}))).toMatchObject({ status: 403, code: "4031201" });
  });

  describe("text PostgreSQL cannot store, and ids that cannot exist", () => {
    const sk = () => ({ "X-Secret-Key": srv.credentials.merchant.secretKey });
    it.each([
      ["U+0000 in description", { description: "a\u0000b" }, "description"],
      ["U+0000 in customerId", { customerId: "a\u0000b" }, "customerId"],
      ["U+0000 in a metadata value", { metadata: { k: "a\u0000b" } }, "metadata.k"],
      ["U+0000 in a metadata key", { metadata: { "a\u0000b": "v" } }, "metadata.ab"],
      ["a lone surrogate in a metadata value", { metadata: { k: "\ud800" } }, "metadata.k"],
    ])("refuses %s on create with a 400 naming the field", async (_, extra, param) => {
      const res = await send("POST", `${srv.baseUrl}/v1/payment-intents`, {
        body: { amount: 100, currency: "IDR", ...extra },
        headers: sk(),
      });
      expect(res.status).toBe(400);
      expect(res.body!.error).toMatchObject({ type: "invalid_request_error", code: "parameter_invalid", param });
    });

    it("refuses U+0000 in the card holder's name on confirm, leaving the intent as it was", async () => {
      const i = await intents.create({ amount: 1000, currency: "IDR" });
      const res = await send("POST", `${srv.baseUrl}/v1/payment-intents/${i.id}/confirm`, {
        body: { clientSecret: i.clientSecret, card: { ...card(PAN.ok), holderName: "a\u0000b" } },
      });
      expect(res.status).toBe(400);
      expect(res.body!.error).toMatchObject({
        type: "invalid_request_error",
        code: "parameter_invalid",
        param: "card.holderName",
      });
      expect((await intents.retrieve(i.id)).status).toBe("created");
    });

    it.each([
      ["GET", "/v1/payment-intents/%00"],
      ["GET", "/v1/payment-intents/a%00b"],
      ["GET", "/v1/payment-intents/not-a-uuid"],
      ["POST", "/v1/payment-intents/%00/cancel"],
      ["POST", "/v1/payment-intents/%00/confirm"],
      ["POST", "/v1/payment-intents/a%00b/confirm"],
    ])("answers %s %s with 404 resource_missing", async (method, p) => {
      const body = method === "POST" ? { clientSecret: "pi_x_secret_y", card: card(PAN.ok) } : undefined;
      const res = await send(method, `${srv.baseUrl}${p}`, { body, headers: sk() });
      expect(res.status).toBe(404);
      expect(res.body!.error).toMatchObject({ type: "invalid_request_error", code: "resource_missing" });
    });

    it("answers the 3-D Secure page of an id that cannot exist with its HTML 404", async () => {
      const get = await send("GET", `${srv.baseUrl}/v1/payment-intents/%00/3ds?token=%00`);
      expect(get.status).toBe(404);
      expect(get.type).toMatch(/^text\/html/);
      const post3ds = await fetch(`${srv.baseUrl}/v1/payment-intents/%00/3ds`, {
        method: "POST",
        body: new URLSearchParams({ token: "\u0000", action: "approve" }),
        redirect: "manual",
      });
      expect(post3ds.status).toBe(404);
      expect(post3ds.headers.get("content-type")).toMatch(/^text\/html/);
    });

    it("refuses a callback-deliveries linkId that is not a UUID", async () => {
      for (const linkId of ["%00", "a%00b", "nope"]) {
        const res = await send("GET", `${srv.baseUrl}/v1/callback-deliveries?linkId=${linkId}`, { headers: sk() });
        expect(res.status).toBe(400);
        expect(res.body!.error).toMatchObject({
          type: "invalid_request_error",
          code: "parameter_invalid",
          param: "linkId",
        });
      }
      // well-formed, but not one of this merchant's links: missing, like another merchant's
      const unknown = await send(
        "GET",
        `${srv.baseUrl}/v1/callback-deliveries?linkId=00000000-0000-4000-8000-000000000000`,
        { headers: sk() },
      );
      expect(unknown).toMatchObject({
        status: 404,
        body: { error: { type: "invalid_request_error", code: "resource_missing", param: "linkId" } },
      });
      expect((await fetch(`${srv.baseUrl}/openapi.json`)).status).toBe(200); // the query schema still documents
    });

    it("never answered any of these with a 500", () => {
      expect(srv.logs()).not.toContain("unexpected fault");
    });
  });

  describe("Idempotency-Key on cancel and confirm", () => {
    const sk = () => ({ "X-Secret-Key": srv.credentials.merchant.secretKey });
    const key = (name: string) => `${name}-${db}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

    it("replays a cancel", async () => {
      const i = await intents.create({ amount: 2000, currency: "IDR" });
      const k = key("cancel");
      const a = await send("POST", `${srv.baseUrl}/v1/payment-intents/${i.id}/cancel`, {
        headers: { ...sk(), "Idempotency-Key": k },
      });
      const b = await send("POST", `${srv.baseUrl}/v1/payment-intents/${i.id}/cancel`, {
        headers: { ...sk(), "Idempotency-Key": k },
      });
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ id: i.id, status: "canceled" });
      expect(b.status).toBe(200);
      expect(b.text).toBe(a.text);
      // Without the key, a second cancel is the usual 409.
      expect(await intentError(intents.cancel(i.id))).toMatchObject({
        status: 409,
        code: "payment_intent_unexpected_state",
      });
    });

    it.each([
      ["the success card", PAN.ok, 200, "succeeded"],
      ["the declined card", PAN.declined, 402, "failed"],
      ["the 3-D Secure card", PAN.threeDs, 200, "requires_action"],
    ])("replays a confirm with %s byte for byte, and runs the card once", async (_, pan, status, after) => {
      const i = await intents.create({ amount: 3000, currency: "IDR" });
      const k = key("confirm");
      const body = { clientSecret: i.clientSecret, card: card(pan) };
      const a = await send("POST", `${srv.baseUrl}/v1/payment-intents/${i.id}/confirm`, {
        body,
        headers: { "Idempotency-Key": k },
      });
      const b = await send("POST", `${srv.baseUrl}/v1/payment-intents/${i.id}/confirm`, {
        body,
        headers: { "Idempotency-Key": k },
      });
      expect(a.status).toBe(status);
      expect(b.status).toBe(a.status);
      expect(b.text).toBe(a.text);
      expect(b.body).toEqual(a.body);
      expect((await intents.retrieve(i.id)).status).toBe(after);
      // The card ran once: without the key the intent is past confirming.
      expect((await send("POST", `${srv.baseUrl}/v1/payment-intents/${i.id}/confirm`, { body })).status).toBe(409);
    });

    it("answers concurrent confirms with one key alike", async () => {
      const i = await intents.create({ amount: 3500, currency: "IDR" });
      const k = key("confirm-race");
      const body = { clientSecret: i.clientSecret, card: card(PAN.ok) };
      const all = await Promise.all(
        Array.from({ length: 8 }, () =>
          send("POST", `${srv.baseUrl}/v1/payment-intents/${i.id}/confirm`, {
            body,
            headers: { "Idempotency-Key": k },
          }),
        ),
      );
      expect(new Set(all.map((r) => `${r.status} ${r.text}`)).size).toBe(1);
      expect(all[0]!.body).toMatchObject({ id: i.id, status: "succeeded" });
    });

    it("does not keep a refused confirm: the corrected request runs", async () => {
      const i = await intents.create({ amount: 4000, currency: "IDR" });
      const k = key("confirm-fix");
      const bad = await send("POST", `${srv.baseUrl}/v1/payment-intents/${i.id}/confirm`, {
        body: { clientSecret: i.clientSecret, card: { ...card(PAN.ok), cvc: "1" } },
        headers: { "Idempotency-Key": k },
      });
      expect(bad.status).toBe(400);
      const good = await send("POST", `${srv.baseUrl}/v1/payment-intents/${i.id}/confirm`, {
        body: { clientSecret: i.clientSecret, card: card(PAN.ok) },
        headers: { "Idempotency-Key": k },
      });
      expect(good).toMatchObject({ status: 200, body: { status: "succeeded" } });
    });

    it("refuses a key reused on another path or intent with 409, like another body", async () => {
      const [a, b] = [
        await intents.create({ amount: 5000, currency: "IDR" }),
        await intents.create({ amount: 5000, currency: "IDR" }),
      ];
      const k = key("cross");
      const first = await send("POST", `${srv.baseUrl}/v1/payment-intents/${a.id}/cancel`, {
        headers: { ...sk(), "Idempotency-Key": k },
      });
      expect(first.status).toBe(200);
      const conflict = {
        status: 409,
        body: { error: { type: "idempotency_error", code: "idempotency_key_in_use", param: "Idempotency-Key" } },
      };
      // Same (empty) body, another intent.
      expect(
        await send("POST", `${srv.baseUrl}/v1/payment-intents/${b.id}/cancel`, {
          headers: { ...sk(), "Idempotency-Key": k },
        }),
      ).toMatchObject(conflict);
      expect((await intents.retrieve(b.id)).status).toBe("created");
      // Another operation.
      expect(
        await send("POST", `${srv.baseUrl}/v1/payment-intents`, {
          body: { amount: 5000, currency: "IDR" },
          headers: { ...sk(), "Idempotency-Key": k },
        }),
      ).toMatchObject(conflict);
      // A confirm shares the merchant's keys.
      expect(
        await send("POST", `${srv.baseUrl}/v1/payment-intents/${b.id}/confirm`, {
          body: { clientSecret: b.clientSecret, card: card(PAN.ok) },
          headers: { "Idempotency-Key": k },
        }),
      ).toMatchObject(conflict);
      expect((await intents.retrieve(b.id)).status).toBe("created");
      // And the other way round: a create's key on a cancel.
      const k2 = key("create-then-cancel");
      const created = await intents.create({ amount: 5000, currency: "IDR" }, { idempotencyKey: k2 });
      expect(
        await send("POST", `${srv.baseUrl}/v1/payment-intents/${created.id}/cancel`, {
          headers: { ...sk(), "Idempotency-Key": k2 },
        }),
      ).toMatchObject(conflict);
    });
  });

  it("never stores or logs a card number or CVC", async () => {
    const logs = srv.logs();
    for (const pan of Object.values(PAN)) expect(logs).not.toContain(pan);
    // The CVC is four digits, which a timing ("ms":7391.2) or an epoch time may contain by
    // chance: look for it as a value written, or under a cvc key, not as any four digits.
    expect(logs).not.toMatch(/cvc/i);
    // …and as a value of its own, not inside a random id: a UUID holds 7391 by chance, inside a
    // group (087391c8-…) or as a whole group between hyphens (7e6689ee-7391-4bb7-…).
    const asValue = new RegExp(`(^|[^0-9A-Za-z-])${CVC}($|[^0-9A-Za-z-])`);
    for (const id of [`08${CVC}c8-0000-4000-8000-000000000000`, `7e6689ee-${CVC}-4bb7-a88e-514a2d7b8aca`])
      expect(asValue.test(id), id).toBe(false);
    for (const leak of [CVC, `cvc ${CVC}`, `"${CVC}"`, `card 4111 1111 1111 1111 ${CVC}`])
      expect(asValue.test(leak), leak).toBe(true);
    expect(loggedStrings(logs).filter((v) => asValue.test(v))).toEqual([]);
    const tables = [
      "partners",
      "payment_links",
      "payments",
      "payment_intents",
      "virtual_accounts",
      "qr_codes",
      "inbound_notifications",
      "callback_deliveries",
      "callback_attempts",
      "idempotency_keys",
    ];
    let dump = "";
    if (db === "postgres") {
      const pg = await import("pg");
      const client = new pg.default.Client({ connectionString: srv.databaseUrl });
      await client.connect();
      for (const t of tables)
        dump += JSON.stringify((await client.query(`select row_to_json(x) as r from ${t} x`)).rows);
      await client.end();
      expect(dump).toContain("•••• 1111"); // the scan does see card data: the masked form
    } else {
      // PGlite: every byte the database wrote to disk, WAL included.
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      dump = walk(path.join(srv.dataDir, "pglite"))
        .map((f) => fs.readFileSync(f).toString("latin1"))
        .join("\n");
      expect(dump).toContain("Rahmawati"); // the scan does see what was written
    }
    for (const pan of Object.values(PAN)) expect(dump).not.toContain(pan);
    // nor a capability: client secrets and 3-D Secure tokens are derived, never written down
    expect(dump).not.toMatch(/pi_[0-9a-f-]{36}_secret_/);
    expect(dump).not.toMatch(/3ds\?token=[A-Za-z0-9_-]/);
    expect(dump).not.toMatch(/"cvc"/i);
    expect(dump).not.toContain(`"${CVC}"`);
  });
});
