import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { simulateWalletPayment, walletNotification } from "@/lib/clients/simulator";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { linkRequest, type LinkOverrides } from "@/tests/support/factories";
import { startReceiver, type Received } from "@/tests/support/receiver";
import { DB_KINDS, startServer, type RunningServer } from "@/tests/support/server";
import { snapError } from "@/tests/support/snap-error";

/**
 * E-wallets, every row of docs/contract.md §8: the catalogue, both flows' Pay answers, the
 * sandbox wallet page, the provider's notification and its odd cases, the direct debit status,
 * the merchant's callbacks and the transaction list; on PGlite and PostgreSQL.
 */
type Receiver = Awaited<ReturnType<typeof startReceiver>>;
type Payment = PaymentLinkData["payment"] & { content: { name: string; value: string } };

describe.each(DB_KINDS)("e-wallets on %s", (db) => {
  let srv: RunningServer;
  let receiver: Receiver;
  let checkout: GatewayClient;

  beforeAll(async () => {
    receiver = await startReceiver(() => srv?.credentials.gatewayPublicKeyPem ?? null);
    srv = await startServer({
      db,
      env: { SANDBOX_CALLBACK_BASE_URL: `${receiver.url}/hooks`, CALLBACK_POLL_MS: "100" },
    });
    checkout = new GatewayClient(srv.baseUrl, srv.checkout, srv.validator.fetch());
  });
  afterAll(async () => {
    await srv?.stop();
    await receiver?.close();
  });

  const newLink = async (extra: LinkOverrides = {}) =>
    (await srv.merchant.createPaymentLink(linkRequest(extra))).paymentLinkData;
  const pay = async (paymentLinkId: string, methodId: string, phoneNumber?: string) => {
    const { paymentLinkData } = await checkout.payPaymentLink({
      additionalInfo: { paymentLinkId, paymentMethod: { groupId: "ew", methodId, phoneNumber } },
    });
    return { ...paymentLinkData, payment: paymentLinkData.payment as Payment };
  };
  const inquire = async (paymentLinkId: string) =>
    (await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId } })).paymentLinkData;
  const notify = (referenceNo: string, amount: string, status: "00" | "06" = "00", partnerReferenceNo?: string) =>
    srv.acquirer.notifyWalletPayment(walletNotification({ referenceNo, amount, status, partnerReferenceNo }));
  const callbacksOf = (ref: string, linkId: string, n: number) =>
    receiver
      .waitFor(
        (all) => all.filter((r) => r.json.originalReferenceNo === ref || r.json.paymentLinkId === linkId).length >= n,
      )
      .then((all) => all.filter((r) => r.json.originalReferenceNo === ref || r.json.paymentLinkId === linkId));
  /** The sandbox page's own form: its hidden fields, posted as the browser would. */
  const answerPage = async (url: string, action: "approve" | "decline") => {
    const html = await (await fetch(url)).text();
    const token = /name="token" value="([^"]+)"/.exec(html)![1]!;
    const target = new URL(url);
    return fetch(`${target.origin}${target.pathname}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, lang: "en", action }).toString(),
      redirect: "manual",
    });
  };

  it("offers group ew on a fresh sandbox: dana, shopeepay, gopay and ovo, all active", async () => {
    const link = await newLink();
    const methods = await srv.merchant.paymentLinkMethods({ additionalInfo: { paymentLinkId: link.paymentLinkId } });
    const ew = methods.paymentLinkPaymentMethod.additionalInfo.paymentMethod.find((g) => g.id === "ew")!;
    expect(ew).toMatchObject({ active: true, title: { english: "E-Wallet", indonesia: "Dompet Digital" } });
    expect(ew.method.map((m) => [m.id, m.active])).toEqual([
      ["dana", true],
      ["shopeepay", true],
      ["gopay", true],
      ["ovo", true],
    ]);
  });

  it("answers a redirect wallet with webRedirectUrl and a referenceNo, the same while the attempt is open", async () => {
    const link = await newLink();
    const first = await pay(link.paymentLinkId, "dana");
    expect(first.paymentFlagStatus).toBe("02");
    expect(first.payment).toMatchObject({ type: "ew", bank: "dana", content: { name: "webRedirectUrl" } });
    expect(first.payment.referenceNo).toMatch(/^EW\d{18}$/);
    const url = new URL(first.payment.content.value);
    expect(url.origin).toBe(new URL(srv.credentials.baseUrl).origin);
    expect(url.pathname).toBe(`/v1.0/debit/wallet/${first.payment.referenceNo}`);
    expect(url.searchParams.get("token")!.length).toBeGreaterThanOrEqual(20);
    const again = await pay(link.paymentLinkId, "dana");
    expect(again.payment).toEqual(first.payment);
    // Inquiry answers the same section (the merchant may send the payer there itself).
    expect((await inquire(link.paymentLinkId)).payment).toEqual(first.payment);
    // Another wallet is another attempt.
    const gopay = await pay(link.paymentLinkId, "gopay");
    expect(gopay.payment.referenceNo).not.toBe(first.payment.referenceNo);
  });

  it("serves the sandbox wallet page in both languages, with the card pages' headers, and 404 for a wrong token", async () => {
    const link = await newLink({ additionalInfo: { language: undefined } });
    const { payment } = await pay(link.paymentLinkId, "shopeepay");
    const en = await fetch(`${payment.content.value}&lang=en`);
    expect(en.status).toBe(200);
    expect(en.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(en.headers.get("referrer-policy")).toBe("no-referrer");
    expect(en.headers.get("cache-control")).toBe("no-store");
    const enHtml = await en.text();
    expect(enHtml).toContain("Pay with ShopeePay");
    expect(enHtml).toContain("Toko Kopi Nusantara");
    expect(enHtml).toContain("Approve");
    expect(enHtml).toContain("Decline");
    expect(enHtml).toMatch(/245[.,]000[.,]10/);
    const idHtml = await (await fetch(`${payment.content.value}&lang=id`)).text();
    expect(idHtml).toContain("Bayar dengan ShopeePay");
    expect(idHtml).toContain("Setujui");
    expect(idHtml).toContain("Tolak");
    // Accept-Language decides when nothing else does, as on the checkout.
    const byHeader = await fetch(payment.content.value, { headers: { "Accept-Language": "id-ID,id;q=0.9" } });
    expect(await byHeader.text()).toContain("Setujui");

    const wrong = new URL(payment.content.value);
    wrong.searchParams.set("token", "x".repeat(43));
    const refused = await fetch(wrong);
    expect(refused.status).toBe(404);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${srv.baseUrl}/v1.0/debit/wallet/EW000000000000000000?token=abc`)).status).toBe(404);
  });

  it("approving on the wallet page pays the link (00), calls back /v1.0/debit/notify then the link, and the page is single-use", async () => {
    const link = await newLink();
    const { payment } = await pay(link.paymentLinkId, "dana");
    const res = await answerPage(payment.content.value, "approve");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${srv.credentials.baseUrl}/pay/${link.paymentLinkId}`);
    const after = await inquire(link.paymentLinkId);
    expect(after.paymentFlagStatus).toBe("00");
    expect(after.payment).toMatchObject({ type: "ew", bank: "dana", referenceNo: payment.referenceNo });

    const got = await callbacksOf(payment.referenceNo!, link.paymentLinkId, 2);
    const debit = got.find((r) => r.path === "/hooks/v1.0/debit/notify")!;
    const status = got.find((r) => r.path === "/hooks/v1.0/payment-link/notify")!;
    expect(debit.signatureValid).toBe(true);
    expect(status.signatureValid).toBe(true);
    expect(debit.json).toMatchObject({
      originalReferenceNo: payment.referenceNo,
      originalPartnerReferenceNo: link.partnerReferenceNo,
      latestTransactionStatus: "00",
      amount: link.totalAmount,
      additionalInfo: { channel: "DANA" },
    });
    expect(status.json).toMatchObject({ paymentLinkId: link.paymentLinkId, paymentFlagStatus: "00" });

    // Single-use: the same URL opens nothing now, and a second post changes nothing.
    expect((await fetch(payment.content.value)).status).toBe(404);
    const token = new URL(payment.content.value).searchParams.get("token")!;
    const replay = await fetch(`${srv.baseUrl}/v1.0/debit/wallet/${payment.referenceNo}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, action: "decline" }).toString(),
      redirect: "manual",
    });
    expect(replay.status).toBe(404);
    expect((await inquire(link.paymentLinkId)).paymentFlagStatus).toBe("00");
  });

  it("declining on the wallet page rejects the link (01) and calls back with 06; Pay again makes a new attempt", async () => {
    const link = await newLink();
    const { payment } = await pay(link.paymentLinkId, "gopay");
    const res = await answerPage(payment.content.value, "decline");
    expect(res.status).toBe(303);
    const after = await inquire(link.paymentLinkId);
    expect(after.paymentFlagStatus).toBe("01");
    expect(after.paymentFlagReason).toEqual({ english: "Rejected", indonesia: "Ditolak" });
    const got = await callbacksOf(payment.referenceNo!, link.paymentLinkId, 2);
    expect(got.find((r) => r.path === "/hooks/v1.0/debit/notify")!.json).toMatchObject({
      latestTransactionStatus: "06",
      additionalInfo: { channel: "GOPAY" },
    });
    expect(got.find((r) => r.path === "/hooks/v1.0/payment-link/notify")!.json).toMatchObject({
      paymentFlagStatus: "01",
    });
    const status = await srv.merchant.debitStatus({ originalReferenceNo: payment.referenceNo!, serviceCode: "54" });
    expect(status).toMatchObject({ responseCode: "2005500", latestTransactionStatus: "06" });
    const retry = await pay(link.paymentLinkId, "gopay");
    expect(retry.paymentFlagStatus).toBe("02");
    expect(retry.payment.referenceNo).not.toBe(payment.referenceNo);
  });

  it("ovo: the phone number is mandatory and must be an Indonesian mobile number", async () => {
    const link = await newLink();
    const missing = await snapError(pay(link.paymentLinkId, "ovo"));
    expect(missing).toMatchObject({ status: 400, code: "4002702" });
    expect(missing.message).toContain("phoneNumber");
    for (const bad of ["0212345678", "812345678901", "+6212345678901", "0812345", "081234567890123", "08abc4567890"]) {
      const e = await snapError(pay(link.paymentLinkId, "ovo", bad));
      expect(e, bad).toMatchObject({ status: 400, code: "4002701" });
      expect(e.message, bad).toContain("phoneNumber");
    }
    // Nothing was chosen by the refused calls.
    expect((await inquire(link.paymentLinkId)).payment).toEqual({ type: "", bank: "", content: "" });
  });

  it("ovo: masked number as content; the same number again is the same request, another number a new one", async () => {
    const link = await newLink();
    const first = await pay(link.paymentLinkId, "ovo", "081234567890");
    expect(first.payment).toMatchObject({
      type: "ew",
      bank: "ovo",
      content: { name: "phoneNumber", value: "0812*****890" },
    });
    // The same number written another way is the same number.
    for (const same of ["6281234567890", "+6281234567890", "0812-3456-7890"])
      expect((await pay(link.paymentLinkId, "ovo", same)).payment.referenceNo, same).toBe(first.payment.referenceNo);
    const other = await pay(link.paymentLinkId, "ovo", "+6285712345678");
    expect(other.payment.referenceNo).not.toBe(first.payment.referenceNo);
    expect(other.payment.content.value).toBe("0857*****678");
    // No wallet page for the push flow: approval comes from the wallet's app.
    expect(JSON.stringify(other.payment)).not.toContain("/v1.0/debit/wallet/");
    const status = await srv.merchant.debitStatus({
      originalReferenceNo: other.payment.referenceNo!,
      serviceCode: "54",
    });
    expect(status.latestTransactionStatus).toBe("03");
    // The number switched away from: its request can no longer be approved in the app.
    const old = await srv.merchant.debitStatus({ originalReferenceNo: first.payment.referenceNo!, serviceCode: "54" });
    expect(old.latestTransactionStatus).toBe("05");
  });

  it("ovo approved by the provider (npm run simulate's path) pays the link; the timeline shows the wallet and the masked number", async () => {
    const link = await newLink();
    const { payment } = await pay(link.paymentLinkId, "ovo", "081298765432");
    const res = await simulateWalletPayment(srv.baseUrl, srv.credentials.acquirer, {
      referenceNo: payment.referenceNo!,
      status: "00",
      merchant: srv.credentials.merchant,
    });
    expect(res.status).toBe(200);
    expect(res.reply).toMatchObject({
      responseCode: "2005600",
      originalReferenceNo: payment.referenceNo,
      originalPartnerReferenceNo: link.partnerReferenceNo,
      latestTransactionStatus: "00",
    });
    expect((await inquire(link.paymentLinkId)).paymentFlagStatus).toBe("00");
    const detail = (await (
      await fetch(`${srv.baseUrl}/v1/payment-links/${link.paymentLinkId}`, {
        headers: { "X-Secret-Key": srv.credentials.merchant.secretKey },
      })
    ).json()) as { timeline: { type: string; method: string | null; account?: string }[]; payment: Payment };
    expect(detail.timeline.find((e) => e.type === "paid")).toMatchObject({ method: "ew.ovo", account: "0812*****432" });
    expect(detail.payment.content).toEqual({ name: "phoneNumber", value: "0812*****432" });
  });

  it("refuses a notification with another amount (4045613) or an unknown reference (4045601), crediting nothing", async () => {
    const link = await newLink();
    const { payment } = await pay(link.paymentLinkId, "dana");
    expect(await snapError(notify(payment.referenceNo!, "1.00"))).toMatchObject({
      status: 404,
      code: "4045613",
      message: "Invalid Amount",
    });
    expect(await snapError(notify("EW000000000000000000", link.totalAmount.value))).toMatchObject({
      status: 404,
      code: "4045601",
    });
    // A reference of another kind (the link's own reference, a VA number) is unknown here too.
    expect(await snapError(notify(link.partnerReferenceNo, link.totalAmount.value))).toMatchObject({
      status: 404,
      code: "4045601",
    });
    // The attempt's link reference must match when given.
    expect(
      await snapError(notify(payment.referenceNo!, link.totalAmount.value, "00", "INV-someone-else")),
    ).toMatchObject({ status: 404, code: "4045601" });
    expect((await inquire(link.paymentLinkId)).paymentFlagStatus).toBe("02");
    // The right notification still settles it afterwards.
    expect((await notify(payment.referenceNo!, link.totalAmount.value)).latestTransactionStatus).toBe("00");
  });

  it("refuses a notification signed by the merchant instead of the provider (403 4035601)", async () => {
    const link = await newLink();
    const { payment } = await pay(link.paymentLinkId, "dana");
    const e = await snapError(
      srv.merchant.notifyWalletPayment(
        walletNotification({ referenceNo: payment.referenceNo!, amount: link.totalAmount.value, status: "00" }),
      ),
    );
    expect(e).toMatchObject({ status: 403, code: "4035601" });
    // A body signed with the provider's token but another secret is not the provider either.
    const forged = await srv.acquirer.snap.raw({
      method: "POST",
      path: "/v1.0/debit/notify",
      body: JSON.stringify(
        walletNotification({ referenceNo: payment.referenceNo!, amount: link.totalAmount.value, status: "00" }),
      ),
      headers: { "X-SIGNATURE": "AAAA" },
    });
    expect(forged.status).toBe(401);
    expect((await inquire(link.paymentLinkId)).paymentFlagStatus).toBe("02");
  });

  it("a replay gets the first answer and never a second credit; a decline after it changes nothing", async () => {
    const link = await newLink();
    const { payment } = await pay(link.paymentLinkId, "gopay");
    const body = walletNotification({
      referenceNo: payment.referenceNo!,
      amount: link.totalAmount.value,
      status: "00",
    });
    const first = await srv.acquirer.notifyWalletPayment(body);
    const again = await srv.acquirer.notifyWalletPayment(body);
    expect(again).toEqual(first);
    const decline = await notify(payment.referenceNo!, link.totalAmount.value, "06");
    expect(decline.latestTransactionStatus).toBe("00");
    expect((await inquire(link.paymentLinkId)).paymentFlagStatus).toBe("00");
    await callbacksOf(payment.referenceNo!, link.paymentLinkId, 2);
    const debits = receiver.received.filter(
      (r: Received) => r.path === "/hooks/v1.0/debit/notify" && r.json.originalReferenceNo === payment.referenceNo,
    );
    expect(debits).toHaveLength(1);
    const list = await srv.merchant.transactionList({ method: "ew", status: "00", pageSize: 100 });
    expect(list.detailData.filter((t) => t.partnerReferenceNo === link.partnerReferenceNo)).toHaveLength(1);
  });

  it("a success for an attempt switched away from settles the unpaid link; on a paid link it is 4045614 and credits nothing", async () => {
    const link = await newLink();
    const dana = await pay(link.paymentLinkId, "dana");
    const ovo = await pay(link.paymentLinkId, "ovo", "081234567890");
    // The payer left DANA for OVO, but DANA's approval arrives: the money moved, the link is paid.
    const late = await notify(dana.payment.referenceNo!, link.totalAmount.value);
    expect(late.latestTransactionStatus).toBe("00");
    const paid = await inquire(link.paymentLinkId);
    expect(paid.paymentFlagStatus).toBe("00");
    expect(paid.payment).toMatchObject({ bank: "dana", referenceNo: dana.payment.referenceNo });
    // OVO's approval now finds the link paid.
    expect(await snapError(notify(ovo.payment.referenceNo!, link.totalAmount.value))).toMatchObject({
      status: 404,
      code: "4045614",
      message: "Paid Bill",
    });
    // Pay on the paid link: Paid Bill, as for every method.
    expect(await snapError(pay(link.paymentLinkId, "dana"))).toMatchObject({ status: 404, code: "4042714" });
  });

  it("a wallet approval for a link paid another way (VA) is refused with 4045614 and credits nothing", async () => {
    const link = await newLink();
    const wallet = await pay(link.paymentLinkId, "shopeepay");
    const { paymentLinkData: va } = await checkout.payPaymentLink({
      additionalInfo: { paymentLinkId: link.paymentLinkId, paymentMethod: { groupId: "va", methodId: "bca" } },
    });
    const vaNo = (va.payment.content as { value: string }).value;
    const { simulateVaPayment } = await import("@/lib/clients/simulator");
    expect(
      (
        await simulateVaPayment(srv.baseUrl, srv.credentials.acquirer, {
          virtualAccountNo: vaNo,
          amount: link.totalAmount.value,
        })
      ).status,
    ).toBe(200);
    expect(await snapError(notify(wallet.payment.referenceNo!, link.totalAmount.value))).toMatchObject({
      status: 404,
      code: "4045614",
    });
    const after = await inquire(link.paymentLinkId);
    expect(after.payment.type).toBe("va");
    // The wallet's page no longer opens either.
    expect((await fetch(wallet.payment.content.value)).status).toBe(404);
  });

  it("debit status: by referenceNo or partnerReferenceNo, 01 open, 00 with paidTime, card references too, unknown 4045501", async () => {
    const link = await newLink();
    const { payment } = await pay(link.paymentLinkId, "dana");
    const open = await srv.merchant.debitStatus({ originalReferenceNo: payment.referenceNo!, serviceCode: "54" });
    expect(open).toMatchObject({
      responseCode: "2005500",
      originalReferenceNo: payment.referenceNo,
      originalPartnerReferenceNo: link.partnerReferenceNo,
      serviceCode: "54",
      latestTransactionStatus: "01",
      transactionStatusDesc: "Initiated",
      amount: link.totalAmount,
    });
    expect(open.paidTime).toBeUndefined();
    await notify(payment.referenceNo!, link.totalAmount.value);
    const done = await srv.merchant.debitStatus({
      originalPartnerReferenceNo: link.partnerReferenceNo,
      serviceCode: "54",
    });
    expect(done).toMatchObject({ originalReferenceNo: payment.referenceNo, latestTransactionStatus: "00" });
    expect(done.paidTime).toMatch(/\+07:00$/);

    const card = await srv.merchant.cardPay({
      partnerReferenceNo: `CARD-${link.partnerReferenceNo}`,
      amount: { value: "10000.00", currency: "IDR" },
      urlParams: [{ url: "https://merchant.example/back", type: "PAY_RETURN", isDeeplink: "N" }],
      additionalInfo: {},
    });
    expect(await srv.merchant.debitStatus({ originalReferenceNo: card.referenceNo, serviceCode: "54" })).toMatchObject({
      originalReferenceNo: card.referenceNo,
      originalPartnerReferenceNo: card.partnerReferenceNo,
      latestTransactionStatus: "01",
      amount: { value: "10000.00", currency: "IDR" },
    });

    expect(
      await snapError(srv.merchant.debitStatus({ originalReferenceNo: "EW000000000000000000", serviceCode: "54" })),
    ).toMatchObject({ status: 404, code: "4045501" });
    expect(await snapError(srv.merchant.debitStatus({ serviceCode: "54" }))).toMatchObject({
      status: 400,
      code: "4005502",
    });
    // The checkout client has no records of its own here: another partner's reference is unknown.
    expect(
      await snapError(checkout.debitStatus({ originalReferenceNo: payment.referenceNo!, serviceCode: "54" })),
    ).toMatchObject({ status: 404, code: "4045501" });
  });

  it("lists wallet payments with method ew and bank the method id", async () => {
    const link = await newLink();
    const { payment } = await pay(link.paymentLinkId, "gopay");
    await notify(payment.referenceNo!, link.totalAmount.value);
    const list = await srv.merchant.transactionList({ method: "ew", pageSize: 100 });
    expect(list.detailData.find((t) => t.referenceNo === payment.referenceNo)).toMatchObject({
      partnerReferenceNo: link.partnerReferenceNo,
      method: "ew",
      bank: "gopay",
      status: "00",
      amount: link.totalAmount,
    });
    const one = await srv.merchant.transactionDetail({ originalReferenceNo: payment.referenceNo! });
    expect(one).toMatchObject({ method: "ew", bank: "gopay", status: "00" });
  });
});

