import { describe, expect, it } from "vitest";
import { TEST_CARDS } from "@/lib/gateway/cards/cards";
import { cardBrand, expired, luhnValid } from "./card";

describe("cards", () => {
  it("accepts the sandbox test cards and refuses a one-digit change", () => {
    for (const n of Object.keys(TEST_CARDS)) expect(luhnValid(n)).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("4111 1111 1111 1111")).toBe(false);
    expect(luhnValid("41111")).toBe(false);
  });

  it.each([
    ["4111111111111111", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["3530111333300000", "jcb"],
    ["378282246310005", "amex"],
    ["6011111111111117", "unknown"],
  ])("detects the brand of %s", (n, brand) => expect(cardBrand(n)).toBe(brand));

  it("treats a card as valid through the last day of its expiry month", () => {
    const now = new Date("2026-11-22T00:00:00Z");
    expect(expired(11, 2026, now)).toBe(false);
    expect(expired(10, 2026, now)).toBe(true);
    expect(expired(1, 2027, now)).toBe(false);
    expect(expired(12, 2025, now)).toBe(true);
  });
});
