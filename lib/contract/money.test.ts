import { describe, expect, it } from "vitest";
import { formatMoney, multiplyMinor, parseMoney, sumMinor } from "./money";

describe("money", () => {
  it.each([
    ["0.01", 1],
    ["150000.00", 15_000_000],
    ["0.10", 10],
    ["999999999999.99", 99_999_999_999_999],
  ])("parses %s exactly", (text, minor) => {
    expect(parseMoney(text)).toBe(minor);
    expect(formatMoney(minor)).toBe(text);
  });

  it("keeps the classic float trap exact: 0.10 + 0.20 = 0.30", () => {
    expect(formatMoney(sumMinor([parseMoney("0.10"), parseMoney("0.20")]))).toBe("0.30");
  });

  it("accepts negatives only when asked (discounts)", () => {
    expect(() => parseMoney("-5000.00")).toThrow(/negative/);
    expect(parseMoney("-5000.00", { allowNegative: true })).toBe(-500_000);
    expect(formatMoney(-500_000)).toBe("-5000.00");
    expect(formatMoney(-5)).toBe("-0.05");
  });

  it.each(["150000", "150000.0", "150000.000", "1e5.00", "01.00", " 1.00", "1,000.00", "", "-", "NaN.00"])(
    "rejects %j",
    (text) => expect(() => parseMoney(text)).toThrow(),
  );

  it("refuses to overflow", () => {
    expect(() => multiplyMinor(Number.MAX_SAFE_INTEGER, 2)).toThrow(/range/);
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow(/range/);
    expect(multiplyMinor(2_500_000, 3)).toBe(7_500_000);
  });
});
