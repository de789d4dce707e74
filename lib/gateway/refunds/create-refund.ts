import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { isUniqueViolation, type Executor } from "@/lib/db/client";
import { paymentIntents, paymentLinks, payments, qrCodes, refunds, walletPayments } from "@/lib/db/schema";
import { asMinor, type Minor } from "@/lib/contract/money";
import { isUuid } from "@/lib/contract/uuid";
import type { GatewayContext } from "@/lib/gateway/context";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { lockLinkOfPayment } from "@/lib/gateway/locks";
import { announceLinkChange, NEXT_EVENT_VERSION } from "@/lib/gateway/links/link-events";
import { linkState } from "@/lib/gateway/links/link-state";
import { refundTotals } from "./refund-reads";
import type { RefundRow } from "./refund-wire";
import { settleDelayMs } from "./acquirer";

/**
 * Why a refund was refused, in the domain's words; each family's route says it in its own
 * (docs/contract.md §9): `not_found` (404 / 404SS01), `not_paid` (payment_not_refundable /
 * 404SS01), `unsupported` (a VA: refund_unsupported), `too_large` (amount_too_large / 404SS13),
 * `duplicate` (the same partnerRefundNo with another body: 409SS01).
 */
export class RefundRefusal extends Error {
  constructor(
    readonly reason: "not_found" | "not_paid" | "unsupported" | "too_large" | "duplicate",
    message: string,
  ) {
    super(message);
    this.name = "RefundRefusal";
  }
}

/** What is refunded: a link or an intent (/v1), or a SNAP reference of a QR, wallet or card payment. */
export type RefundTarget =
  | { kind: "link"; paymentLinkId: string }
  | { kind: "intent"; paymentIntentId: string }
  | {
      kind: "snap";
      family: "qr" | "debit";
      originalReferenceNo?: string | undefined;
      originalPartnerReferenceNo?: string | undefined;
    };

export interface RefundRequest {
  /** Minor units; undefined: all that remains. */
  amountMinor?: Minor | undefined;
  reason?: string | undefined;
  /** SNAP: the partner's refund number and the keyed hash of the body that made it. */
  partnerRefundNo?: string | undefined;
  requestHash?: string | undefined;
}

export function newRefundId(): string {
  return `re_${randomBytes(12).toString("hex")}`;
}

/**
 * The payments row a target names, read without a lock (only its id and link are used: they
 * never change). Another merchant's record is as unknown as a missing one.
 */
async function paymentOf(tx: Executor, partner: Partner, target: RefundTarget): Promise<string | null> {
  if (target.kind === "link") {
    if (!isUuid(target.paymentLinkId)) return null;
    const [row] = await tx
      .select({ status: paymentLinks.status, current: paymentLinks.currentPaymentId })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.id, target.paymentLinkId), eq(paymentLinks.partnerId, partner.id)))
      .limit(1);
    if (!row) return null;
    // A paid link's current payment is the one that paid it; an unpaid one has nothing to refund.
    if (row.status !== "paid" || !row.current)
      throw new RefundRefusal("not_paid", "This payment link has not been paid.");
    return row.current;
  }
  if (target.kind === "intent") {
    if (!isUuid(target.paymentIntentId)) return null;
    const [row] = await tx
      .select({ paymentId: paymentIntents.paymentId, status: paymentIntents.status })
      .from(paymentIntents)
      .where(and(eq(paymentIntents.id, target.paymentIntentId), eq(paymentIntents.partnerId, partner.id)))
      .limit(1);
    if (!row) return null;
    if (row.status !== "succeeded") throw new RefundRefusal("not_paid", "This payment intent has not succeeded.");
    return row.paymentId;
  }
  return snapPaymentOf(tx, partner, target);
}

/** SNAP: the QR (78), or the wallet attempt else the Card Pay (58), by its reference or the partner's. */
async function snapPaymentOf(
  tx: Executor,
  partner: Partner,
  t: Extract<RefundTarget, { kind: "snap" }>,
): Promise<string | null> {
  const byRef = t.originalReferenceNo !== undefined;
  if (t.family === "qr") {
    const [qr] = await tx
      .select({ paymentId: qrCodes.paymentId, referenceNo: qrCodes.referenceNo, status: qrCodes.status })
      .from(qrCodes)
      .where(
        and(
          eq(qrCodes.partnerId, partner.id),
          byRef
            ? eq(qrCodes.referenceNo, t.originalReferenceNo!)
            : eq(qrCodes.partnerReferenceNo, t.originalPartnerReferenceNo!),
          ...(byRef ? [] : [inArray(qrCodes.status, ["paid", "refunded"])]),
        ),
      )
      .orderBy(desc(qrCodes.createdAt))
      .limit(1);
    if (!qr) return null;
    if (qr.paymentId) return qr.paymentId;
    const [p] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.groupId, "qr"), eq(payments.referenceNo, qr.referenceNo)))
      .limit(1);
    return p?.id ?? null;
  }
  const [attempt] = await tx
    .select({ paymentId: walletPayments.paymentId })
    .from(walletPayments)
    .where(
      and(
        eq(walletPayments.partnerId, partner.id),
        byRef
          ? eq(walletPayments.referenceNo, t.originalReferenceNo!)
          : and(
              eq(walletPayments.partnerReferenceNo, t.originalPartnerReferenceNo!),
              eq(walletPayments.status, "paid"),
            ),
      ),
    )
    .orderBy(desc(walletPayments.createdAt))
    .limit(1);
  if (attempt) return attempt.paymentId;
  if (byRef && !isUuid(t.originalReferenceNo!)) return null;
  const [intent] = await tx
    .select({ paymentId: paymentIntents.paymentId })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.partnerId, partner.id),
        byRef
          ? eq(paymentIntents.id, t.originalReferenceNo!)
          : eq(paymentIntents.partnerReferenceNo, t.originalPartnerReferenceNo!),
      ),
    )
    .limit(1);
  return intent?.paymentId ?? null;
}

