import { describe, expect, it } from "vitest";
import { asMinor } from "@/lib/contract/money";
import { bareVaNumber, formatDeadline, formatRemaining, groupedVaNumber, plainAmount, rupiah } from "./format";

const nbsp = (s: string) => s.replace(/\u00a0/g, " ");

describe("checkout formatting", () => {
  it.each([
    [15_000_000, "id", "Rp 150.000"],
    [15_000_000, "en", "Rp 150.000"],
    [-2_000_000, "id", "-Rp 20.000"],
    [24_500_010, "id", "Rp 245.000,10"],
    [24_500_010, "en", "Rp 245.000,10"],
    // beyond 2^53 / 100 floats would round; the decimal string path does not
    [900_719_925_474_099, "id", "Rp 9.007.199.254.740,99"],
  ] as const)("rupiah(%i, %s) = %s", (minor, locale, text) => {
    expect(nbsp(rupiah(asMinor(minor), locale))).toBe(text);
  });

  it("plain amount for copying", () => {
    expect(plainAmount(asMinor(15_000_000))).toBe("150000");
    expect(plainAmount(asMinor(24_500_010))).toBe("245000.10");
  });

  it("VA numbers: SNAP padding removed, grouped by four", () => {
    expect(bareVaNumber("   8880812345678901")).toBe("8880812345678901");
    expect(groupedVaNumber("   8880812345678901")).toBe("8880 8123 4567 8901");
    expect(groupedVaNumber(" 880812345")).toBe("8808 1234 5");
  });

  it("remaining time keeps a fixed shape, the day unit in the payer's language", () => {
    expect(formatRemaining(0, "en")).toBe("00:00:00");
    expect(formatRemaining(-5, "id")).toBe("00:00:00");
    expect(formatRemaining(61_500, "en")).toBe("00:01:01");
    expect(nbsp(formatRemaining(90_061_000, "en"))).toBe("1d 01:01:01");
    expect(nbsp(formatRemaining(90_061_000, "id"))).toBe("1 hr 01:01:01");
  });

  it("deadline in the payer's zone", () => {
    const d = new Date("2026-11-22T10:00:00Z");
    expect(formatDeadline(d, "id", "Asia/Jakarta")).toMatch(/17[.:]00/);
    expect(formatDeadline(d, "en", "Asia/Jayapura")).toMatch(/19[.:]00/);
  });
});
