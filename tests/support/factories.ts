import { randomUUID } from "node:crypto";
import type { CreatePaymentLinkRequest } from "@/lib/contract/payment-link";
import type { CreateVaRequest, VaKey } from "@/lib/contract/va";
import { formatJakarta } from "@/lib/contract/time";

export type LinkOverrides = Omit<Partial<CreatePaymentLinkRequest>, "additionalInfo"> & {
  additionalInfo?: Partial<CreatePaymentLinkRequest["additionalInfo"]>;
  /** Sets expiredDate this many seconds from now. */
  expiresInSeconds?: number;
};

/** A valid Create Payment Link body; override what a test is about (the API and browser suites alike). */
export function linkRequest(overrides: LinkOverrides = {}): CreatePaymentLinkRequest {
  const { additionalInfo, expiresInSeconds, ...rest } = overrides;
  return {
    partnerReferenceNo: `INV-${randomUUID()}`,
    trxId: `TRX-${randomUUID().slice(0, 8)}`,
    ...(expiresInSeconds ? { expiredDate: inSeconds(expiresInSeconds) } : {}),
    ...rest,
    additionalInfo: {
      invoiceTitle: "Kopi order",
      invoiceSubTitle: "Order #42",
      itemDetails: [
        { name: "Gayo Arabica", price: "125000.00", quantity: 2 },
        { name: "Croissant", price: "0.10", quantity: 3 },
      ],
      customFees: [
        { text: "Shipping", value: "15000.00" },
        { text: "Voucher", value: "-20000.20" },
      ],
      customerDetail: {
        firstName: "Budi",
        lastName: "Santoso",
        email: "budi@example.co.id",
        phoneNumber: "+628111111111",
        billingAddress: {
          address: "Jl. Sudirman 1",
          city: "Jakarta",
          postalCode: "10220",
          countryCode: "ID",
          province: "DKI Jakarta",
        },
      },
      ...additionalInfo,
    },
  };
}

export function inSeconds(seconds: number): string {
  return formatJakarta(new Date(Date.now() + seconds * 1000));
}

let vaSeq = 0;
/** A valid Create VA body with a customer number of its own; override what a test is about. */
export function vaRequest(overrides: Partial<CreateVaRequest> = {}): CreateVaRequest {
  const customerNo = `${Date.now() % 1e9}${String(vaSeq++).padStart(3, "0")}`;
  return {
    partnerServiceId: "   88808",
    customerNo,
    virtualAccountNo: `   88808${customerNo}`,
    virtualAccountName: "Budi Santoso",
    virtualAccountEmail: "budi@example.co.id",
    virtualAccountPhone: "628111111111",
    trxId: `TRX-${randomUUID().slice(0, 8)}`,
    totalAmount: { value: "150000.00", currency: "IDR" },
    virtualAccountTrxType: "C",
    expiredDate: inSeconds(3600),
    ...overrides,
  };
}

/** The three fields that name a VA in Inquiry, Status and Delete. */
export const vaKeyOf = (r: CreateVaRequest): VaKey => ({
  partnerServiceId: r.partnerServiceId,
  customerNo: r.customerNo,
  virtualAccountNo: r.virtualAccountNo,
});
