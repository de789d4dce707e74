import { formatMoney } from "@/lib/contract/money";
import type { paymentLinks, payments } from "@/lib/db/schema";
import { formatJakarta } from "@/lib/contract/time";
import { FLAG_REASONS, flagOf, type LinkState } from "./link-state";

type LinkRow = typeof paymentLinks.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** The `payment` section of a link: all three empty while no method is chosen (docs/contract.md §12.3). */
export function paymentSection(payment: PaymentRow | null) {
  return payment
    ? {
        type: payment.groupId,
        bank: payment.methodId,
        content: { name: payment.contentName, value: payment.contentValue },
      }
    : { type: "", bank: "", content: "" as const };
}

/** Body of the payment-link status callback to {callbackBaseUrl}/v1.0/payment-link/notify. */
export function linkStatusBody(link: LinkRow, payment: PaymentRow | null, state: LinkState) {
  const flag = flagOf(state);
  return {
    paymentLinkId: link.id,
    partnerReferenceNo: link.partnerReferenceNo,
    trxId: link.trxId,
    paymentFlagStatus: flag,
    paymentFlagReason: FLAG_REASONS[flag],
    totalAmount: { value: formatMoney(link.totalMinor), currency: link.currency },
    payment: paymentSection(payment),
    paidTime: link.paidAt ? formatJakarta(link.paidAt) : null,
    additionalInfo: { latePayment: link.latePayment },
  };
}
