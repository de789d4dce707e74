import { FLAG_REASONS } from "@/lib/contract/link-flags";
import { formatJakarta } from "@/lib/contract/time";

/**
 * A payment-link status callback's body (links/wire.ts shape) about no real link: what the test
 * callback and the callback check send, so a merchant's parser sees exactly what it will get.
 * `additionalInfo.test` tells a receiver that reads bodies it is not a payment.
 */
export function sampleLinkCallbackBody(args: {
  merchantName: string;
  now: Date;
  paymentLinkId: string;
  reference: string;
}): string {
  return JSON.stringify({
    paymentLinkId: args.paymentLinkId,
    partnerReferenceNo: args.reference,
    trxId: args.reference,
    paymentFlagStatus: "00",
    paymentFlagReason: FLAG_REASONS["00"],
    totalAmount: { value: "10000.00", currency: "IDR" },
    payment: {
      type: "va",
      bank: "bca",
      content: { name: args.merchantName, value: "   88808 00000000000" },
    },
    paidTime: formatJakarta(args.now),
    additionalInfo: { latePayment: false, test: true },
  });
}
