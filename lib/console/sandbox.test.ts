import { describe, expect, it } from "vitest";
import { buildDynamicQris } from "@/lib/qris";
import type { LinkDetail } from "@/lib/contract/console";

const { acquirerNotification, simulatableOutcomes } = await import("@/lib/connector/sandbox-acquirer");
const { simulations } = await import("./sandbox");

const qr = buildDynamicQris({
  merchantName: "TOKO KOPI NUSANTARA",
  merchantCity: "JAKARTA SELATAN",
  postalCode: "12190",
  nmid: "ID1026123456789",
  merchantPan: "9360001234567890123",
  acquirerDomain: "ID.CO.NUSAPAY.WWW",
  mcc: "5814",
  amountMinor: 15_000_000,
  referenceLabel: "QR-REF-0001",
});

/** A console link detail with only what the sandbox rule reads filled in. */
function link(
  flag: LinkDetail["paymentFlagStatus"],
  payment: { type: string; bank: string; value: string } | null,
  status = "active",
): LinkDetail {
  return {
    paymentFlagStatus: flag,
    totalAmount: { value: "150000.00", currency: "IDR" },
    payment: payment && {
      type: payment.type,
      bank: payment.bank,
      content: payment.value === "" ? "" : { name: "n", value: payment.value },
      referenceNo: "QR-REF-0001",
      status,
      paidAt: null,
      card: null,
    },
  } as LinkDetail;
}

const va = { type: "va", bank: "bni", value: "8808123456789012" };
const qris = { type: "qr", bank: "qris", value: qr };
const card = { type: "cc", bank: "card", value: "pi_123" };
const dana = { type: "ew", bank: "dana", value: "https://pay.example/wallet/x" };

describe("one sandbox rule for the checkout and the console", () => {
  it.each([
    ["pending VA", link("02", va), ["pay"], ["va"]],
    ["pending QR", link("02", qris), ["pay", "fail"], ["qr", "qr-fail"]],
    ["pending card", link("02", card), [], []],
    ["pending wallet", link("02", dana), ["pay", "fail"], ["ew", "ew-fail"]],
    ["paid wallet", link("00", dana, "paid"), [], []],
    ["no method yet", link("02", null), [], []],
    ["paid VA", link("00", va, "paid"), [], []],
    ["rejected QR", link("01", qris, "rejected"), [], []],
    ["expired VA", link("03", va), [], []],
  ])("%s: the console offers what the checkout's rule allows", (_what, l, outcomes, buttons) => {
    expect(simulatableOutcomes(l)).toEqual(outcomes);
    expect(simulations(l)).toEqual(buttons);
  });

  it("builds the same notification for either side: the VA number, the QR's reference from its payload", () => {
    expect(acquirerNotification(link("02", va), "pay")).toEqual({ type: "va", virtualAccountNo: va.value });
    expect(acquirerNotification(link("02", va), "fail")).toBeNull();
    expect(acquirerNotification(link("02", qris), "fail")).toEqual({
      type: "qr",
      referenceNo: "QR-REF-0001",
      status: "06",
    });
  });

  it("notifies a wallet attempt by its reference, as its provider would", () => {
    expect(acquirerNotification(link("02", dana), "pay")).toEqual({
      type: "ew",
      referenceNo: "QR-REF-0001",
      methodId: "dana",
      status: "00",
    });
    expect(acquirerNotification(link("02", dana), "fail")).toMatchObject({ type: "ew", status: "06" });
  });
});