/** The push request's lapse and a link's deadline, with short clocks (WALLET_PUSH_TTL_SECONDS). */
describe.each(DB_KINDS)("e-wallet lapses and deadlines on %s", (db) => {
  let srv: RunningServer;
  let checkout: GatewayClient;
  beforeAll(async () => {
    srv = await startServer({ db, env: { WALLET_PUSH_TTL_SECONDS: "1" } });
    checkout = new GatewayClient(srv.baseUrl, srv.checkout, srv.validator.fetch());
  });
  afterAll(async () => {
    await srv?.stop();
  });
  const pay = async (paymentLinkId: string, methodId: string, phoneNumber?: string) =>
    (
      await checkout.payPaymentLink({
        additionalInfo: { paymentLinkId, paymentMethod: { groupId: "ew", methodId, phoneNumber } },
      })
    ).paymentLinkData;
  const waitUntilStatus = async (referenceNo: string, code: string) => {
    for (;;) {
      const s = await srv.merchant.debitStatus({ originalReferenceNo: referenceNo, serviceCode: "54" });
      if (s.latestTransactionStatus === code) return s;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it("a lapsed push answers 05, the link stays 02, Pay again sends a new request, and the lapsed one's success still settles", async () => {
    const { paymentLinkData: link } = await srv.merchant.createPaymentLink(linkRequest());
    const first = await pay(link.paymentLinkId, "ovo", "081234567890");
    const lapsed = await waitUntilStatus(first.payment.referenceNo!, "05");
    expect(lapsed.transactionStatusDesc).toBe("Canceled");
    expect(
      (await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.paymentLinkId } })).paymentLinkData
        .paymentFlagStatus,
    ).toBe("02");
    const resent = await pay(link.paymentLinkId, "ovo", "081234567890");
    expect(resent.payment.referenceNo).not.toBe(first.payment.referenceNo);
    expect(resent.paymentFlagStatus).toBe("02");
    // The payer approved the lapsed request after all: the link is unpaid, so it is paid.
    const late = await srv.acquirer.notifyWalletPayment(
      walletNotification({ referenceNo: first.payment.referenceNo!, amount: link.totalAmount.value, status: "00" }),
    );
    expect(late.latestTransactionStatus).toBe("00");
    const after = await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.paymentLinkId } });
    expect(after.paymentLinkData.paymentFlagStatus).toBe("00");
    // The resent request's approval then finds the link paid.
    const e = await snapError(
      srv.acquirer.notifyWalletPayment(
        walletNotification({ referenceNo: resent.payment.referenceNo!, amount: link.totalAmount.value, status: "00" }),
      ),
    );
    expect(e).toMatchObject({ status: 404, code: "4045614" });
  });

  it("a decline of a lapsed request leaves the link pending", async () => {
    const { paymentLinkData: link } = await srv.merchant.createPaymentLink(linkRequest());
    const first = await pay(link.paymentLinkId, "ovo", "085712345678");
    await waitUntilStatus(first.payment.referenceNo!, "05");
    await srv.acquirer.notifyWalletPayment(
      walletNotification({ referenceNo: first.payment.referenceNo!, amount: link.totalAmount.value, status: "06" }),
    );
    const after = await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.paymentLinkId } });
    expect(after.paymentLinkData.paymentFlagStatus).toBe("02");
  });

  it("after the link's deadline the wallet page opens nothing, and an approval that arrives is still recorded (the money moved)", async () => {
    const { paymentLinkData: link } = await srv.merchant.createPaymentLink(linkRequest({ expiresInSeconds: 3 }));
    const dana = await pay(link.paymentLinkId, "dana");
    const url = (dana.payment.content as { value: string }).value;
    await waitUntilStatus(dana.payment.referenceNo!, "05");
    expect((await fetch(url)).status).toBe(404);
    expect(
      await snapError(
        checkout.payPaymentLink({
          additionalInfo: { paymentLinkId: link.paymentLinkId, paymentMethod: { groupId: "ew", methodId: "dana" } },
        }),
      ),
    ).toMatchObject({ status: 403, code: "4032700" });
    const late = await srv.acquirer.notifyWalletPayment(
      walletNotification({ referenceNo: dana.payment.referenceNo!, amount: link.totalAmount.value, status: "00" }),
    );
    expect(late.latestTransactionStatus).toBe("00");
    const after = await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.paymentLinkId } });
    expect(after.paymentLinkData.paymentFlagStatus).toBe("00");
  });
});
