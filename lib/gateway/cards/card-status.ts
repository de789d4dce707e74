import { TRANSACTION_STATUS_DESC } from "@/lib/contract/transaction-status";
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { paymentIntents } from "@/lib/db/schema";
import { formatMoney, fromWholeRupiah } from "@/lib/contract/money";
import { formatJakarta } from "@/lib/contract/time";
import { isUuid } from "@/lib/contract/uuid";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { refundedOf } from "@/lib/gateway/refunded";

type IntentStatus = (typeof paymentIntents.$inferSelect)["status"];

const CODES: Record<IntentStatus, "00" | "01" | "03" | "04" | "05" | "06"> = {
  created: "01",
  requires_action: "03",
  processing: "03",
  succeeded: "00",
  failed: "06",
  canceled: "05",
};

/**
 * Direct debit status of a Card Pay (docs/contract.md §8: wallet and card references): by its
 * `referenceNo` or its `partnerReferenceNo`, the partner's own only; null when there is none.
 */
export async function cardDebitStatus(
  tx: Executor,
  partner: Partner,
  ref: { originalReferenceNo?: string | undefined; originalPartnerReferenceNo?: string | undefined },
) {
  const mine = eq(paymentIntents.partnerId, partner.id);
  let where;
  if (ref.originalReferenceNo) {
    // The column is a uuid-shaped text; anything else cannot be a card reference.
    if (!isUuid(ref.originalReferenceNo)) return null;
    where = and(mine, eq(paymentIntents.id, ref.originalReferenceNo));
  } else where = and(mine, eq(paymentIntents.partnerReferenceNo, ref.originalPartnerReferenceNo ?? ""));
  const [intent] = await tx.select().from(paymentIntents).where(where).limit(1);
  if (!intent || intent.partnerReferenceNo === null) return null;
  let code = CODES[intent.status];
  // Paid, then given back in full (docs/contract.md §9): refunded.
  if (code === "00" && ((await refundedOf(tx, intent.paymentId))?.amountMinor ?? 0) >= fromWholeRupiah(intent.amount))
    code = "04";
  return {
    originalReferenceNo: intent.id,
    originalPartnerReferenceNo: intent.partnerReferenceNo,
    serviceCode: "54" as const,
    latestTransactionStatus: code,
    transactionStatusDesc: TRANSACTION_STATUS_DESC[code]!,
    amount: { value: formatMoney(fromWholeRupiah(intent.amount)), currency: intent.currency },
    ...(code === "00" || code === "04" ? { paidTime: formatJakarta(intent.updatedAt) } : {}),
    additionalInfo: { method: "cc", bank: "card" },
  };
}
