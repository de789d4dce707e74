import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConsoleClient } from "@/lib/clients/console-client";
import { V1ClientError } from "@/lib/clients/v1-answer";
import { startReceiver } from "@/tests/support/receiver";
import { paidPayments, settled } from "@/tests/support/refunds";
import { DB_KINDS, startServer, type RunningServer } from "@/tests/support/server";
import { snapError } from "@/tests/support/snap-error";

/**
 * Refunds, every row of docs/contract.md §9 on PGlite and PostgreSQL: /v1 create (secret key and
 * console session), retrieve and list; SNAP's QRIS and debit refunds with their codes; the
 * sandbox's success and `[sandbox-fail]`; what Inquiry, QR query, debit status, the console and
 * the transaction list say afterwards; the signed refund callback and its resend.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

type Login = { merchant: string; email: string; password: string };

async function v1Error(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof V1ClientError) return { status: err.status, code: err.code, param: err.param };
    throw err;
  }
  throw new Error("expected a /v1 error");
}

describe.each(DB_KINDS)("refunds on %s", (db) => {
  let srv: RunningServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let api: ConsoleClient; // the merchant's sk_ key
  let session: ConsoleClient; // the merchant's console session
  let other: ConsoleClient; // another merchant's console session
  let paid: ReturnType<typeof paidPayments>;

  beforeAll(async () => {
    receiver = await startReceiver(() => srv?.credentials.gatewayPublicKeyPem ?? null);
    srv = await startServer({
      db,
      env: { SANDBOX_CALLBACK_BASE_URL: `${receiver.url}/hooks`, CALLBACK_POLL_MS: "100" },
    });
    api = new ConsoleClient(srv.baseUrl, { secretKey: srv.credentials.merchant.secretKey });
    const logins = (srv.credentials as unknown as { console: Login[] }).console;
    const anon = new ConsoleClient(srv.baseUrl, null);
    const [sa, sb] = await Promise.all([
      anon.signIn(logins[0]!.email, logins[0]!.password),
      anon.signIn(logins[1]!.email, logins[1]!.password),
    ]);
    session = new ConsoleClient(srv.baseUrl, { sessionToken: sa.token });
    other = new ConsoleClient(srv.baseUrl, { sessionToken: sb.token });
    paid = paidPayments(srv);
  });
  afterAll(async () => {
    await srv?.stop();
    await receiver?.close();
  });

  const refundCallbacks = (refundNo: string) =>
    receiver
      .waitFor((all) => all.some((r) => r.path.endsWith("/v1.0/refund/notify") && r.json.refundNo === refundNo))
      .then((all) => all.filter((r) => r.json.refundNo === refundNo));

  it("refunds part of a paid card link by secret key, then the rest; Inquiry, the console and the callback say so", async () => {
    const link = await paid.cardLink(100_000);
    const first = await api.refund({ paymentLinkId: link.id, amount: 30_000, reason: "Returned one" });
    expect(first).toEqual({
      id: expect.stringMatching(/^re_[0-9a-f]{24}$/),
      paymentLinkId: link.id,
      paymentIntentId: link.intentId,
      amount: 30_000,
      amountValue: "30000.00",
      currency: "IDR",
      status: "pending",
      reason: "Returned one",
      createdAt: expect.any(String),
    });
    expect((await settled(api, first.id)).status).toBe("succeeded");

    const inquiry = (await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.id } }))
      .paymentLinkData;
    expect(inquiry.paymentFlagStatus).toBe("00");
    expect(inquiry.additionalInfo.refundedAmount).toEqual({ value: "30000.00", currency: "IDR" });
    expect(inquiry.additionalInfo.refundedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);

    const [cb] = await refundCallbacks(first.id);
    expect(cb!.signatureValid).toBe(true);
    expect(cb!.path).toBe("/hooks/v1.0/refund/notify");
    expect(cb!.json).toEqual({
      refundNo: first.id,
      partnerRefundNo: null,
      originalReferenceNo: link.intentId,
      originalPartnerReferenceNo: expect.any(String),
      paymentLinkId: link.id,
      refundAmount: { value: "30000.00", currency: "IDR" },
      refundStatus: "00",
      refundTime: expect.stringMatching(/\+07:00$/),
    });

    // The rest, by default, through the console session.
    const rest = await session.refund({ paymentLinkId: link.id });
    expect(rest.amount).toBe(70_000);
    expect((await settled(api, rest.id)).status).toBe("succeeded");
    expect(await v1Error(api.refund({ paymentLinkId: link.id, amount: 1 }))).toEqual({
      status: 400,
      code: "amount_too_large",
      param: "amount",
    });

    const detail = await session.getLink(link.id);
    expect(detail.refundable).toEqual({
      amount: 0,
      amountValue: "0.00",
      refunded: 100_000,
      refundedValue: "100000.00",
      reason: null,
    });
    expect(detail.refunds.map((r) => [r.id, r.status])).toEqual([
      [rest.id, "succeeded"],
      [first.id, "succeeded"],
    ]);
    expect(detail.timeline.filter((e) => e.type === "refund").map((e) => e.refund)).toEqual([
      { id: first.id, amount: 30_000, amountValue: "30000.00", status: "succeeded", reason: "Returned one" },
      { id: rest.id, amount: 70_000, amountValue: "70000.00", status: "succeeded", reason: null },
    ]);
    expect(detail.refundedAmount).toEqual({ value: "100000.00", currency: "IDR" });
    const listed = await session.listLinks({ limit: 100 });
    expect(listed.data.find((l) => l.paymentLinkId === link.id)!.refundedAmount.value).toBe("100000.00");
    expect(detail.deliveries.filter((d) => d.kind === "refund")).toHaveLength(2);
  });

  it("retrieves and lists a link's refunds newest first, paged by limit and startingAfter", async () => {
    const link = await paid.cardLink(50_000);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await api.refund({ paymentLinkId: link.id, amount: 1_000 }));
    expect(await api.getRefund(made[0]!.id)).toMatchObject({ id: made[0]!.id, amount: 1_000 });
    const page1 = await api.listRefunds({ paymentLinkId: link.id, limit: 2 });
    expect(page1.hasMore).toBe(true);
    expect(page1.data.map((r) => r.id)).toEqual([made[2]!.id, made[1]!.id]);
    const page2 = await api.listRefunds({ paymentLinkId: link.id, limit: 2, startingAfter: page1.data[1]!.id });
    expect(page2).toMatchObject({ hasMore: false, data: [{ id: made[0]!.id }] });
    expect((await api.listRefunds({ paymentIntentId: link.intentId })).data).toHaveLength(3);
    for (const limit of [0, 101])
      expect(await v1Error(api.listRefunds({ paymentLinkId: link.id, limit }))).toMatchObject({
        status: 400,
        code: "parameter_invalid",
      });
    // Another merchant's refund is as unknown as a missing one.
    expect(await v1Error(other.getRefund(made[0]!.id))).toMatchObject({ status: 404, code: "resource_missing" });
    expect(await v1Error(api.getRefund("re_000000000000000000000000"))).toMatchObject({ status: 404 });
    expect(await v1Error(api.getRefund("nope"))).toMatchObject({ status: 404 });
    expect((await other.listRefunds({ paymentLinkId: link.id })).data).toEqual([]);
  });

  it("refunds a standalone card intent by paymentIntentId", async () => {
    const intentId = await paid.cardIntent(20_000);
    const r = await api.refund({ paymentIntentId: intentId, amount: 5_000 });
    expect(r).toMatchObject({ paymentLinkId: null, paymentIntentId: intentId, amount: 5_000 });
    expect((await settled(api, r.id)).status).toBe("succeeded");
    expect(await v1Error(api.refund({ paymentIntentId: intentId, amount: 15_001 }))).toMatchObject({
      code: "amount_too_large",
    });
  });

  it("fails a refund whose reason asks for it, gives its amount back, and notifies 06", async () => {
    const link = await paid.cardLink(40_000);
    const r = await api.refund({ paymentLinkId: link.id, amount: 40_000, reason: "test [sandbox-fail]" });
    // Pending, it holds the whole amount: nothing else may be refunded meanwhile (or it failed already).
    const now = await api.getRefund(r.id);
    if (now.status === "pending")
      expect(await v1Error(api.refund({ paymentLinkId: link.id, amount: 1 }))).toMatchObject({
        code: "amount_too_large",
      });
    expect((await settled(api, r.id)).status).toBe("failed");
    const [cb] = await refundCallbacks(r.id);
    expect(cb!.json).toMatchObject({ refundStatus: "06", refundAmount: { value: "40000.00" } });
    expect((await session.getLink(link.id)).refundable).toEqual({
      amount: 40_000,
      amountValue: "40000.00",
      refunded: 0,
      refundedValue: "0.00",
      reason: null,
    });
    const again = await api.refund({ paymentLinkId: link.id, amount: 40_000 });
    expect((await settled(api, again.id)).status).toBe("succeeded");
  });

  it("answers refund_unsupported for a VA payment and payment_not_refundable for an unpaid link", async () => {
    const va = await paid.vaLink(10_000);
    expect(await v1Error(api.refund({ paymentLinkId: va.id }))).toEqual({
      status: 400,
      code: "refund_unsupported",
      param: "paymentLinkId",
    });
    expect((await session.getLink(va.id)).refundable).toEqual({
      amount: 0,
      amountValue: "0.00",
      refunded: 0,
      refundedValue: "0.00",
      reason: "va",
    });
    const unpaid = await paid.unpaidLink(10_000);
    expect(await v1Error(api.refund({ paymentLinkId: unpaid.id }))).toMatchObject({
      status: 400,
      code: "payment_not_refundable",
    });
    expect((await session.getLink(unpaid.id)).refundable).toEqual({
      amount: 0,
      amountValue: "0.00",
      refunded: 0,
      refundedValue: "0.00",
      reason: "not_paid",
    });
  });

  it("answers 404 for another merchant's payment or an unknown one, and 4xx for every malformed body", async () => {
    const link = await paid.cardLink(10_000);
    expect(await v1Error(other.refund({ paymentLinkId: link.id }))).toMatchObject({
      status: 404,
      code: "resource_missing",
    });
    expect(await v1Error(api.refund({ paymentLinkId: "7d1f0c2a-5b3e-4c8d-9e6f-0a1b2c3d4e5f" }))).toMatchObject({
      status: 404,
    });
    expect(await v1Error(api.refund({ paymentIntentId: "7d1f0c2a-5b3e-4c8d-9e6f-0a1b2c3d4e5f" }))).toMatchObject({
      status: 404,
      param: "paymentIntentId",
    });
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${srv.baseUrl}/v1/refunds`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Secret-Key": srv.credentials.merchant.secretKey, ...headers },
        body,
      });
    const hostile = [
      "",
      "{",
      "[]",
      "null",
      JSON.stringify({}),
      JSON.stringify({ paymentLinkId: link.id, paymentIntentId: link.intentId }),
      JSON.stringify({ paymentLinkId: link.id, amount: 0 }),
      JSON.stringify({ paymentLinkId: link.id, amount: -5 }),
      JSON.stringify({ paymentLinkId: link.id, amount: 1.5 }),
      JSON.stringify({ paymentLinkId: link.id, amount: "100" }),
      JSON.stringify({ paymentLinkId: link.id, amount: 1e300 }),
      JSON.stringify({ paymentLinkId: link.id, reason: "x".repeat(256) }),
      JSON.stringify({ paymentLinkId: "not-a-uuid" }),
      JSON.stringify({ paymentLinkId: "\u0000" }),
      JSON.stringify({ paymentLinkId: link.id, reason: "\u0000" }),
    ];
    for (const body of hostile) {
      const res = await post(body);
      expect(res.status, body.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.status, body.slice(0, 60)).toBeLessThan(500);
    }
    expect((await post(JSON.stringify({ paymentLinkId: link.id }), { "X-Secret-Key": "sk_nope" })).status).toBe(401);
    // None of it refunded anything.
    expect((await session.getLink(link.id)).refunds).toEqual([]);
  });

  it("replays the first refund for the same Idempotency-Key and body, 409 for another body", async () => {
    const link = await paid.cardLink(30_000);
    const a = await api.refund({ paymentLinkId: link.id, amount: 1_000 }, { idempotencyKey: "rf-1" });
    const b = await api.refund({ paymentLinkId: link.id, amount: 1_000 }, { idempotencyKey: "rf-1" });
    expect(b).toEqual(a);
    expect(
      await v1Error(api.refund({ paymentLinkId: link.id, amount: 2_000 }, { idempotencyKey: "rf-1" })),
    ).toMatchObject({ status: 409, code: "idempotency_key_in_use" });
    expect((await api.listRefunds({ paymentLinkId: link.id })).data).toHaveLength(1);
  });

  it("refunds a QRIS payment through SNAP in parts; 404xx13 past what remains, 404xx01 unknown, 409xx01 for a reused partnerRefundNo; QR query 04 when all is back", async () => {
    const qr = await paid.qrLink(60_000);
    const body = (partnerRefundNo: string, value: string, reason = "retur") => ({
      originalReferenceNo: qr.referenceNo,
      partnerRefundNo,
      refundAmount: { value, currency: "IDR" as const },
      reason,
    });
    const first = await srv.merchant.refundQr(body("P-1", "20000.00"));
    expect(first).toEqual({
      responseCode: "2007800",
      responseMessage: "Successful",
      originalReferenceNo: qr.referenceNo,
      originalPartnerReferenceNo: qr.ref,
      refundNo: expect.stringMatching(/^re_/),
      partnerRefundNo: "P-1",
      refundAmount: { value: "20000.00", currency: "IDR" },
      refundTime: expect.stringMatching(/\+07:00$/),
    });
    expect(await srv.merchant.refundQr(body("P-1", "20000.00"))).toEqual(first);
    expect(await snapError(srv.merchant.refundQr(body("P-1", "30000.00")))).toMatchObject({
      status: 409,
      code: "4097801",
    });
    // Sen are money like any other (one unit inside): a sen past what remains is more than remains.
    expect(await snapError(srv.merchant.refundQr(body("P-2", "40000.01")))).toMatchObject({
      status: 404,
      code: "4047813",
    });
    expect(await snapError(srv.merchant.refundQr(body("P-2", "40001.00")))).toMatchObject({
      status: 404,
      code: "4047813",
    });
    expect(
      await snapError(srv.merchant.refundQr({ ...body("P-3", "1.00"), originalReferenceNo: "QR-NOPE" })),
    ).toMatchObject({ status: 404, code: "4047801" });
    expect(
      await snapError(
        srv.merchant.refundQr({ partnerRefundNo: "P-4", refundAmount: { value: "1.00", currency: "IDR" } }),
      ),
    ).toMatchObject({ status: 400, code: "4007802" });
    // The QR of a wallet or card reference is not found by the QR refund, nor the reverse.
    const rest = await srv.merchant.refundQr(body("P-5", "40000.00"));
    expect(await settled(api, rest.refundNo)).toMatchObject({ status: "succeeded", paymentLinkId: qr.id });
    await settled(api, first.refundNo);
    expect(await srv.merchant.queryQr({ originalReferenceNo: qr.referenceNo, serviceCode: "47" })).toMatchObject({
      latestTransactionStatus: "04",
      transactionStatusDesc: "Refunded",
    });
    expect(
      (await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: qr.id } })).paymentLinkData,
    ).toMatchObject({ paymentFlagStatus: "00", additionalInfo: { refundedAmount: { value: "60000.00" } } });
    const [cb] = await refundCallbacks(rest.refundNo);
    expect(cb!.json).toMatchObject({ partnerRefundNo: "P-5", originalReferenceNo: qr.referenceNo, refundStatus: "00" });
  });

  it("refunds a link with sen to the last sen: SNAP parts with sen, QR query and debit status 04; /v1 without amount takes the exact remainder", async () => {
    const qr = await paid.qrLink("245000.10");
    const snapBody = (partnerRefundNo: string, value: string) => ({
      originalReferenceNo: qr.referenceNo,
      partnerRefundNo,
      refundAmount: { value, currency: "IDR" as const },
    });
    const part = await srv.merchant.refundQr(snapBody("S-1", "100000.05"));
    expect(part.refundAmount).toEqual({ value: "100000.05", currency: "IDR" });
    expect(await snapError(srv.merchant.refundQr(snapBody("S-2", "145000.06")))).toMatchObject({
      status: 404,
      code: "4047813",
    });
    const rest = await srv.merchant.refundQr(snapBody("S-3", "145000.05"));
    await settled(api, part.refundNo);
    expect(await settled(api, rest.refundNo)).toMatchObject({
      status: "succeeded",
      amount: null, // not whole rupiah: /v1's integer cannot say it, amountValue does
      amountValue: "145000.05",
    });
    expect(await srv.merchant.queryQr({ originalReferenceNo: qr.referenceNo, serviceCode: "47" })).toMatchObject({
      latestTransactionStatus: "04",
    });
    expect(
      (await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: qr.id } })).paymentLinkData,
    ).toMatchObject({ additionalInfo: { refundedAmount: { value: "245000.10" } } });
    const detail = await session.getLink(qr.id);
    expect(detail.refundable).toEqual({
      amount: 0,
      amountValue: "0.00",
      refunded: null,
      refundedValue: "245000.10",
      reason: null,
    });
    expect(detail.refunds.map((r) => r.amountValue)).toEqual(["145000.05", "100000.05"]);
    expect(await snapError(srv.merchant.refundQr(snapBody("S-4", "0.01")))).toMatchObject({ code: "4047813" });
    expect(await snapError(srv.merchant.refundQr(snapBody("S-4", "0.00")))).toMatchObject({
      status: 400,
      code: "4007801",
    });

    const ew = await paid.walletLink("245000.10");
    const first = await srv.merchant.refundDebit({
      originalReferenceNo: ew.referenceNo,
      partnerRefundNo: "S-5",
      refundAmount: { value: "5000.00", currency: "IDR" },
    });
    const all = await api.refund({ paymentLinkId: ew.id });
    expect(all).toMatchObject({ amount: null, amountValue: "240000.10", status: "pending" });
    expect(await api.refund({ paymentLinkId: ew.id, amount: 1 }).catch((e: unknown) => e)).toMatchObject({
      code: "amount_too_large",
    });
    await settled(api, first.refundNo);
    expect(await settled(api, all.id)).toMatchObject({ status: "succeeded" });
    expect(await srv.merchant.debitStatus({ originalReferenceNo: ew.referenceNo, serviceCode: "54" })).toMatchObject({
      latestTransactionStatus: "04",
    });
  });

  it("refunds an e-wallet payment through SNAP's debit refund; debit status 04 once all is back; the transaction list shows it", async () => {
    const ew = await paid.walletLink(25_000);
    expect(
      await snapError(
        srv.merchant.refundQr({
          originalReferenceNo: ew.referenceNo,
          partnerRefundNo: "W-0",
          refundAmount: { value: "1.00", currency: "IDR" },
        }),
      ),
    ).toMatchObject({ code: "4047801" });
    const r = await srv.merchant.refundDebit({
      originalPartnerReferenceNo: ew.ref,
      partnerRefundNo: "W-1",
      refundAmount: { value: "25000.00", currency: "IDR" },
    });
    expect(r).toMatchObject({ responseCode: "2005800", originalReferenceNo: ew.referenceNo, partnerRefundNo: "W-1" });
    await settled(api, r.refundNo);
    expect(await srv.merchant.debitStatus({ originalReferenceNo: ew.referenceNo, serviceCode: "54" })).toMatchObject({
      latestTransactionStatus: "04",
      transactionStatusDesc: "Refunded",
    });
    const tx = await srv.merchant.transactionDetail({ originalReferenceNo: ew.referenceNo });
    expect(tx).toMatchObject({ status: "00", refundedAmount: { value: "25000.00", currency: "IDR" } });
    expect(
      await snapError(
        srv.merchant.refundDebit({
          originalReferenceNo: "EW-NOPE",
          partnerRefundNo: "W-2",
          refundAmount: { value: "1.00", currency: "IDR" },
        }),
      ),
    ).toMatchObject({ status: 404, code: "4045801" });
  });

  it("lists the refund callback with the other deliveries and resends it", async () => {
    const link = await paid.cardLink(12_000);
    const r = await api.refund({ paymentLinkId: link.id, amount: 2_000 });
    await settled(api, r.id);
    await refundCallbacks(r.id);
    const delivery = (await session.getLink(link.id)).deliveries.find((d) => d.kind === "refund")!;
    expect(delivery).toMatchObject({ url: `${receiver.url}/hooks/v1.0/refund/notify`, body: { refundNo: r.id } });
    const copy = await session.resendDelivery(delivery.id);
    expect(copy).toMatchObject({ kind: "refund", resendOf: delivery.id });
    const got = await receiver.waitFor((all) => all.filter((x) => x.json.refundNo === r.id).length >= 2);
    const both = got.filter((x) => x.json.refundNo === r.id);
    expect(both[1]!.body).toBe(both[0]!.body);
    expect(both[1]!.signatureValid).toBe(true);
    expect(both[1]!.headers["x-external-id"]).toBe(copy.id);
  });

  it("shows refunds apart on the overview and nets them out of what was collected", async () => {
    const before = await session.overview();
    const link = await paid.cardLink(8_000);
    const mid = await session.overview();
    const r = await api.refund({ paymentLinkId: link.id, amount: 3_000 });
    await settled(api, r.id);
    const after = await session.overview();
    const n = (v: string) => Math.round(Number(v) * 100);
    expect(n(mid.collected.last30Days) - n(before.collected.last30Days)).toBe(800_000);
    expect(n(after.refunded.last30Days) - n(mid.refunded.last30Days)).toBe(300_000);
    expect(n(mid.collected.last30Days) - n(after.collected.last30Days)).toBe(300_000);
  });
});
