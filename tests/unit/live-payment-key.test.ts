import { describe, expect, it } from "vitest";
import { paymentKeyOf } from "@/lib/gateway/links/link-events";
import { paymentSection } from "@/lib/gateway/links/wire";
import { paymentKey } from "@/lib/checkout/view-model";
import type { PaymentLinkData } from "@/lib/contract/payment-link";

/** The live events' payment tag must hash the same key on both ends, or every event reloads the page. */
describe("the payment key of live events", () => {
  const stored = (groupId: string, methodId: string, contentValue: string, referenceNo = "R1") =>
    ({ groupId, methodId, contentValue, contentName: "n", referenceNo, status: "active" }) as Parameters<
      typeof paymentSection
    >[0];
  const cases = [
    ["no method yet", null],
    ["a VA", stored("va", "bca", "  1234500012345678")],
    ["a QR", stored("qr", "qris", "00020101021226…6304ABCD")],
    ["a card before its number is known", stored("card", "card", "")],
    ["an OVO request", stored("ew", "ovo", "0812*****890", "EW2611280000000000001")],
  ] as const;

  it.each(cases)("is the same at the gateway and on the page: %s", (_, payment) => {
    const wire = { payment: paymentSection(payment) } as Pick<PaymentLinkData, "payment">;
    expect(paymentKey(wire)).toBe(paymentKeyOf(payment));
  });

  it("tells two OVO requests to one number apart by their reference, on both ends", () => {
    const first = stored("ew", "ovo", "0812*****890", "EW2611280000000000001");
    const again = stored("ew", "ovo", "0812*****890", "EW2611280000000000002");
    expect(paymentKeyOf(first)).not.toBe(paymentKeyOf(again));
    for (const p of [first, again])
      expect(paymentKey({ payment: paymentSection(p) } as Pick<PaymentLinkData, "payment">)).toBe(paymentKeyOf(p));
  });

  it("is empty only before a method is chosen", () => {
    expect(paymentKeyOf(null)).toBe("");
    expect(paymentKeyOf(stored("va", "bca", "1"))).toBe("va:bca:1");
  });
});
