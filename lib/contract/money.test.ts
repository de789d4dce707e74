import { describe, expect, it } from "vitest";
import {
  asMinor,
  cardCanCharge,
  formatMoney,
  fromWholeRupiah,
  isWholeRupiah,
  multiplyMinor,
  parseMoney,
  sumMinor,
  toWholeRupiah,
  type Minor,
} from "./money";

describe("money", () => {
  it.each([
    ["0.01", 1],
    ["150000.00", 15_000_000],
    ["0.10", 10],
    ["999999999999.99", 99_999_999_999_999],
  ])("parses %s exactly", (text, minor) => {
    expect(parseMoney(text)).toBe(minor);
    expect(formatMoney(asMinor(minor))).toBe(text);
  });

  it("keeps the classic float trap exact: 0.10 + 0.20 = 0.30", () => {
    expect(formatMoney(sumMinor([parseMoney("0.10"), parseMoney("0.20")]))).toBe("0.30");
  });

  it("accepts negatives only when asked (discounts)", () => {
    expect(() => parseMoney("-5000.00")).toThrow(/negative/);
    expect(parseMoney("-5000.00", { allowNegative: true })).toBe(-500_000);
    expect(formatMoney(asMinor(-500_000))).toBe("-5000.00");
    expect(formatMoney(asMinor(-5))).toBe("-0.05");
  });

  it.each(["150000", "150000.0", "150000.000", "1e5.00", "01.00", " 1.00", "1,000.00", "", "-", "NaN.00"])(
    "rejects %j",
    (text) => expect(() => parseMoney(text)).toThrow(),
  );

  it("refuses to overflow", () => {
    expect(() => multiplyMinor(asMinor(Number.MAX_SAFE_INTEGER), 2)).toThrow(/range/);
    expect(() => sumMinor([asMinor(Number.MAX_SAFE_INTEGER), asMinor(1)])).toThrow(/range/);
    expect(multiplyMinor(asMinor(2_500_000), 3)).toBe(7_500_000);
  });
});

describe("Minor, the branded unit", () => {
  it("is not a plain number: whole rupiah or a bare count cannot pass for an amount", () => {
    const wholeRupiah = 150_000;
    // @ts-expect-error a number is not minor units until a constructor says so
    const notAmount: Minor = wholeRupiah;
    expect(notAmount).toBe(150_000);
    // @ts-expect-error formatMoney wants minor units
    expect(() => formatMoney(1.5)).toThrow(/integer/);
  });

  it("asMinor takes safe integers only", () => {
    expect(asMinor(0)).toBe(0);
    expect(asMinor(-5)).toBe(-5);
    for (const bad of [1.5, Number.NaN, Infinity, 2 ** 53]) expect(() => asMinor(bad)).toThrow(/integer/);
  });

  it("converts the /v1 wire's whole rupiah both ways, exactly", () => {
    expect(fromWholeRupiah(150_000)).toBe(15_000_000);
    expect(toWholeRupiah(fromWholeRupiah(150_000))).toBe(150_000);
    expect(toWholeRupiah(parseMoney("1000000000000.00"))).toBe(1_000_000_000_000);
    expect(() => fromWholeRupiah(1.5)).toThrow(/whole rupiah/);
    expect(() => fromWholeRupiah(Number.MAX_SAFE_INTEGER)).toThrow(/integer/);
    // an amount with sen has no whole-rupiah form: refused, never rounded
    expect(() => toWholeRupiah(parseMoney("150000.50"))).toThrow(/whole rupiah/);
  });

  it.each([
    ["150000.00", true],
    ["1.00", true],
    ["150000.50", false], // sen: intents count whole rupiah
    ["0.99", false],
    ["0.00", false], // nothing to charge
    ["-100.00", false],
  ])("cardCanCharge(%s) = %s", (text, can) => {
    const minor = parseMoney(text, { allowNegative: true });
    expect(cardCanCharge(minor)).toBe(can);
    if (can) expect(isWholeRupiah(minor)).toBe(true);
  });
});
