import type { Refund, RefundNotification, SnapRefundResponse } from "@/lib/contract/refunds";
import { formatMoney, isWholeRupiah, toWholeRupiah, type Minor } from "@/lib/contract/money";
import { formatJakarta } from "@/lib/contract/time";
import type { refunds } from "@/lib/db/schema";

export type RefundRow = typeof refunds.$inferSelect;

/** /v1's whole rupiah, or null for an amount with sen: never rounded (docs/contract.md §9). */
export function wholeOrNull(minor: Minor): number | null {
  return isWholeRupiah(minor) ? toWholeRupiah(minor) : null;
}

/** The /v1 resource (docs/contract.md §9): whole rupiah and the exact value, ISO UTC. */
export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    paymentLinkId: row.linkId,
    paymentIntentId: row.intentId,
    amount: wholeOrNull(row.amountMinor),
    amountValue: formatMoney(row.amountMinor),
    currency: "IDR",
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** SNAP's refund answer without its envelope; built from the row, so a replay is the first answer. */
export function snapRefundAnswer(row: RefundRow): Omit<SnapRefundResponse, "responseCode" | "responseMessage"> {
  return {
    originalReferenceNo: row.originalReferenceNo,
    originalPartnerReferenceNo: row.originalPartnerReferenceNo,
    refundNo: row.id,
    partnerRefundNo: row.partnerRefundNo ?? row.id,
    refundAmount: { value: formatMoney(row.amountMinor), currency: row.currency },
    refundTime: formatJakarta(row.createdAt),
  };
}

/** The body posted to `{callbackBaseUrl}/v1.0/refund/notify` once the refund is final. */
export function refundNotificationBody(row: RefundRow): RefundNotification {
  return {
    refundNo: row.id,
    partnerRefundNo: row.partnerRefundNo,
    originalReferenceNo: row.originalReferenceNo,
    originalPartnerReferenceNo: row.originalPartnerReferenceNo,
    paymentLinkId: row.linkId,
    refundAmount: { value: formatMoney(row.amountMinor), currency: row.currency },
    refundStatus: row.status === "succeeded" ? "00" : "06",
    refundTime: formatJakarta(row.finishedAt ?? row.createdAt),
  };
}
