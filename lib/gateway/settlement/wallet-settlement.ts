import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "@/lib/db/client";
import { paymentLinks, payments, walletPayments } from "@/lib/db/schema";
import type { Envelope } from "@/lib/contract/common";
import { parseMoney } from "@/lib/contract/money";
import { WALLET_METHODS, isWalletMethod, type WalletNotifyResponse } from "@/lib/contract/wallet";
import type { CallbackItem } from "@/lib/notify/outbox";
import { SnapError } from "@/lib/snap/codes";
import type { GatewayContext } from "@/lib/gateway/context";
import { lockLinkOfPayment } from "@/lib/gateway/locks";
import { linkState, transition, type LinkState } from "@/lib/gateway/links/link-state";
import { announceLinkChange, NEXT_EVENT_VERSION } from "@/lib/gateway/links/link-events";
import { recordLinkEvent } from "@/lib/gateway/links/link-timeline";
import { linkStatusBody } from "@/lib/gateway/links/wire";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { enqueueFor, markLinkPaid, remember, replayOf } from "./settlement";

type LinkRow = typeof paymentLinks.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type WalletRow = typeof walletPayments.$inferSelect;

/** The wallet notification's answer (without the envelope), stored for replays. */
type WalletAnswer = Omit<z.output<typeof WalletNotifyResponse>, keyof z.output<typeof Envelope>>;

interface WalletNotice {
  originalReferenceNo: string;
  originalPartnerReferenceNo?: string | undefined;
  latestTransactionStatus: "00" | "06";
  amount: { value: string; currency: string };
  [k: string]: unknown;
}

/** A push attempt nobody approved in time: the payer was told to send it again. */
export function lapsed(attempt: Pick<WalletRow, "lapsesAt">, now: Date): boolean {
  return attempt.lapsesAt !== null && attempt.lapsesAt.getTime() <= now.getTime();
}

/**
 * Can the payer still answer this attempt? It is open, not lapsed, still its link's live method,
 * and the link pending. The wallet page opens only then, Direct debit status answers 01/03 only
 * then (else 05), and a decline rejects the link only then.
 */
export function attemptLive(
  attempt: Pick<WalletRow, "status" | "lapsesAt" | "paymentId">,
  paymentStatus: PaymentRow["status"],
  link: LinkRow,
  now: Date,
): boolean {
  return (
    attempt.status === "open" &&
    !lapsed(attempt, now) &&
    paymentStatus === "active" &&
    link.currentPaymentId === attempt.paymentId &&
    linkState(link, now) === "pending"
  );
}

/** What the timeline says of a wallet step: which wallet, and the payer's account as anyone may see it. */
function walletDetail(attempt: WalletRow): Record<string, unknown> {
  const name = isWalletMethod(attempt.methodId) ? WALLET_METHODS[attempt.methodId].name : attempt.methodId;
  return { wallet: name, ...(attempt.phoneMasked ? { account: attempt.phoneMasked } : {}) };
}

/**
 * The wallet provider's notification (docs/contract.md §8). Locks in the one order
 * (lib/gateway/locks.ts): the attempt's link, then the attempt; only then is the dedupe key
 * read, so a racing duplicate waits and gets the first answer. `00` settles an unpaid link —
 * also through an attempt that is no longer current (method switched, push lapsed) or after
 * the deadline: the wallet has moved the money — and is refused with Paid Bill on a link
 * already paid. `06` rejects the link only while the attempt is its current, live one.
 */
export async function applyWalletNotification(
  ctx: GatewayContext,
  tx: Executor,
  acquirer: Partner,
  notice: WalletNotice,
): Promise<WalletAnswer> {
  const ref = notice.originalReferenceNo;
  const [found] = await tx
    .select({ paymentId: walletPayments.paymentId, linkId: walletPayments.linkId })
    .from(walletPayments)
    .where(eq(walletPayments.referenceNo, ref))
    .limit(1);
  const owner = await lockLinkOfPayment(tx, found?.paymentId ?? null, found?.linkId);
  const [attempt] = found
    ? await tx.select().from(walletPayments).where(eq(walletPayments.referenceNo, ref)).for("update").limit(1)
    : [];
  const replay = await replayOf<WalletAnswer>(tx, acquirer, "ew", ref);
  if (replay) return replay;
  if (!attempt || !owner) throw new SnapError("transactionNotFound");
  if (notice.originalPartnerReferenceNo && notice.originalPartnerReferenceNo !== attempt.partnerReferenceNo)
    throw new SnapError("transactionNotFound");
  if (parseMoney(notice.amount.value) !== attempt.amountMinor) throw new SnapError("invalidAmount");
  // Another acquirer's first answer is not found above; the attempt's own state still forbids a second credit.
  if (attempt.status === "paid") throw new SnapError("paidBill");

  const status = notice.latestTransactionStatus;
  const now = ctx.now();
  const state = linkState(owner.link, now);
  let linkAfter: { link: LinkRow; payment: PaymentRow; state: LinkState } | null = null;
  if (status === "00") {
    if (state === "paid") throw new SnapError("paidBill");
    transition(state, state === "pending" ? "settle" : "settle_late");
    linkAfter = await markLinkPaid(tx, owner.link, owner.payment, now, state === "expired", walletDetail(attempt));
  } else {
    linkAfter = await rejectIfLive(tx, owner.link, owner.payment, attempt, now);
  }
  await tx
    .update(walletPayments)
    .set({ status: status === "00" ? "paid" : "failed", finishedAt: now })
    .where(eq(walletPayments.referenceNo, ref));

  const answer: WalletAnswer = {
    originalReferenceNo: ref,
    originalPartnerReferenceNo: attempt.partnerReferenceNo,
    latestTransactionStatus: status,
    transactionStatusDesc: status === "00" ? "Success" : "Failed",
  };
  await remember(tx, acquirer, "ew", ref, answer);
  const items: CallbackItem[] = [
    { kind: "ew", body: { ...notice, originalPartnerReferenceNo: attempt.partnerReferenceNo } },
  ];
  if (linkAfter) items.push({ kind: "link", body: linkStatusBody(linkAfter.link, linkAfter.payment, linkAfter.state) });
  await enqueueFor(ctx, tx, attempt.partnerId, linkAfter?.link ?? owner.link, items, now);
  return answer;
}

/**
 * A declined attempt rejects the link (`01`) only if the payer is still waiting on it: the
 * link's current payment, live, not lapsed, the link pending. A decline of an attempt the payer
 * has left (switched, resent after the lapse) or of a paid link changes nothing but the attempt.
 */
async function rejectIfLive(
  tx: Executor,
  link: LinkRow,
  payment: PaymentRow,
  attempt: WalletRow,
  now: Date,
): Promise<{ link: LinkRow; payment: PaymentRow; state: LinkState } | null> {
  if (!attemptLive(attempt, payment.status, link, now)) return null;
  const [rejectedPayment] = await tx
    .update(payments)
    .set({ status: "rejected" })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "active")))
    .returning();
  const [rejected] = await tx
    .update(paymentLinks)
    .set({ status: transition("pending", "reject"), updatedAt: now, eventVersion: NEXT_EVENT_VERSION })
    .where(eq(paymentLinks.id, link.id))
    .returning();
  const after = rejectedPayment ?? { ...payment, status: "rejected" as const };
  await announceLinkChange(tx, rejected!, after, "rejected", "rejected");
  await recordLinkEvent(tx, link.id, "rejected", now, {
    method: `${payment.groupId}.${payment.methodId}`,
    ...walletDetail(attempt),
  });
  return { link: rejected!, payment: after, state: "rejected" };
}
