import { eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { paymentLinks, payments } from "@/lib/db/schema";

type LinkRow = typeof paymentLinks.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * THE lock order for everything that touches a link and what is paid into it:
 *
 *   payment intent → payment link → virtual account / QR code → payments row
 *
 * Every transaction takes the row locks it needs in this order (skipping what it does not
 * need), so two of them can wait on each other but never in a cycle. A VA or QR found by
 * its number is therefore read first WITHOUT a lock, its link locked, and only then the VA
 * or QR itself locked and read again (its state may have changed while we waited; its
 * payment and link never change). Settlement used to lock VA/QR then link while a method
 * switch locked link then VA/QR: on PostgreSQL the two deadlocked.
 */
export async function lockLinkOfPayment(
  tx: Executor,
  paymentId: string | null,
  /** The payment's link when the caller read it already (a wallet attempt carries it): one query fewer. */
  knownLinkId?: string,
): Promise<{ link: LinkRow; payment: PaymentRow } | null> {
  if (!paymentId) return null;
  const linkId =
    knownLinkId ??
    (await tx.select({ linkId: payments.linkId }).from(payments).where(eq(payments.id, paymentId)).limit(1))[0]?.linkId;
  if (!linkId) return null;
  const [link] = await tx.select().from(paymentLinks).where(eq(paymentLinks.id, linkId)).for("update").limit(1);
  if (!link) return null;
  // Read after the link's lock: a method switch that committed meanwhile has retired it.
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return payment ? { link, payment } : null;
}
