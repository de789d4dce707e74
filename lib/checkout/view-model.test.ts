import { describe, expect, it } from "vitest";
import { viewOf, isPendingView, refundOf } from "./view-model";

const link = (type: string, flag: "00" | "01" | "02" | "03" = "02") => ({
  paymentFlagStatus: flag,
  expiredDate: new Date(Date.parse("2026-01-01T01:00:00Z")).toISOString(),
  payment: { type, bank: "dana", content: { name: "webRedirectUrl", value: "https://x.example/w" }, referenceNo: "R1" },
});
const NOW = Date.parse("2026-01-01T00:00:00Z");

describe("viewOf: the checkout's view for each chosen method", () => {
  it("shows a chosen e-wallet as the wallet step, not the card form", () => {
    expect(viewOf(link("ew"), NOW)).toBe("wallet");
    expect(isPendingView("wallet")).toBe(true);
  });

  it("keeps VA, QR and card as they were, and a settled wallet link as its outcome", () => {
    expect(viewOf(link("va"), NOW)).toBe("va");
    expect(viewOf(link("qr"), NOW)).toBe("qr");
    expect(viewOf(link("cc"), NOW)).toBe("card");
    expect(viewOf(link("ew", "00"), NOW)).toBe("paid");
    expect(viewOf(link("ew", "01"), NOW)).toBe("rejected");
  });
});

describe("refundOf: what the payer's page says was refunded", () => {
  const info = (extra: object) => ({ additionalInfo: { paidTime: null, ...extra } }) as never;

  it("is nothing before a refund, or with nothing refunded", () => {
    expect(refundOf(info({}))).toBeNull();
    expect(refundOf(info({ refundedAmount: { value: "0.00", currency: "IDR" } }))).toBeNull();
  });

  it("is the amount refunded and when", () => {
    expect(
      refundOf(info({ refundedAmount: { value: "50000.00", currency: "IDR" }, refundedAt: "2026-01-01T00:00:00Z" })),
    ).toEqual({ amount: 5_000_000, at: "2026-01-01T00:00:00Z" });
  });
});
