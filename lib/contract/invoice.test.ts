import { describe, expect, it } from "vitest";
import { asMinor } from "./money";
import { formTotals, invoiceTotals, moneyFromInput } from "./invoice";

describe("invoice money rules (one function for SNAP Create, /v1 create and the console form)", () => {
  it("sums lines and fees exactly in minor units", () => {
    expect(
      invoiceTotals(
        [
          { priceMinor: asMinor(12_500_000), quantity: 2 },
          { priceMinor: asMinor(11_000_000), quantity: 1 },
        ],
        [{ valueMinor: asMinor(1_500_000) }, { valueMinor: asMinor(-2_000_000) }],
      ),
    ).toEqual({
      subtotalMinor: 36_000_000,
      totalMinor: 35_500_000,
    });
    expect(invoiceTotals([{ priceMinor: asMinor(10), quantity: 3 }], [{ valueMinor: asMinor(20) }])).toEqual({
      subtotalMinor: 30,
      totalMinor: 50,
    });
  });

  it("refuses a total outside the safe-integer range instead of rounding", () => {
    expect(() => invoiceTotals([{ priceMinor: asMinor(2 ** 52), quantity: 3 }], [])).toThrow();
  });

  it.each([
    ["125000", "125000.00"],
    ["125000,5", "125000.50"],
    ["0.10", "0.10"],
    [" 7 ", "7.00"],
    ["1.000.000", null],
    ["1e5", null],
    ["-5", null],
    ["", null],
  ])("form amount %j → %j", (input, expected) => {
    expect(moneyFromInput(input)).toBe(expected);
  });

  it("accepts negative fees (discounts) and reports each bad field by path", () => {
    expect(formTotals([{ price: "100000", quantity: "2" }], [{ value: "-5000" }])).toEqual({
      subtotal: "200000.00",
      total: "195000.00",
      errors: {},
    });
    expect(formTotals([{ price: "abc", quantity: "0" }], [{ value: "x" }]).errors).toEqual({
      "items.0.price": "amount",
      "items.0.quantity": "quantity",
      "fees.0.value": "amount",
    });
    expect(formTotals([{ price: "100", quantity: "1" }], [{ value: "-100" }]).errors).toEqual({ total: "total" });
  });
});
