import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { refunds } from "@/lib/db/schema";
import { asMinor, type Minor } from "@/lib/contract/money";

/**
 * What succeeded refunds gave back of one payment, and when the latest succeeded
 * (docs/contract.md §9): what Inquiry, the QR and debit status and the transaction list say.
 * Top level because the flows that answer those (links, wallets, cards, the console) sit beside
 * lib/gateway/refunds, not above it. Null when nothing was refunded.
 */
export async function refundedOf(
  exec: Executor,
  paymentId: string,
): Promise<{ amountMinor: Minor; lastAt: Date } | null> {
  const [row] = await exec
    .select({
      amount: sql<string | null>`sum(${refunds.amountMinor})::text`,
      lastAt: sql<string | null>`max(${refunds.finishedAt})`,
    })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, "succeeded")));
  if (!row?.amount || !row.lastAt) return null;
  return { amountMinor: asMinor(Number(row.amount)), lastAt: new Date(row.lastAt) };
}
