import { and, eq } from "drizzle-orm";
import { payments, qrCodes, refunds } from "@/lib/db/schema";
import { inTransaction, type GatewayContext } from "@/lib/gateway/context";
import { lockLinkOfPayment } from "@/lib/gateway/locks";
import { enqueueFor } from "@/lib/gateway/settlement/settlement";
import { announceRefund } from "./create-refund";
import { refundTotals } from "./refund-reads";
import { refundNotificationBody } from "./refund-wire";

/**
 * The acquirer's answer on a refund, written once (docs/refunds.md): in the one lock order
 * (lib/gateway/locks.ts: link, payments row) and then the refund row, which must still be
 * pending — a repeat or a second instance's late answer changes nothing. A failed refund stops
 * counting against what was paid; a QR refunded in full answers `04` from then on. The refund
 * callback is written to the outbox in the same transaction. True when this call finished it.
 */
export async function finishRefund(
  ctx: GatewayContext,
  refundId: string,
  outcome: "succeeded" | "failed",
): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const [found] = await tx
      .select({ paymentId: refunds.paymentId, linkId: refunds.linkId })
      .from(refunds)
      .where(eq(refunds.id, refundId))
      .limit(1);
    if (!found) return false;
    const owner = found.linkId ? await lockLinkOfPayment(tx, found.paymentId, found.linkId) : null;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.paymentId)).for("update").limit(1);
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update").limit(1);
    if (!payment || refund?.status !== "pending") return false;
    const now = ctx.now();
    const [done] = await tx
      .update(refunds)
      .set({ status: outcome, finishedAt: now, leaseUntil: null })
      .where(eq(refunds.id, refundId))
      .returning();
    if (outcome === "succeeded" && payment.groupId === "qr") {
      const totals = await refundTotals(tx, payment.id);
      if (totals.succeeded >= payment.amountMinor)
        await tx
          .update(qrCodes)
          .set({ status: "refunded", refundedAt: now })
          .where(and(eq(qrCodes.referenceNo, payment.referenceNo), eq(qrCodes.status, "paid")));
    }
    if (owner) await announceRefund(tx, owner.link.id, payment, now);
    await enqueueFor(
      ctx,
      tx,
      done!.partnerId,
      owner?.link ?? null,
      [{ kind: "refund", body: refundNotificationBody(done!) }],
      now,
    );
    return true;
  });
}
