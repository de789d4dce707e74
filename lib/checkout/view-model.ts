import { livePaymentKey } from "@/lib/contract/live-events";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { parseMoney, type Minor } from "@/lib/contract/money";

/** What the payer sees, derived from one Inquiry answer. */
export type CheckoutView = "open" | "va" | "qr" | "wallet" | "card" | "paid" | "rejected" | "expired";

export type PaymentContent = { name: string; value: string };

export function contentOf(link: Pick<PaymentLinkData, "payment">): PaymentContent | null {
  const c = link.payment.content;
  return c === "" ? null : c;
}

export function viewOf(
  link: Pick<PaymentLinkData, "paymentFlagStatus" | "payment" | "expiredDate">,
  nowMs: number,
): CheckoutView {
  switch (link.paymentFlagStatus) {
    case "00":
      return "paid";
    case "01":
      return "rejected";
    case "03":
      return "expired";
    case "02":
      break;
  }
  // The gateway derives expiry at read time; a clock a hair ahead of it must not show a VA.
  if (Date.parse(link.expiredDate) <= nowMs) return "expired";
  if (!contentOf(link)) return "open";
  if (link.payment.type === "va") return "va";
  if (link.payment.type === "qr") return "qr";
  if (link.payment.type === "ew") return "wallet";
  return "card";
}

export function isPendingView(view: CheckoutView): view is "open" | "va" | "qr" | "wallet" | "card" {
  return view === "open" || view === "va" || view === "qr" || view === "wallet" || view === "card";
}

/**
 * Identifies the current payment; a change (another tab switched method) triggers a refresh. A
 * wallet attempt is named by its reference: two OVO requests to one number show the same masked
 * number. The gateway's tag is made the same way (lib/gateway/links/link-events.ts).
 */
export function paymentKey(link: Pick<PaymentLinkData, "payment">): string {
  const c = contentOf(link);
  return livePaymentKey(
    c && { type: link.payment.type, bank: link.payment.bank, value: c.value, referenceNo: link.payment.referenceNo },
  );
}

/**
 * What succeeded refunds gave back to the payer, from Inquiry (docs/contract.md §9): the amount
 * and when the last of them succeeded, or null when nothing was refunded.
 */
export function refundOf(link: Pick<PaymentLinkData, "additionalInfo">): { amount: Minor; at: string | null } | null {
  const refunded = link.additionalInfo.refundedAmount;
  if (!refunded) return null;
  const amount = parseMoney(refunded.value);
  return amount > 0 ? { amount, at: link.additionalInfo.refundedAt ?? null } : null;
}
