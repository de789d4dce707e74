import { describe, expect, it } from "vitest";
import type { CreateLinkRequest } from "@/lib/contract/console";
import { EXPIRY_MINUTES, formFieldOf, linkFormProblems } from "./link-form";

function body(patch: Partial<CreateLinkRequest["additionalInfo"]> = {}): CreateLinkRequest {
  return {
    additionalInfo: {
      invoiceTitle: "Kopi",
      itemDetails: [{ name: "Kopi", price: "30000.00", quantity: 1 }],
      customerDetail: { email: "" },
      expiryMinutes: 1440,
      ...patch,
    },
    totalAmount: { value: "30000.00", currency: "IDR" },
  };
}

describe("the console form's verdicts are the contract's", () => {
  it("takes what the contract takes: any email it allows, the contract's longest expiry", () => {
    expect(linkFormProblems(body({ customerDetail: { email: "kasir@toko" } }))).toEqual({});
    expect(linkFormProblems(body({ expiryMinutes: EXPIRY_MINUTES.max }))).toEqual({});
  });

  it("names the contract's bounds, not numbers of its own", () => {
    expect(EXPIRY_MINUTES).toEqual({ min: 1, max: 90 * 24 * 60 });
    expect(linkFormProblems(body({ expiryMinutes: EXPIRY_MINUTES.max + 1 }))).toEqual({
      expiry: { key: "errExpiry", values: EXPIRY_MINUTES },
    });
  });

  it.each([
    [{ invoiceTitle: "" }, "title", { key: "errRequired" }],
    [{ invoiceTitle: "x".repeat(256) }, "title", { key: "errTooLong", values: { max: 255 } }],
    [{ customerDetail: { email: `${"x".repeat(250)}@toko.id` } }, "email", { key: "errTooLong", values: { max: 255 } }],
    [{ customerDetail: { billingAddress: { countryCode: "Indonesia" } } }, "countryCode", { key: "errCountry" }],
    [{ itemDetails: [{ name: "", price: "1.00", quantity: 1 }] }, "items.0.name", { key: "errRequired" }],
    [{ itemDetails: [{ name: "a", price: "1.00", quantity: 0 }] }, "items.0.quantity", { key: "errQuantity" }],
    [{ customFees: [{ text: "", value: "-1.00" }] }, "fees.0.text", { key: "errRequired" }],
    [
      { itemDetails: Array.from({ length: 101 }, () => ({ name: "a", price: "1.00", quantity: 1 })) },
      "items",
      { key: "errTooMany", values: { max: 100 } },
    ],
  ] as const)("%j → %s", (patch, field, problem) => {
    expect(linkFormProblems(body(patch as Partial<CreateLinkRequest["additionalInfo"]>))[field]).toEqual(problem);
  });

  it("maps a /v1 error's param to the form's field", () => {
    expect(formFieldOf("additionalInfo.itemDetails.2.price")).toBe("items.2.price");
    expect(formFieldOf("additionalInfo.customerDetail.billingAddress.postalCode")).toBe("postalCode");
    expect(formFieldOf("totalAmount.value")).toBe("total");
    expect(formFieldOf("partnerReferenceNo")).toBe("reference");
  });
});
