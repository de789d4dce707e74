import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateVaRequest } from "@/lib/contract/va";
import { type GatewayClient } from "@/lib/clients/gateway-client";
import { vaNotification } from "@/lib/clients/simulator";
import { inSeconds, vaKeyOf, vaRequest } from "@/tests/support/factories";
import { DB_KINDS, startServer, type RunningServer } from "@/tests/support/server";
import { snapError } from "@/tests/support/snap-error";

describe.each(DB_KINDS)("virtual accounts on %s", (db) => {
  let srv: RunningServer;
  let merchant: GatewayClient;
  let acquirer: GatewayClient;
  beforeAll(async () => {
    srv = await startServer({ db });
    merchant = srv.merchant;
    acquirer = srv.acquirer;
  });
  afterAll(async () => {
    await srv.stop();
  });

  it("creates, reads, updates and deletes a VA with the SNAP codes of each operation", async () => {
    const req = vaRequest();
    const created = await merchant.createVa(req);
    expect(created.responseCode).toBe("2002700");
    expect(created.virtualAccountData).toMatchObject({
      partnerServiceId: "   88808",
      virtualAccountNo: req.virtualAccountNo,
      virtualAccountName: "Budi Santoso",
      totalAmount: { value: "150000.00", currency: "IDR" },
      virtualAccountTrxType: "C",
      expiredDate: req.expiredDate,
    });
    const inquiry = await merchant.inquiryVa(vaKeyOf(req));
    expect(inquiry.responseCode).toBe("2003000");
    expect(inquiry.virtualAccountData).toEqual(created.virtualAccountData);
    const status = await merchant.vaStatus({ ...vaKeyOf(req), inquiryRequestId: "inq-1" });
    expect(status.responseCode).toBe("2002600");
    expect(status.virtualAccountData).toMatchObject({
      paymentFlagStatus: "02",
      inquiryRequestId: "inq-1",
      paidAmount: { value: "0.00", currency: "IDR" },
    });
    const updated = await merchant.updateVa({
      ...req,
      totalAmount: { value: "175000.00", currency: "IDR" },
      virtualAccountName: "Budi S.",
    });
    expect(updated.responseCode).toBe("2002800");
    expect(updated.virtualAccountData.totalAmount.value).toBe("175000.00");
    const deleted = await merchant.deleteVa(vaKeyOf(req));
    expect(deleted.responseCode).toBe("2003100");
    expect(await snapError(merchant.inquiryVa(vaKeyOf(req)))).toMatchObject({ status: 404, code: "4043012" });
    const pay = await snapError(
      acquirer.notifyVaPayment(vaNotification({ virtualAccountNo: req.virtualAccountNo, amount: "175000.00" })),
    );
    expect(pay).toMatchObject({ status: 404, code: "4042519" });
  });

  it.each([
    ["a VA number that is not partnerServiceId + customerNo", { virtualAccountNo: "   8880899" }, 400, "4002701"],
    ["an unknown partnerServiceId", { partnerServiceId: "   12345" }, 400, "4002701"],
    ["a closed VA without an amount", { totalAmount: undefined }, 400, "4002702"],
    ["a bank under maintenance", { partnerServiceId: "    5919" }, 403, "4032701"],
  ])("refuses %s", async (_, patch, status, code) => {
    const base = vaRequest();
    const req = { ...base, ...patch } as CreateVaRequest;
    if ("partnerServiceId" in patch) req.virtualAccountNo = `${req.partnerServiceId}${req.customerNo}`;
    expect(await snapError(merchant.createVa(req))).toMatchObject({ status, code });
  });

  it("refuses a VA number that exists", async () => {
    const req = vaRequest();
    await merchant.createVa(req);
    expect(await snapError(merchant.createVa({ ...req, trxId: "other" }))).toEqual({
      status: 409,
      code: "4092701",
      message: "Duplicate virtualAccountNo",
    });
  });

  it("settles a payment once: wrong amount, success, replay, second payment", async () => {
    const req = vaRequest();
    await merchant.createVa(req);
    const wrongNotice = vaNotification({ virtualAccountNo: req.virtualAccountNo, amount: "149999.99" });
    const wrong = await snapError(acquirer.notifyVaPayment(wrongNotice));
    expect(wrong).toMatchObject({ status: 404, code: "4042513", message: "Invalid Amount" });
    // The same paymentRequestId again gets the first answer again — even with the right amount.
    const retried = {
      ...wrongNotice,
      virtualAccountData: {
        ...wrongNotice.virtualAccountData,
        paidAmount: { value: "150000.00", currency: "IDR" as const },
      },
    };
    expect(await snapError(acquirer.notifyVaPayment(retried))).toEqual(wrong);
    expect((await merchant.vaStatus(vaKeyOf(req))).virtualAccountData.paymentFlagStatus).toBe("02");
    // The notification as the interface shows it (docs/contract.md §12.6): leading spaces in the numbers.
    const notice = vaNotification({ virtualAccountNo: ` ${req.virtualAccountNo.trim()}`, amount: "150000.00" });
    notice.virtualAccountData.customerNo = ` ${req.customerNo}`;
    notice.virtualAccountData.partnerServiceId = " 88808";
    const first = await acquirer.notifyVaPayment(notice);
    expect(first.responseCode).toBe("2002500");
    expect(first.virtualAccountData).toMatchObject({
      paymentFlagStatus: "00",
      paidAmount: { value: "150000.00", currency: "IDR" },
    });
    const replay = await acquirer.notifyVaPayment(notice);
    expect(replay).toEqual(first);
    const second = await snapError(
      acquirer.notifyVaPayment(vaNotification({ virtualAccountNo: req.virtualAccountNo, amount: "150000.00" })),
    );
    expect(second).toMatchObject({ status: 404, code: "4042514", message: "Paid Bill" });
    const status = await merchant.vaStatus(vaKeyOf(req));
    expect(status.virtualAccountData).toMatchObject({
      paymentFlagStatus: "00",
      paidAmount: { value: "150000.00" },
      paymentRequestId: notice.virtualAccountData.paymentRequestId,
    });
    expect(await snapError(merchant.deleteVa(vaKeyOf(req)))).toMatchObject({ status: 404, code: "4043114" });
    expect(await snapError(merchant.updateVa(req))).toMatchObject({ status: 404, code: "4042814" });
  });

  it("accepts any positive amount on an open VA", async () => {
    const req = vaRequest({ virtualAccountTrxType: "O", totalAmount: undefined });
    await merchant.createVa(req);
    const res = await acquirer.notifyVaPayment(
      vaNotification({ virtualAccountNo: req.virtualAccountNo, amount: "12345.67" }),
    );
    expect(res.virtualAccountData.paidAmount.value).toBe("12345.67");
  });

  it("refuses payment into an expired VA with 4042519", async () => {
    const req = vaRequest({ expiredDate: inSeconds(2) });
    await merchant.createVa(req);
    await expect
      .poll(async () => (await merchant.vaStatus(vaKeyOf(req))).virtualAccountData.paymentFlagStatus, {
        timeout: 5000,
        interval: 250,
      })
      .toBe("03");
    const e = await snapError(
      acquirer.notifyVaPayment(vaNotification({ virtualAccountNo: req.virtualAccountNo, amount: "150000.00" })),
    );
    expect(e).toMatchObject({ status: 404, code: "4042519" });
  });

  it("keeps partners apart: the acquirer cannot manage VAs, the merchant cannot notify payments", async () => {
    const req = vaRequest();
    await merchant.createVa(req);
    // another partner's VA answers exactly as one that does not exist
    const unknown = await snapError(merchant.inquiryVa(vaKeyOf(vaRequest())));
    expect(unknown.status).toBe(404);
    expect(await snapError(acquirer.inquiryVa(vaKeyOf(req)))).toEqual(unknown);
    expect(await snapError(acquirer.createVa(vaRequest()))).toMatchObject({ status: 403, code: "4032701" });
    expect(
      await snapError(
        merchant.notifyVaPayment(vaNotification({ virtualAccountNo: req.virtualAccountNo, amount: "150000.00" })),
      ),
    ).toMatchObject({ status: 403, code: "4032501" });
  });
});
