import { randomUUID } from "node:crypto";
import type { CreatePaymentLinkRequest } from "@/lib/contract/payment-link";
import { linkRequest as apiLinkRequest, type LinkOverrides } from "@/tests/support/factories";

export type { LinkOverrides } from "@/tests/support/factories";

/**
 * The API suite's request with an invoice that reads well on screen (whole rupiah, a product
 * name with its size) and a redirect back to the merchant, so totals, discounts and the
 * "back to the shop" link show.
 */
export function linkRequest(o: LinkOverrides = {}): CreatePaymentLinkRequest {
  const { additionalInfo, ...rest } = o;
  return apiLinkRequest({
    partnerReferenceNo: `E2E-${randomUUID().slice(0, 13)}`,
    ...rest,
    additionalInfo: {
      itemDetails: [
        { name: "Gayo Arabica 250 g", price: "125000.00", quantity: 2 },
        { name: "Croissant", price: "18500.00", quantity: 3 },
      ],
      customFees: [
        { text: "Shipping", value: "15000.00" },
        { text: "Voucher", value: "-20000.00" },
      ],
      redirectUrl: "https://merchant.example/thanks",
      ...additionalInfo,
    },
  });
}
