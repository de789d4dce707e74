import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient, type SnapClientError } from "@/lib/clients/gateway-client";
import { parseQris } from "@/lib/qris";
import { DB_KINDS, startServer, type RunningServer } from "@/tests/support/server";
import { inSeconds, linkRequest } from "@/tests/support/factories";
import { snapError } from "@/tests/support/snap-error";

describe.each(DB_KINDS)("payment links on %s", (db) => {
  let srv: RunningServer;
  let merchant: GatewayClient;
  let checkout: GatewayClient;
  beforeAll(async () => {
    srv = await startServer({ db });
    merchant = srv.merchant;
    checkout = new GatewayClient(srv.baseUrl, srv.checkout, srv.validator.fetch());
  });
  afterAll(async () => {
    expect(await srv.stop()).toBe(0);
  });

  it("reports its database", async () => {
    const res = await fetch(`${srv.baseUrl}/api/health`);
    expect(await res.json()).toEqual({ status: "ok", database: db });
  });

  it("creates a link with exact totals and answers the pending variant with an empty payment", async () => {
    const req = linkRequest();
    const created = await merchant.createPaymentLink(req);
    expect(created.responseCode).toBe("2002700");
    expect(created.responseMessage).toBe("Success");
    const d = created.paymentLinkData;
    // 2 × 125000.00 + 3 × 0.10 = 250000.30; + 15000.00 − 20000.20 = 245000.10
    expect(d.additionalInfo.subtotal).toBe("250000.30");
    expect(d.totalAmount).toEqual({ currency: "IDR", value: "245000.10" });
    expect(d.additionalInfo.customFees[1]).toEqual({ text: "Voucher", value: "-20000.20" });
    expect(d.paymentFlagStatus).toBe("02");
    expect(d.paymentFlagReason).toEqual({ english: "Pending", indonesia: "Menunggu" });
    expect(d.payment).toEqual({ type: "", bank: "", content: "" });
    expect(d.paymentLinkId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const uri = new URL(d.paymentLinkUri);
    expect(`${uri.origin}${uri.pathname}`).toBe(`${srv.credentials.baseUrl}/pay/${d.paymentLinkId}`);
    expect(uri.searchParams.get("secret")!.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits of base64url
    expect(d.expiredDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);

    const byId = await merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: d.paymentLinkId } });
    const byRef = await merchant.inquiryPaymentLink({ partnerReferenceNo: req.partnerReferenceNo });
    expect(byId.paymentLinkData).toEqual(d);
    expect(byRef.paymentLinkData).toEqual(d);
  });

  it("honours expiryMinutes and expiredDate", async () => {
    const a = await merchant.createPaymentLink(linkRequest({ additionalInfo: { expiryMinutes: 30 } }));
    const minutes = (Date.parse(a.paymentLinkData.expiredDate) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    const at = inSeconds(7200);
    const b = await merchant.createPaymentLink(linkRequest({ expiredDate: at }));
    expect(b.paymentLinkData.expiredDate).toBe(at);
  });

  it.each([
    [
      "totalAmount that is not subtotal + fees",
      linkRequest({ totalAmount: { value: "245000.00", currency: "IDR" } }),
      "4002701",
      "totalAmount.value",
    ],
    [
      "a total of zero",
      linkRequest({ additionalInfo: { customFees: [{ text: "Voucher", value: "-250000.30" }] } }),
      "4002701",
      "totalAmount.value",
    ],
    [
      "a float price",
      linkRequest({ additionalInfo: { itemDetails: [{ name: "x", price: "1.5", quantity: 1 }] } }),
      "4002701",
      "additionalInfo.itemDetails[0].price",
    ],
    [
      "a negative price",
      linkRequest({ additionalInfo: { itemDetails: [{ name: "x", price: "-1.00", quantity: 1 }] } }),
      "4002701",
      "additionalInfo.itemDetails[0].price",
    ],
    [
      "a currency other than IDR",
      linkRequest({ totalAmount: { value: "245000.10", currency: "USD" as "IDR" } }),
      "4002701",
      "totalAmount.currency",
    ],
    ["a past expiredDate", linkRequest({ expiredDate: inSeconds(-60) }), "4002701", "expiredDate"],
    [
      "an unknown payment method",
      linkRequest({ additionalInfo: { paymentMethods: ["va.nope"] } }),
      "4002701",
      "additionalInfo.paymentMethods",
    ],
  ])("refuses %s", async (_, req, code, field) => {
    const e = await snapError(merchant.createPaymentLink(req));
    expect(e).toMatchObject({ status: 400, code });
    expect(e.message).toContain(field);
  });

  it("names a missing mandatory field", async () => {
    const req = linkRequest() as Record<string, unknown>;
    delete req.trxId;
    const e = await snapError(merchant.createPaymentLink(req as never));
    expect(e).toEqual({ status: 400, code: "4002702", message: "Invalid Mandatory Field trxId" });
  });

  it("refuses a callback base that would swallow the callback's path or keep a credential", async () => {
    // The gateway appends /v1.0/payment-link/notify (and the other callback paths) to the base.
    for (const base of [
      "https://shop.example/hooks?token=1",
      "https://shop.example/hooks?",
      "https://shop.example/hooks#x",
      "https://user:pass@shop.example/hooks",
      "https://shop.example/hooks ",
      "HTTPS://shop.example/hooks",
    ]) {
      const e = await snapError(merchant.createPaymentLink(linkRequest({ additionalInfo: { callbackBaseUrl: base } })));
      expect(e, base).toEqual({
        status: 400,
        code: "4002701",
        message: "Invalid Field Format additionalInfo.callbackBaseUrl",
      });
    }
    await merchant.createPaymentLink(linkRequest({ additionalInfo: { callbackBaseUrl: "http://127.0.0.1:9/hooks/" } }));
  });

  it("refuses a duplicate partnerReferenceNo, also under a race", async () => {
    const req = linkRequest();
    await merchant.createPaymentLink(req);
    expect(await snapError(merchant.createPaymentLink(req))).toMatchObject({ status: 409, code: "4092701" });
    const raced = linkRequest();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => merchant.createPaymentLink(raced)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect((r.reason as SnapClientError).responseCode).toBe("4092701");
  });

  it("lists method groups with inactive ones and their reasons", async () => {
    const { paymentLinkData: d } = await merchant.createPaymentLink(linkRequest());
    const res = await checkout.paymentLinkMethods({
      partnerReferenceNo: d.partnerReferenceNo,
      trxId: "echo-me",
      additionalInfo: { paymentLinkId: d.paymentLinkId },
    });
    expect(res.responseCode).toBe("2002700");
    const pm = res.paymentLinkPaymentMethod;
    expect(pm.partnerReferenceNo).toBe(d.partnerReferenceNo);
    expect(pm.trxId).toBe("echo-me");
    const groups = pm.additionalInfo.paymentMethod;
    expect(groups.map((g) => g.id)).toEqual(["va", "qr", "cc", "ew"]);
    const [va, qr, cc, ew] = groups;
    expect(va!.active).toBe(true);
    expect(va!.activeText).toEqual({ english: "", indonesia: "" });
    expect(qr!.method.map((m) => m.id)).toEqual(["qris"]);
    const cimb = va!.method.find((m) => m.id === "cimb")!;
    expect(cimb.active).toBe(false);
    expect(cimb.activeText.english).toMatch(/maintenance/i);
    expect(cimb.activeText.indonesia).toMatch(/pemeliharaan/i);
    expect(va!.method.find((m) => m.id === "permata")!.activeText.english).toMatch(/registration/i);
    expect(cc!.active).toBe(true);
    expect(cc!.method.map((m) => [m.id, m.active])).toEqual([["card", true]]);
    // E-wallets (docs/contract.md §8): active on a fresh sandbox, three redirect wallets and OVO.
    expect(ew!.active).toBe(true);
    expect(ew!.title).toEqual({ english: "E-Wallet", indonesia: "Dompet Digital" });
    expect(ew!.method.map((m) => [m.id, m.active])).toEqual([
      ["dana", true],
      ["shopeepay", true],
      ["gopay", true],
      ["ovo", true],
    ]);
    const logo = await fetch(va!.method[0]!.logo.replace(srv.credentials.baseUrl, srv.baseUrl));
    expect(logo.status).toBe(200);
  });

  it("leaves out methods the link excludes", async () => {
    const { paymentLinkData: d } = await merchant.createPaymentLink(
      linkRequest({ additionalInfo: { paymentMethods: ["qr.qris"] } }),
    );
    const res = await merchant.paymentLinkMethods({ additionalInfo: { paymentLinkId: d.paymentLinkId } });
    const groups = res.paymentLinkPaymentMethod.additionalInfo.paymentMethod;
    expect(groups.find((g) => g.id === "va")).toBeUndefined();
    expect(groups.find((g) => g.id === "qr")!.method.map((m) => m.id)).toEqual(["qris"]);
    const e = await snapError(
      merchant.payPaymentLink({
        additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId: "va", methodId: "bca" } },
      }),
    );
    expect(e).toEqual({ status: 403, code: "4032701", message: "Feature Not Allowed" });
  });

  it("pays by VA: SNAP-padded number, same number again, retired when switching", async () => {
    const { paymentLinkData: d } = await merchant.createPaymentLink(linkRequest());
    const pay = (groupId: string, methodId: string) =>
      checkout.payPaymentLink({
        additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId, methodId } },
      });
    const first = (await pay("va", "bca")).paymentLinkData;
    expect(first.paymentFlagStatus).toBe("02");
    expect(first.payment.type).toBe("va");
    expect(first.payment.bank).toBe("bca");
    const content = first.payment.content as { name: string; value: string };
    expect(content.value).toMatch(/^ {3}88808\d{11}$/); // "88808" left-padded to 8, then customerNo
    expect(content.name.length).toBeGreaterThan(0);
    const again = (await pay("va", "bca")).paymentLinkData;
    expect(again.payment).toEqual(first.payment);

    const inquiry = await merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: d.paymentLinkId } });
    expect(inquiry.paymentLinkData.payment).toEqual(first.payment);

    const qr = (await pay("qr", "qris")).paymentLinkData;
    expect(qr.payment.type).toBe("qr");
    const back = (await pay("va", "bca")).paymentLinkData;
    expect((back.payment.content as { value: string }).value).not.toBe(content.value);
  });

  it("pays by QRIS: a dynamic payload that decodes back to the total", async () => {
    const { paymentLinkData: d } = await merchant.createPaymentLink(linkRequest());
    const res = await checkout.payPaymentLink({
      additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId: "qr", methodId: "qris" } },
    });
    const payload = (res.paymentLinkData.payment.content as { value: string }).value;
    const qr = parseQris(payload); // throws on a CRC mismatch
    expect(qr.pointOfInitiation).toBe("dynamic");
    expect(qr.amountMinor).toBe(24_500_010);
    expect(qr.currency).toBe("360");
    expect(qr.countryCode).toBe("ID");
    expect(qr.merchantName).toBe("Toko Kopi Nusantara");
    expect(qr.referenceLabel).toMatch(/^QR\d{18}$/);
    // ASPI QRIS: a 15-character NMID (ID + 13 digits) in 51.02, the merchant's postal code in 61
    expect(qr.nmid).toMatch(/^ID\d{13}$/);
    expect(qr.tags["51.02"]).toHaveLength(15);
    expect(qr.tags["26.02"]).toBe(qr.nmid!.slice(2));
    expect(qr.postalCode).toBe("10110");
    const again = await checkout.payPaymentLink({
      additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId: "qr", methodId: "qris" } },
    });
    expect((again.paymentLinkData.payment.content as { value: string }).value).toBe(payload);
  });

  it("a total QRIS tag 54 cannot carry: the QR group and method inactive with the reason, Pay refused with 4032701", async () => {
    const big = linkRequest({
      additionalInfo: { itemDetails: [{ name: "Gedung", price: "99999999999.99", quantity: 1 }], customFees: [] },
    });
    const { paymentLinkData: d } = await merchant.createPaymentLink(big);
    expect(d.totalAmount.value).toBe("99999999999.99");
    const groups = (await checkout.paymentLinkMethods({ additionalInfo: { paymentLinkId: d.paymentLinkId } }))
      .paymentLinkPaymentMethod.additionalInfo.paymentMethod;
    const reason = { english: "Amount exceeds the QRIS limit", indonesia: "Jumlah melebihi batas QRIS" };
    const qr = groups.find((g) => g.id === "qr")!;
    expect(qr).toMatchObject({ active: false, activeText: reason });
    expect(qr.method.map((m) => [m.id, m.active, m.activeText])).toEqual([["qris", false, reason]]);
    // the other groups are untouched: a VA or a card carries any amount
    expect(groups.find((g) => g.id === "va")!.active).toBe(true);
    expect(groups.find((g) => g.id === "cc")!.active).toBe(true);
    const e = await snapError(
      checkout.payPaymentLink({
        additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId: "qr", methodId: "qris" } },
      }),
    );
    expect(e).toEqual({ status: 403, code: "4032701", message: "Feature Not Allowed" });
    expect(
      (await merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: d.paymentLinkId } })).paymentLinkData
        .payment,
    ).toEqual({ type: "", bank: "", content: "" });
    // 13 characters still fit: 9999999999999 whole rupiah is written without a fraction
    const edge = await merchant.createPaymentLink(
      linkRequest({
        additionalInfo: { itemDetails: [{ name: "Gedung", price: "9999999999999.00", quantity: 1 }], customFees: [] },
      }),
    );
    const paid = await checkout.payPaymentLink({
      additionalInfo: {
        paymentLinkId: edge.paymentLinkData.paymentLinkId,
        paymentMethod: { groupId: "qr", methodId: "qris" },
      },
    });
    expect(parseQris((paid.paymentLinkData.payment.content as { value: string }).value).tags["54"]).toBe(
      "9999999999999",
    );
  });

  it.each([
    ["an inactive method (maintenance)", "va", "cimb"],
    ["an inactive method (registration)", "va", "permata"],
    // A group switched off is refused the same way: console.test.ts (the merchant's switch) and
    // production.test.ts (cards and e-wallets without a processor or provider).
    ["a method the group does not have", "ew", "linkaja"],
    ["an unknown method", "va", "nope"],
  ])("refuses %s with 4032701", async (_, groupId, methodId) => {
    const { paymentLinkData: d } = await merchant.createPaymentLink(linkRequest());
    const e = await snapError(
      checkout.payPaymentLink({
        additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId, methodId } },
      }),
    );
    expect(e).toEqual({ status: 403, code: "4032701", message: "Feature Not Allowed" });
  });

  it("turns a link expired at its deadline: flag 03, pay refused with 4032700", async () => {
    const { paymentLinkData: d } = await merchant.createPaymentLink(linkRequest({ expiredDate: inSeconds(3) }));
    await checkout.payPaymentLink({
      additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId: "va", methodId: "bni" } },
    });
    const flag = async () =>
      (await merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: d.paymentLinkId } })).paymentLinkData
        .paymentFlagStatus;
    await expect.poll(flag, { timeout: 6000, interval: 250 }).toBe("03");
    const inq = await merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: d.paymentLinkId } });
    expect(inq.paymentLinkData.paymentFlagStatus).toBe("03");
    expect(inq.paymentLinkData.paymentFlagReason).toEqual({ english: "Expired", indonesia: "Kedaluwarsa" });
    expect(inq.paymentLinkData.payment.bank).toBe("bni"); // as it was
    const e = await snapError(
      checkout.payPaymentLink({
        additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId: "va", methodId: "bca" } },
      }),
    );
    expect(e).toMatchObject({ status: 403, code: "4032700", message: "Transaction Expired" });
  });

  it("answers 404 4042701 for unknown links and for lookups outside the caller's scope", async () => {
    for (const call of [
      () => merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: "00000000-0000-4000-8000-000000000000" } }),
      () => merchant.inquiryPaymentLink({ partnerReferenceNo: "never-created" }),
      () => merchant.paymentLinkMethods({ additionalInfo: { paymentLinkId: "not-a-uuid" } }),
      // the checkout client reads any link, but only by id
      () => checkout.inquiryPaymentLink({ partnerReferenceNo: "DEMO-OPEN-001" }),
    ]) {
      expect(await snapError(call())).toEqual({ status: 404, code: "4042701", message: "Transaction Not Found" });
    }
  });

  it("finds a link by id when partnerReferenceNo and trxId are empty strings", async () => {
    const { paymentLinkData: d } = await merchant.createPaymentLink(linkRequest());
    const res = await merchant.inquiryPaymentLink({
      partnerReferenceNo: "",
      trxId: "",
      additionalInfo: { paymentLinkId: d.paymentLinkId },
    });
    expect(res.paymentLinkData.paymentLinkId).toBe(d.paymentLinkId);
    expect(await snapError(merchant.inquiryPaymentLink({ partnerReferenceNo: "", trxId: "" }))).toMatchObject({
      status: 400,
      code: "4002702",
    });
  });

  it("keeps other partners out: another partner's link answers as not found, the checkout cannot create links", async () => {
    const acquirer = new GatewayClient(srv.baseUrl, srv.credentials.acquirer);
    const link = srv.credentials.demoLinks[0]!;
    const unknown = { additionalInfo: { paymentLinkId: "00000000-0000-4000-8000-000000000000" } };
    const theirs = { additionalInfo: { paymentLinkId: link.paymentLinkId } };
    const byRef = {
      partnerReferenceNo: (await merchant.inquiryPaymentLink(theirs)).paymentLinkData.partnerReferenceNo,
    };
    for (const call of [
      (b: typeof theirs | typeof byRef) => acquirer.inquiryPaymentLink(b),
      (b: typeof theirs | typeof byRef) => acquirer.paymentLinkMethods(b),
      (b: typeof theirs | typeof byRef) =>
        acquirer.payPaymentLink({
          ...b,
          additionalInfo: {
            ...("additionalInfo" in b ? b.additionalInfo : {}),
            paymentMethod: { groupId: "va", methodId: "bca" },
          },
        }),
    ]) {
      const notFound = await snapError(call(unknown));
      expect(notFound).toMatchObject({ status: 404, code: "4042701" });
      expect(await snapError(call(theirs))).toEqual(notFound);
      expect(await snapError(call(byRef))).toEqual(notFound);
    }
    expect((await merchant.inquiryPaymentLink(theirs)).paymentLinkData.payment.type).not.toBe("va"); // the acquirer's Pay changed nothing
    expect(await snapError(acquirer.createPaymentLink(linkRequest()))).toMatchObject({ status: 403, code: "4032701" });
    expect(await snapError(checkout.createPaymentLink(linkRequest()))).toMatchObject({ status: 403, code: "4032701" });
  });

  it("serves the demo links in the credentials file", async () => {
    expect(srv.credentials.demoLinks.map((l) => l.state)).toEqual([
      "no-method",
      "method-chosen-va",
      "method-chosen-qr",
      "paid",
      "rejected",
    ]);
    const flags = [];
    for (const l of srv.credentials.demoLinks) {
      const res = await merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: l.paymentLinkId } });
      expect(res.paymentLinkData.paymentLinkUri).toBe(l.paymentLinkUri);
      flags.push([res.paymentLinkData.paymentFlagStatus, res.paymentLinkData.payment.type]);
    }
    expect(flags).toEqual([
      ["02", ""],
      ["02", "va"],
      ["02", "qr"],
      ["00", "va"],
      ["01", "qr"],
    ]);
  });
});