/** The references a refund of this payment answers and notifies with. */
async function originalsOf(tx: Executor, payment: typeof payments.$inferSelect) {
  if (payment.groupId !== "cc")
    return {
      intentId: null,
      originalReferenceNo: payment.referenceNo,
      originalPartnerReferenceNo: payment.partnerReferenceNo ?? payment.referenceNo,
    };
  const [intent] = await tx
    .select({ id: paymentIntents.id, partnerReferenceNo: paymentIntents.partnerReferenceNo })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.paymentId, payment.id), eq(paymentIntents.status, "succeeded")))
    .limit(1);
  const id = intent?.id ?? payment.referenceNo;
  return {
    intentId: intent?.id ?? null,
    originalReferenceNo: id,
    originalPartnerReferenceNo: intent?.partnerReferenceNo ?? payment.partnerReferenceNo ?? id,
  };
}

/** The same partnerRefundNo again: the first refund when the body is the same, else a refusal. */
async function priorSnapRefund(tx: Executor, partner: Partner, req: RefundRequest): Promise<RefundRow | null> {
  if (!req.partnerRefundNo) return null;
  const [prior] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.partnerId, partner.id), eq(refunds.partnerRefundNo, req.partnerRefundNo)))
    .limit(1);
  if (!prior) return null;
  if (prior.requestHash !== req.requestHash)
    throw new RefundRefusal("duplicate", "This partnerRefundNo was used with another request.");
  return prior;
}

/**
 * A refund, pending until the acquirer answers (docs/refunds.md). Never more than was paid, by
 * construction: the payment's link (when it has one) and then its payments row are locked in
 * the one order (lib/gateway/locks.ts) before the refunds already made are summed, and the new
 * row is inserted in the same transaction, so a racing refund of the same payment waits for
 * this one to commit and then counts it. What remains is paid − succeeded − pending.
 */
export async function createRefund(
  ctx: GatewayContext,
  tx: Executor,
  partner: Partner,
  target: RefundTarget,
  req: RefundRequest,
): Promise<RefundRow> {
  const early = await priorSnapRefund(tx, partner, req);
  if (early) return early;
  const paymentId = await paymentOf(tx, partner, target);
  if (!paymentId) throw new RefundRefusal("not_found", "No such payment.");
  const [unlocked] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!unlocked || unlocked.partnerId !== partner.id) throw new RefundRefusal("not_found", "No such payment.");
  const owner = unlocked.linkId ? await lockLinkOfPayment(tx, paymentId, unlocked.linkId) : null;
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update").limit(1);
  if (!payment) throw new RefundRefusal("not_found", "No such payment.");
  // A twin with the same partnerRefundNo that committed while we waited for the lock.
  const prior = await priorSnapRefund(tx, partner, req);
  if (prior) return prior;
  if (payment.status !== "paid") throw new RefundRefusal("not_paid", "This payment has not been paid.");
  if (payment.groupId === "va")
    throw new RefundRefusal(
      "unsupported",
      "A virtual account payment cannot be refunded: a bank transfer has no way back.",
    );

  const totals = await refundTotals(tx, payment.id);
  const remaining = asMinor(payment.amountMinor - totals.succeeded - totals.pending);
  // One unit inside: "all that remains" is exact, to the last sen (docs/contract.md §9).
  const amount = req.amountMinor ?? remaining;
  if (amount <= 0 || amount > remaining)
    throw new RefundRefusal(
      "too_large",
      remaining <= 0 ? "Nothing remains to be refunded." : "The amount is more than remains to be refunded.",
    );

  const now = ctx.now();
  const row = {
    id: newRefundId(),
    partnerId: partner.id,
    paymentId: payment.id,
    linkId: payment.linkId,
    groupId: payment.groupId,
    ...(await originalsOf(tx, payment)),
    amountMinor: amount,
    currency: payment.currency,
    status: "pending" as const,
    reason: req.reason ?? null,
    partnerRefundNo: req.partnerRefundNo ?? null,
    requestHash: req.requestHash ?? null,
    settleAt: new Date(now.getTime() + settleDelayMs(ctx)),
    createdAt: now,
  };
  let inserted: RefundRow;
  try {
    // A savepoint: the same partnerRefundNo committed for another payment meanwhile is a refusal, not a fault.
    inserted = await tx.transaction(async (sp) => (await sp.insert(refunds).values(row).returning())[0]!);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const twin = await priorSnapRefund(tx, partner, req);
    if (twin) return twin;
    throw err;
  }
  if (owner) await announceRefund(tx, owner.link.id, payment, now);
  return inserted;
}

/** The link's pages see the refund at once (docs/live-events.md): a new version, announced. */
export async function announceRefund(
  tx: Executor,
  linkId: string,
  payment: typeof payments.$inferSelect,
  now: Date,
): Promise<void> {
  const [link] = await tx
    .update(paymentLinks)
    .set({ eventVersion: NEXT_EVENT_VERSION, updatedAt: now })
    .where(eq(paymentLinks.id, linkId))
    .returning();
  if (link) await announceLinkChange(tx, link, payment, linkState(link, now), "refund");
}
