import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { qrNotification, simulateQrPayment, simulateVaPayment, vaNotification } from "@/lib/clients/simulator";
import { parseQris } from "@/lib/qris";
import { inSeconds, linkRequest } from "@/tests/support/factories";
import { startReceiver } from "@/tests/support/receiver";
import { DB_KINDS, startServer, type RunningServer } from "@/tests/support/server";
import { snapError } from "@/tests/support/snap-error";

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

describe.each(DB_KINDS)("payment notifications and callbacks on %s", (db) => {
  let srv: RunningServer;
  let receiver: Receiver;
  let merchant: GatewayClient;
  let checkout: GatewayClient;
  let acquirer: GatewayClient;

  beforeAll(async () => {
    receiver = await startReceiver(() => srv?.credentials.gatewayPublicKeyPem ?? null);
    srv = await startServer({
      db,
      env: {
        SANDBOX_CALLBACK_BASE_URL: `${receiver.url}/hooks`,
        CALLBACK_RETRY_SCHEDULE: "0.3,0.3,0.3",
        CALLBACK_POLL_MS: "100",
      },
    });
    merchant = srv.merchant;
    acquirer = srv.acquirer;
    checkout = new GatewayClient(srv.baseUrl, srv.checkout, srv.validator.fetch());
  });
  afterAll(async () => {
    await srv.stop();
    await receiver.close();
  });

  async function linkWith(groupId: string, methodId: string, extra: Parameters<typeof linkRequest>[0] = {}) {
    const { paymentLinkData: d } = await merchant.createPaymentLink(linkRequest(extra));
    const paid = await checkout.payPaymentLink({
      additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId, methodId } },
    });
    return { ...paid.paymentLinkData, value: (paid.paymentLinkData.payment.content as { value: string }).value };
  }
  /** The sandbox acquirer reports the link's QR (its reference label) with `status`, for the link's amount. */
  const payQr = (link: { value: string; totalAmount: { value: string } }, status: "00" | "06") =>
    simulateQrPayment(srv.baseUrl, srv.credentials.acquirer, {
      referenceNo: parseQris(link.value).referenceLabel!,
      amount: link.totalAmount.value,
      status,
    });
  const inquire = (id: string) =>
    merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: id } }).then((r) => r.paymentLinkData);

  it("settles a link paid by VA and tells the merchant with signed callbacks", async () => {
    const link = await linkWith("va", "mandiri");
    const res = await simulateVaPayment(srv.baseUrl, srv.credentials.acquirer, {
      virtualAccountNo: link.value,
      amount: link.totalAmount.value,
    });
    expect(res.status).toBe(200);
    const after = await inquire(link.paymentLinkId);
    expect(after.paymentFlagStatus).toBe("00");
    expect(after.paymentFlagReason).toEqual({ english: "Success", indonesia: "Sukses" });
    expect(after.additionalInfo.paidTime).toMatch(/\+07:00$/);
    expect(after.payment).toEqual(link.payment);
    expect(
      await snapError(
        checkout.payPaymentLink({
          additionalInfo: { paymentLinkId: link.paymentLinkId, paymentMethod: { groupId: "qr", methodId: "qris" } },
        }),
      ),
    ).toMatchObject({
      status: 404,
      code: "4042714",
      message: "Paid Bill",
    });

    const got = await receiver.waitFor(
      (all) =>
        all.filter(
          (r) =>
            r.json.paymentLinkId === link.paymentLinkId ||
            (r.json.virtualAccountData as { virtualAccountNo?: string })?.virtualAccountNo === link.value,
        ).length >= 2,
    );
    const va = got.find(
      (r) =>
        r.path === "/hooks/v1.0/transfer-va/payment" &&
        (r.json.virtualAccountData as { virtualAccountNo: string }).virtualAccountNo === link.value,
    )!;
    const status = got.find(
      (r) => r.path === "/hooks/v1.0/payment-link/notify" && r.json.paymentLinkId === link.paymentLinkId,
    )!;
    expect(va.signatureValid).toBe(true);
    expect(status.signatureValid).toBe(true);
    expect(va.headers["x-partner-id"]).toBe(srv.credentials.merchant.partnerId);
    expect(va.headers["channel-id"]).toBe("95221");
    // yyyy-MM-ddTHH:mm:ss.SSS+07:00, as on every /v1.0 answer (docs/contract.md §2.9)
    for (const r of [va, status])
      expect(r.headers["x-timestamp"]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+07:00$/);
    expect(va.headers["x-external-id"]).not.toBe(status.headers["x-external-id"]);
    expect(va.json.virtualAccountData).toMatchObject({
      paidAmount: { value: link.totalAmount.value, currency: "IDR" },
      virtualAccountNo: link.value,
    });
    expect(status.json).toMatchObject({
      paymentLinkId: link.paymentLinkId,
      partnerReferenceNo: link.partnerReferenceNo,
      paymentFlagStatus: "00",
      paymentFlagReason: { english: "Success", indonesia: "Sukses" },
      totalAmount: link.totalAmount,
      payment: link.payment,
      paidTime: after.additionalInfo.paidTime,
    });
  });

  it("refuses a VA retired by switching method with 4042519", async () => {
    const link = await linkWith("va", "bri");
    await checkout.payPaymentLink({
      additionalInfo: { paymentLinkId: link.paymentLinkId, paymentMethod: { groupId: "qr", methodId: "qris" } },
    });
    const e = await snapError(
      acquirer.notifyVaPayment(vaNotification({ virtualAccountNo: link.value, amount: link.totalAmount.value })),
    );
    expect(e).toMatchObject({ status: 404, code: "4042519" });
  });

  it("generates a standalone QR, reports it 01 until paid, then 00 with paidTime", async () => {
    const ref = `QR-${randomUUID()}`;
    const gen = await merchant.generateQr({
      partnerReferenceNo: ref,
      amount: { value: "50000.00", currency: "IDR" },
      merchantId: "M-1",
      validityPeriod: inSeconds(900),
    });
    expect(gen.responseCode).toBe("2004700");
    expect(parseQris(gen.qrContent)).toMatchObject({ amountMinor: 5_000_000, referenceLabel: gen.referenceNo });
    expect(
      await snapError(merchant.generateQr({ partnerReferenceNo: ref, amount: { value: "1.00", currency: "IDR" } })),
    ).toMatchObject({ status: 409, code: "4094701" });
    const q0 = await merchant.queryQr({ originalReferenceNo: gen.referenceNo, serviceCode: "47" });
    expect(q0).toMatchObject({
      responseCode: "2005100",
      latestTransactionStatus: "01",
      transactionStatusDesc: "Initiated",
      amount: { value: "50000.00", currency: "IDR" },
    });
    expect(q0.paidTime).toBeUndefined();
    const wrong = await snapError(
      acquirer.notifyQrPayment(qrNotification({ referenceNo: gen.referenceNo, amount: "49999.00", status: "00" })),
    );
    expect(wrong).toMatchObject({ status: 404, code: "4045213" });
    const paid = await acquirer.notifyQrPayment(
      qrNotification({ referenceNo: gen.referenceNo, amount: "50000.00", status: "00", partnerReferenceNo: ref }),
    );
    expect(paid).toMatchObject({
      responseCode: "2005200",
      latestTransactionStatus: "00",
      originalPartnerReferenceNo: ref,
    });
    const q1 = await merchant.queryQr({ originalPartnerReferenceNo: ref, serviceCode: "47" });
    expect(q1).toMatchObject({ latestTransactionStatus: "00", transactionStatusDesc: "Success" });
    expect(q1.paidTime).toMatch(/\+07:00$/);
    expect(await snapError(merchant.queryQr({ originalReferenceNo: "QR-NOPE", serviceCode: "47" }))).toMatchObject({
      status: 404,
      code: "4045101",
    });
    expect(
      await snapError(
        acquirer.notifyQrPayment(qrNotification({ referenceNo: "QR-NOPE", amount: "1.00", status: "00" })),
      ),
    ).toMatchObject({ status: 404, code: "4045201" });
  });

  it("refuses a QR amount tag 54 cannot carry with 4004701 Invalid Field Format amount, writing nothing", async () => {
    const ref = `QR-${randomUUID()}`;
    const e = await snapError(
      merchant.generateQr({ partnerReferenceNo: ref, amount: { value: "99999999999.99", currency: "IDR" } }),
    );
    expect(e).toEqual({ status: 400, code: "4004701", message: "Invalid Field Format amount" });
    expect(await snapError(merchant.queryQr({ originalPartnerReferenceNo: ref, serviceCode: "47" }))).toMatchObject({
      status: 404,
      code: "4045101",
    });
    // the same reference is still free, and the largest amount that fits (13 characters) is served
    const ok = await merchant.generateQr({
      partnerReferenceNo: ref,
      amount: { value: "9999999999.99", currency: "IDR" },
    });
    expect(parseQris(ok.qrContent)).toMatchObject({
      amountMinor: 999_999_999_999,
      postalCode: "10110",
      nmid: expect.stringMatching(/^ID\d{13}$/),
    });
  });

  it("rejects a link on QR status 06, lets the payer try again, and replays the first answer", async () => {
    const link = await linkWith("qr", "qris");
    const ref = parseQris(link.value).referenceLabel!;
    const fail = await payQr(link, "06");
    expect(fail.status).toBe(200);
    const rejected = await inquire(link.paymentLinkId);
    expect(rejected.paymentFlagStatus).toBe("01");
    expect(rejected.paymentFlagReason).toEqual({ english: "Rejected", indonesia: "Ditolak" });
    expect(rejected.payment.type).toBe("qr");
    // The same reference again, even as 00: the first answer, never a credit.
    const again = await acquirer.notifyQrPayment(
      qrNotification({ referenceNo: ref, amount: link.totalAmount.value, status: "00" }),
    );
    expect(again.latestTransactionStatus).toBe("06");
    expect((await inquire(link.paymentLinkId)).paymentFlagStatus).toBe("01");
    const retry = await checkout.payPaymentLink({
      additionalInfo: { paymentLinkId: link.paymentLinkId, paymentMethod: { groupId: "va", methodId: "bca" } },
    });
    expect(retry.paymentLinkData.paymentFlagStatus).toBe("02");
    const statusCallback = await receiver.waitFor((all) =>
      all.some((r) => r.json.paymentLinkId === link.paymentLinkId && r.json.paymentFlagStatus === "01"),
    );
    expect(statusCallback.find((r) => r.json.paymentLinkId === link.paymentLinkId)!.signatureValid).toBe(true);
  });

  it("cancels a QR on status 05 before payment: the link is rejected and the merchant told", async () => {
    const link = await linkWith("qr", "qris");
    const ref = parseQris(link.value).referenceLabel!;
    const canceled = await acquirer.notifyQrPayment(
      qrNotification({ referenceNo: ref, amount: link.totalAmount.value, status: "05" }),
    );
    expect(canceled).toMatchObject({
      responseCode: "2005200",
      latestTransactionStatus: "05",
      transactionStatusDesc: "Canceled",
    });
    expect((await inquire(link.paymentLinkId)).paymentFlagStatus).toBe("01");
    expect(await merchant.queryQr({ originalReferenceNo: ref, serviceCode: "47" })).toMatchObject({
      latestTransactionStatus: "05",
    });
    // A late 00 for the canceled QR replays the first answer: no credit.
    expect(
      (
        await acquirer.notifyQrPayment(
          qrNotification({ referenceNo: ref, amount: link.totalAmount.value, status: "00" }),
        )
      ).latestTransactionStatus,
    ).toBe("05");
    const got = await receiver.waitFor(
      (all) =>
        all.some((r) => r.json.originalReferenceNo === ref && r.json.latestTransactionStatus === "05") &&
        all.some((r) => r.json.paymentLinkId === link.paymentLinkId && r.json.paymentFlagStatus === "01"),
    );
    expect(got.filter((r) => r.json.originalReferenceNo === ref).every((r) => r.signatureValid)).toBe(true);
  });

  it("records a refund (04) of a paid QR: Inquiry QR answers 04 and the merchant is told once", async () => {
    const link = await linkWith("qr", "qris");
    const ref = parseQris(link.value).referenceLabel!;
    const notice = (status: string) => qrNotification({ referenceNo: ref, amount: link.totalAmount.value, status });
    // Nothing paid yet: nothing to refund.
    expect(await snapError(acquirer.notifyQrPayment(notice("04")))).toMatchObject({ status: 404, code: "4045219" });
    expect((await acquirer.notifyQrPayment(notice("00"))).latestTransactionStatus).toBe("00");
    const refunded = await acquirer.notifyQrPayment(notice("04"));
    expect(refunded).toMatchObject({
      responseCode: "2005200",
      latestTransactionStatus: "04",
      transactionStatusDesc: "Refunded",
    });
    expect((await acquirer.notifyQrPayment(notice("04"))).latestTransactionStatus).toBe("04"); // replayed
    const q = await merchant.queryQr({ originalReferenceNo: ref, serviceCode: "47" });
    expect(q).toMatchObject({ latestTransactionStatus: "04", transactionStatusDesc: "Refunded" });
    expect(q.paidTime).toMatch(/\+07:00$/);
    // The link was paid; it stays so. The refund is the QR's fact, in its callback.
    expect((await inquire(link.paymentLinkId)).paymentFlagStatus).toBe("00");
    const got = await receiver.waitFor((all) =>
      all.some((r) => r.json.originalReferenceNo === ref && r.json.latestTransactionStatus === "04"),
    );
    await new Promise((r) => setTimeout(r, 500));
    const refunds = got.filter((r) => r.json.originalReferenceNo === ref && r.json.latestTransactionStatus === "04");
    expect(new Set(refunds.map((r) => r.headers["x-external-id"])).size).toBe(1);
    expect(refunds[0]!.signatureValid).toBe(true);
  });

  it("records a QR paid after the link expired, and flags it late for the merchant", async () => {
    const link = await linkWith("qr", "qris", { expiredDate: inSeconds(3) });
    await expect
      .poll(async () => (await inquire(link.paymentLinkId)).paymentFlagStatus, { timeout: 6000, interval: 250 })
      .toBe("03");
    const res = await payQr(link, "00");
    expect(res.status).toBe(200);
    expect((await inquire(link.paymentLinkId)).paymentFlagStatus).toBe("00");
    const got = await receiver.waitFor((all) => all.some((r) => r.json.paymentLinkId === link.paymentLinkId));
    expect(got.find((r) => r.json.paymentLinkId === link.paymentLinkId)!.json).toMatchObject({
      paymentFlagStatus: "00",
      additionalInfo: { latePayment: true },
    });
  });

  it("retries an unacknowledged callback with the same X-EXTERNAL-ID and records every attempt", async () => {
    const link = await linkWith("va", "bni");
    const failures = new Map<string, number>();
    receiver.setResponder((r) => {
      if (r.json.paymentLinkId !== link.paymentLinkId) return 200;
      const n = (failures.get(r.path) ?? 0) + 1;
      failures.set(r.path, n);
      return n <= 2 ? 503 : 200;
    });
    try {
      await simulateVaPayment(srv.baseUrl, srv.credentials.acquirer, {
        virtualAccountNo: link.value,
        amount: link.totalAmount.value,
      });
      const got = await receiver.waitFor(
        (all) => all.filter((r) => r.json.paymentLinkId === link.paymentLinkId).length >= 3,
      );
      const attempts = got.filter((r) => r.json.paymentLinkId === link.paymentLinkId);
      expect(new Set(attempts.map((a) => a.headers["x-external-id"])).size).toBe(1);
      expect(attempts.every((a) => a.signatureValid && a.body === attempts[0]!.body)).toBe(true);
    } finally {
      receiver.setResponder(() => 200);
    }
    type Delivery = { kind: string; status: string; attempts: number; attemptLog: { statusCode: number }[] };
    const linkDelivery = async () => {
      const res = await fetch(`${srv.baseUrl}/v1/callback-deliveries?linkId=${link.paymentLinkId}`, {
        headers: { "X-Secret-Key": srv.credentials.merchant.secretKey },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: Delivery[] }).data.find((d) => d.kind === "link")!;
    };
    // The receiver answers before the worker records the attempt: wait for the record.
    await expect.poll(async () => (await linkDelivery()).status, { timeout: 5000 }).toBe("delivered");
    expect((await linkDelivery()).attemptLog.map((a) => a.statusCode)).toEqual([503, 503, 200]);
    const unauth = await fetch(`${srv.baseUrl}/v1/callback-deliveries`, {
      headers: { "X-Secret-Key": "sk_test_wrong" },
    });
    expect(unauth.status).toBe(401);
    expect(await unauth.json()).toMatchObject({ error: { type: "authentication_error" } });
  });

  it("credits exactly once under 200 concurrent notifications for one VA", async () => {
    const link = await linkWith("va", "bca");
    const sameId = randomUUID();
    const calls = Array.from({ length: 200 }, (_, i) =>
      acquirer
        .notifyVaPayment(
          vaNotification({
            virtualAccountNo: link.value,
            amount: link.totalAmount.value,
            paymentRequestId: i % 2 === 0 ? sameId : randomUUID(),
          }),
        )
        .then((r) => ({ ok: true as const, id: r.virtualAccountData.paymentRequestId }))
        .catch((e: { responseCode?: string }) => ({ ok: false as const, code: e.responseCode })),
    );
    const results = await Promise.all(calls);
    const ok = results.filter((r) => r.ok);
    const winners = new Set(ok.map((r) => (r as { id: string }).id));
    expect(winners.size).toBe(1); // one paymentRequestId credited, all its repeats replayed
    for (const r of results) if (!r.ok) expect(r.code).toBe("4042514");
    const credited = await receiver.waitFor((all) => all.some((r) => r.json.paymentLinkId === link.paymentLinkId));
    await new Promise((r) => setTimeout(r, 500));
    expect(credited.filter((r) => r.json.paymentLinkId === link.paymentLinkId)).toHaveLength(1);
    expect(
      credited.filter(
        (r) =>
          (r.json.virtualAccountData as { virtualAccountNo?: string } | undefined)?.virtualAccountNo === link.value,
      ),
    ).toHaveLength(1);
  });

  it("credits 50 links paid concurrently, each once", async () => {
    const links = await Promise.all(
      Array.from({ length: 50 }, (_, i) => linkWith(i % 2 ? "va" : "qr", i % 2 ? "bri" : "qris")),
    );
    const res = await Promise.all(
      links.map((l) =>
        l.payment.type === "va"
          ? simulateVaPayment(srv.baseUrl, srv.credentials.acquirer, {
              virtualAccountNo: l.value,
              amount: l.totalAmount.value,
            })
          : payQr(l, "00"),
      ),
    );
    expect(res.map((r) => r.status)).toEqual(links.map(() => 200));
    const flags = await Promise.all(links.map((l) => inquire(l.paymentLinkId).then((d) => d.paymentFlagStatus)));
    expect(flags).toEqual(links.map(() => "00"));
  });
});
