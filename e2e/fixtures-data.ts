import { randomUUID } from "node:crypto";
import type { CreatePaymentLinkRequest } from "@/lib/contract/payment-link";
import { formatJakarta } from "@/lib/contract/time";

export type LinkOverrides = Omit<Partial<CreatePaymentLinkRequest>, "additionalInfo"> & {
  additionalInfo?: Partial<CreatePaymentLinkRequest["additionalInfo"]>;
  expiresInSeconds?: number;
};

/** A realistic invoice: two items, a fee and a discount, so totals and discounts show. */
export function linkRequest(o: LinkOverrides = {}): CreatePaymentLinkRequest {
  const { additionalInfo, expiresInSeconds, ...rest } = o;
  return {
    partnerReferenceNo: `E2E-${randomUUID().slice(0, 13)}`,
    trxId: `TRX-${randomUUID().slice(0, 8)}`,
    ...(expiresInSeconds ? { expiredDate: formatJakarta(new Date(Date.now() + expiresInSeconds * 1000)) } : {}),
    ...rest,
    additionalInfo: {
      invoiceTitle: "Kopi order",
      invoiceSubTitle: "Order #42",
      itemDetails: [
        { name: "Gayo Arabica 250 g", price: "125000.00", quantity: 2 },
        { name: "Croissant", price: "18500.00", quantity: 3 },
      ],
      customFees: [
        { text: "Shipping", value: "15000.00" },
        { text: "Voucher", value: "-20000.00" },
      ],
      customerDetail: {
        firstName: "Budi",
        lastName: "Santoso",
        email: "budi@example.co.id",
        phoneNumber: "+628111111111",
        billingAddress: { address: "Jl. Sudirman 1", city: "Jakarta", postalCode: "10220", countryCode: "ID", province: "DKI Jakarta" },
      },
      redirectUrl: "https://merchant.example/thanks",
      ...additionalInfo,
    },
  };
}

