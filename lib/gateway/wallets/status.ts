import { TRANSACTION_STATUS_DESC } from "@/lib/contract/transaction-status";
import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { paymentLinks, payments, walletPayments } from "@/lib/db/schema";
import { formatMoney } from "@/lib/contract/money";
import { formatJakarta } from "@/lib/contract/time";
import { WALLET_METHODS, isWalletMethod, type WalletStatusCode } from "@/lib/contract/wallet";
import type { z } from "zod";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { refundedOf } from "@/lib/gateway/refunded";
import { attemptLive } from "@/lib/gateway/settlement/wallet-settlement";

type Code = z.infer<typeof WalletStatusCode>;

interface DebitReference {
  originalReferenceNo?: string | undefined;
  originalPartnerReferenceNo?: string | undefined;
}

/**
 * Direct debit status of a wallet attempt (docs/contract.md §8), or null when the partner has
 * none by that reference (the route then asks the card payments). By `originalPartnerReferenceNo`
 * (the link's reference) the link's latest attempt answers.
 *
 * `00` paid, `06` declined; an open attempt is `01` (redirect: the payer holds the URL) or `03`
 * (push: the request waits in the wallet's app); `05` when nobody can approve it any more — the
 * push request lapsed, the payer switched method, the link was paid another way or expired.
 */
export async function walletStatus(tx: Executor, partner: Partner, ref: DebitReference, now: Date) {
  const mine = eq(walletPayments.partnerId, partner.id);
  const where = ref.originalReferenceNo
    ? and(mine, eq(walletPayments.referenceNo, ref.originalReferenceNo))
    : and(mine, eq(walletPayments.partnerReferenceNo, ref.originalPartnerReferenceNo ?? ""));
  const [row] = await tx
    .select({ attempt: walletPayments, paymentStatus: payments.status, link: paymentLinks })
    .from(walletPayments)
    .innerJoin(payments, eq(payments.id, walletPayments.paymentId))
    .innerJoin(paymentLinks, eq(paymentLinks.id, walletPayments.linkId))
    .where(where)
    .orderBy(desc(walletPayments.createdAt))
    .limit(1);
  if (!row) return null;
  const { attempt, link } = row;
  let code: Code;
  // Paid, then given back in full (docs/contract.md §9): refunded.
  if (attempt.status === "paid")
    code = ((await refundedOf(tx, attempt.paymentId))?.amountMinor ?? 0) >= attempt.amountMinor ? "04" : "00";
  else if (attempt.status === "failed") code = "06";
  else if (!attemptLive(attempt, row.paymentStatus, link, now)) code = "05";
  else code = attempt.flow === "push" ? "03" : "01";
  return {
    originalReferenceNo: attempt.referenceNo,
    originalPartnerReferenceNo: attempt.partnerReferenceNo,
    serviceCode: "54" as const,
    latestTransactionStatus: code,
    transactionStatusDesc: TRANSACTION_STATUS_DESC[code]!,
    amount: { value: formatMoney(attempt.amountMinor), currency: attempt.currency },
    ...((code === "00" || code === "04") && attempt.finishedAt ? { paidTime: formatJakarta(attempt.finishedAt) } : {}),
    additionalInfo: {
      method: "ew",
      bank: attempt.methodId,
      channel: isWalletMethod(attempt.methodId) ? WALLET_METHODS[attempt.methodId].channel : "",
    },
  };
}
