import { describe, expect, it } from "vitest";
import { refundAmountOf, refundReasonProblem } from "./refund-form";

describe("the refund form's amount", () => {
  it.each([
    ["150000", 150_000],
    [" 1 ", 1],
    ["0150000", 150_000],
  ])("takes %j as %i rupiah", (text, amount) => {
    expect(refundAmountOf(text, 150_000)).toEqual({ ok: true, amount });
  });

  it.each([
    ["150.000", "errAmount"],
    ["150,000", "errAmount"],
    ["150000.50", "errAmount"],
    ["1e5", "errAmount"],
    ["-5", "errAmount"],
    ["", "errAmount"],
    ["Rp 150000", "errAmount"],
    ["0", "errMin"],
    ["150001", "errTooLarge"],
    ["999999999999999", "errTooLarge"],
  ])("refuses %j (%s)", (text, problem) => {
    expect(refundAmountOf(text, 150_000)).toEqual({ ok: false, problem });
  });

  it("keeps the reason to 255 characters", () => {
    expect(refundReasonProblem("x".repeat(255))).toBeNull();
    expect(refundReasonProblem("x".repeat(256))).toBe("errReason");
  });
});
