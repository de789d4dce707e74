import { describe, expect, it } from "vitest";
import { fitsQrisAmount, formatQrisAmount, parseQrisAmount } from "./amount";

describe("formatQrisAmount", () => {
  it.each([
    [1, "0.01"],
    [10, "0.10"],
    [99, "0.99"],
    [100, "1"],
    [15_000_000, "150000"],
    [15_000_050, "150000.50"],
    [15_000_001, "150000.01"],
    [999_999_999_999, "9999999999.99"],
  ])("formats %i sen as %s", (minor, text) => {
    expect(formatQrisAmount(minor)).toBe(text);
    expect(parseQrisAmount(text)).toBe(minor);
  });

  it.each([0, -100, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])("rejects %s", (minor) => {
    expect(() => formatQrisAmount(minor)).toThrow(/positive safe integer/);
  });

  it("rejects amounts longer than the 13 chars tag 54 allows", () => {
    expect(formatQrisAmount(100_000_000_000_000)).toBe("1000000000000");
    expect(() => formatQrisAmount(1_000_000_000_001)).toThrow(/10000000000.01 exceeds the 13-character limit/);
  });
});

describe("fitsQrisAmount", () => {
  it.each([
    [1, true],
    [999_999_999_999, true], // 9999999999.99: 13 characters
    [999_999_999_999_900, true], // 9999999999999: 13 digits, no fraction written
    [100_000_000_000_000, true], // 1000000000000
    [1_000_000_000_001, false], // 10000000000.01: 14
    [9_999_999_999_999, false], // 99999999999.99, the amount of the issue
    [1_000_000_000_000_000, false], // 10000000000000: 14 digits
    [0, false],
    [-100, false],
    [1.5, false],
    [Number.MAX_SAFE_INTEGER + 1, false],
  ])("%i sen → %s, agreeing with formatQrisAmount", (minor, fits) => {
    expect(fitsQrisAmount(minor)).toBe(fits);
    if (fits) expect(formatQrisAmount(minor).length).toBeLessThanOrEqual(13);
    else expect(() => formatQrisAmount(minor)).toThrow();
  });
});

describe("parseQrisAmount", () => {
  it("reads a single fraction digit as tenths", () => {
    expect(parseQrisAmount("150000.5")).toBe(15_000_050);
  });

  it("avoids the float trap on values like 0.29 and 1.15", () => {
    // Number("0.29") * 100 === 28.999999999999996 and Number("1.15") * 100 === 114.99999999999999
    expect(parseQrisAmount("0.29")).toBe(29);
    expect(parseQrisAmount("1.15")).toBe(115);
  });

  it.each(["", "1.", ".5", "1.234", "1,00", "-1", "1e5", " 1"])("rejects %j", (text) => {
    expect(() => parseQrisAmount(text)).toThrow(/not a decimal/);
  });
});
