import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { inboundNotifications, paymentLinks, payments, qrCodes, virtualAccounts } from "@/lib/db/schema";
import type { z } from "zod";
import type { Envelope } from "@/lib/contract/common";
import { formatMoney, parseMoney } from "@/lib/contract/money";
import type { QrNotifyResponse } from "@/lib/contract/qr";
import type { VaPaymentResponse } from "@/lib/contract/va";
import { enqueueCallbacks, type CallbackItem } from "@/lib/notify/outbox";
import { SnapError, type SnapCase } from "@/lib/snap/codes";
import type { GatewayContext } from "@/lib/gateway/context";
import { vaDigits } from "@/lib/gateway/ids";
import { linkState, transition, TransitionError, type LinkState } from "@/lib/gateway/links/link-state";
import { FLAG_REASONS } from "@/lib/contract/link-flags";
import { getPartner, type Partner } from "@/lib/gateway/merchants/partners";
import { retirePayment } from "@/lib/gateway/links/link-payments";
import { lockLinkOfPayment } from "@/lib/gateway/locks";
import { announceLinkChange, NEXT_EVENT_VERSION } from "@/lib/gateway/links/link-events";
import { linkStatusBody } from "@/lib/gateway/links/wire";
import { recordLinkEvent } from "@/lib/gateway/links/link-timeline";
import { TRANSACTION_STATUS_DESC } from "@/lib/contract/transaction-status";

type LinkRow = typeof paymentLinks.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** The VA payment notification's answer (without the envelope), stored for replays. */
export type VaAnswer = Omit<z.output<typeof VaPaymentResponse>, keyof z.output<typeof Envelope>>;

/** The QR payment notification's answer (without the envelope), stored for replays. */
export type QrAnswer = Omit<z.output<typeof QrNotifyResponse>, keyof z.output<typeof Envelope>>;

/** What an inbound notification is about, the kind of its dedupe key (docs/contract.md §2.8, §8). */
export type NotificationKind = "va" | "qr" | "ew";

export interface VaNotice {
  responseCode?: string | undefined;
  responseMessage?: string | undefined;
  virtualAccountData: {
    partnerServiceId: string;
    customerNo: string;
    virtualAccountNo: string;
    paymentRequestId: string;
    paidAmount: { value: string; currency: string };
    [k: string]: unknown;
  };
}

export interface QrNotice {
  originalReferenceNo: string;
  originalPartnerReferenceNo?: string | undefined;
  latestTransactionStatus: QrAnswer["latestTransactionStatus"];
  amount: { value: string; currency: string };
  [k: string]: unknown;
}

/** A remembered refusal: replayed as the same SNAP error. */
type Refusal = { refused: { snapCase: SnapCase; detail: string | null } };

/** The notification `key` of `kind` already took effect: its first answer (a remembered refusal is thrown again). */
export async function replayOf<T extends object>(
  tx: Executor,
  acquirer: Partner,
  kind: NotificationKind,
  key: string,
): Promise<T | null> {
  const [row] = await tx
    .select({ body: inboundNotifications.responseBody })
    .from(inboundNotifications)
    .where(
      and(
        eq(inboundNotifications.partnerId, acquirer.id),
        eq(inboundNotifications.kind, kind),
        eq(inboundNotifications.dedupeKey, key),
      ),
    )
    .limit(1);
  const body = row?.body as T | Refusal | undefined;
  if (body && "refused" in body) throw new SnapError(body.refused.snapCase, body.refused.detail ?? undefined);
  return body ?? null;
}

/** The refusals of a VA payment that are answers about the bill, not about the request. */
const VA_REFUSALS: ReadonlySet<SnapCase> = new Set(["invalidBill", "paidBill", "invalidAmount"]);

/**
 * docs/contract.md §2.8: the same `paymentRequestId` again → the first answer again, refusals included
 * (a bank that got "Invalid Amount" does not get a credit by sending the same id once more).
 * Called after the refused transaction rolled back, so this is its own write; a racing first
 * success wins the key and this insert does nothing.
 */
export async function rememberVaRefusal(
  ctx: GatewayContext,
  acquirer: Partner,
  notice: VaNotice,
  err: SnapError,
): Promise<void> {
  if (!VA_REFUSALS.has(err.snapCase)) return;
  const refusal: Refusal = { refused: { snapCase: err.snapCase, detail: err.detail ?? null } };
  await ctx.db
    .insert(inboundNotifications)
    .values({
      id: randomUUID(),
      partnerId: acquirer.id,
      kind: "va",
      dedupeKey: notice.virtualAccountData.paymentRequestId,
      responseBody: refusal,
    })
    .onConflictDoNothing();
}

/** The first answer to notification `key`, kept for its repeats; its transaction is the settlement's. */
export async function remember(
  tx: Executor,
  acquirer: Partner,
  kind: NotificationKind,
  key: string,
  body: object,
): Promise<void> {
  await tx.insert(inboundNotifications).values({
    id: randomUUID(),
    partnerId: acquirer.id,
    kind,
    dedupeKey: key,
    responseBody: body as unknown as Record<string, unknown>,
  });
}

/** A standalone QR (Generate QR MPM) is tied to its payments row by reference. */
async function standalonePaymentId(tx: Executor, referenceNo: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.groupId, "qr"), eq(payments.referenceNo, referenceNo)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * VA payment notification (docs/contract.md §2.8). Locks in the one order
 * (lib/gateway/locks.ts): the VA's link, then the VA; only then is the dedupe key read, so
 * a racing duplicate waits and gets the first answer.
 */
export async function settleVaPayment(
  ctx: GatewayContext,
  tx: Executor,
  acquirer: Partner,
  notice: VaNotice,
): Promise<VaAnswer> {
  const data = notice.virtualAccountData;
  const digits = vaDigits(data.virtualAccountNo);
  if (digits !== vaDigits(data.partnerServiceId) + vaDigits(data.customerNo)) {
    throw new SnapError("invalidFieldFormat", "virtualAccountData.virtualAccountNo");
  }
  const [found] = await tx
    .select({ id: virtualAccounts.id, paymentId: virtualAccounts.paymentId })
    .from(virtualAccounts)
    .where(eq(virtualAccounts.accountDigits, digits))
    .limit(1);
  const owner = await lockLinkOfPayment(tx, found?.paymentId ?? null);
  const [va] = found
    ? await tx.select().from(virtualAccounts).where(eq(virtualAccounts.id, found.id)).for("update").limit(1)
    : [];
  const replay = await replayOf<VaAnswer>(tx, acquirer, "va", data.paymentRequestId);
  if (replay) return replay;
  const now = ctx.now();
  if (!va || va.status === "deleted" || va.status === "retired") throw new SnapError("invalidBill");
  if (va.status === "paid") throw new SnapError("paidBill");
  if (va.expiresAt.getTime() <= now.getTime()) throw new SnapError("invalidBill");
  const paidMinor = parseMoney(data.paidAmount.value);
  if (paidMinor <= 0 || (va.trxType === "C" && paidMinor !== va.amountMinor)) throw new SnapError("invalidAmount");

  let linkAfter: { link: LinkRow; payment: PaymentRow; state: LinkState } | null = null;
  if (owner) {
    const state = linkState(owner.link, now);
    if (state === "paid") throw new SnapError("paidBill");
    try {
      transition(state, "settle");
    } catch (err) {
      if (err instanceof TransitionError) throw new SnapError("invalidBill");
      throw err;
    }
    linkAfter = await markLinkPaid(tx, owner.link, owner.payment, now, false);
  }
  await tx
    .update(virtualAccounts)
    .set({
      status: "paid",
      paidAmountMinor: paidMinor,
      paidAt: now,
      paymentRequestId: data.paymentRequestId,
      updatedAt: now,
    })
    .where(eq(virtualAccounts.id, va.id));
  if (!owner && va.paymentId) {
    await tx
      .update(payments)
      .set({ status: "paid", paidAt: now, amountMinor: paidMinor })
      .where(eq(payments.id, va.paymentId));
  }

  const answer: VaAnswer = {
    virtualAccountData: {
      partnerServiceId: va.partnerServiceId,
      customerNo: va.customerNo,
      virtualAccountNo: va.virtualAccountNo,
      virtualAccountName: va.virtualAccountName,
      paymentRequestId: data.paymentRequestId,
      trxId: va.trxId,
      paidAmount: { value: formatMoney(paidMinor), currency: va.currency },
      totalAmount: { value: formatMoney(va.amountMinor ?? paidMinor), currency: va.currency },
      paymentFlagStatus: "00",
      paymentFlagReason: FLAG_REASONS["00"],
    },
  };
  await remember(tx, acquirer, "va", data.paymentRequestId, answer);

  const items: CallbackItem[] = [
    {
      kind: "va",
      body: {
        responseCode: notice.responseCode ?? "2002500",
        responseMessage: notice.responseMessage ?? "Successful",
        virtualAccountData: {
          ...data,
          virtualAccountNo: va.virtualAccountNo,
          partnerServiceId: va.partnerServiceId,
          customerNo: va.customerNo,
          trxId: va.trxId,
        },
      },
    },
  ];
  if (linkAfter) items.push({ kind: "link", body: linkStatusBody(linkAfter.link, linkAfter.payment, linkAfter.state) });
  await enqueueFor(ctx, tx, va.partnerId, linkAfter?.link ?? null, items, now);
  return answer;
}

/**
 * QR payment notification: 00 settles (also after the deadline); 06 (failed) and 05
 * (canceled) before payment end the QR and reject the link waiting on it; 04 (refunded)
 * after payment marks the QR refunded (the link stays paid: it was); 01–03 are
 * acknowledged and change nothing. Each outcome is told to the merchant. Locks: the QR's
 * link, then the QR (lib/gateway/locks.ts).
 */
export async function applyQrNotification(
  ctx: GatewayContext,
  tx: Executor,
  acquirer: Partner,
  notice: QrNotice,
): Promise<QrAnswer> {
  const [found] = await tx
    .select({ paymentId: qrCodes.paymentId })
    .from(qrCodes)
    .where(eq(qrCodes.referenceNo, notice.originalReferenceNo))
    .limit(1);
  const owner = await lockLinkOfPayment(tx, found?.paymentId ?? null);
  const [qr] = found
    ? await tx.select().from(qrCodes).where(eq(qrCodes.referenceNo, notice.originalReferenceNo)).for("update").limit(1)
    : [];
  const status = notice.latestTransactionStatus as QrAnswer["latestTransactionStatus"];
  // The outcome of a QR (00, 05, 06) is decided once; a refund is a later, second fact.
  const dedupeKey = status === "04" ? `${notice.originalReferenceNo}:refund` : notice.originalReferenceNo;
  const replay = await replayOf<QrAnswer>(tx, acquirer, "qr", dedupeKey);
  if (replay) return replay;
  if (!qr) throw new SnapError("transactionNotFound");
  if (notice.originalPartnerReferenceNo && notice.originalPartnerReferenceNo !== qr.partnerReferenceNo) {
    throw new SnapError("transactionNotFound");
  }
  if (parseMoney(notice.amount.value) !== qr.amountMinor) throw new SnapError("invalidAmount");
  const answer: QrAnswer = {
    originalReferenceNo: qr.referenceNo,
    originalPartnerReferenceNo: qr.partnerReferenceNo,
    latestTransactionStatus: status,
    transactionStatusDesc: TRANSACTION_STATUS_DESC[status] ?? "",
  };
  if (!["00", "04", "05", "06"].includes(status)) return answer; // in-between states change nothing
  const now = ctx.now();
  const paymentId = qr.paymentId ?? (await standalonePaymentId(tx, qr.referenceNo));
  let linkAfter: { link: LinkRow; payment: PaymentRow; state: LinkState } | null = null;

  if (status === "04") {
    if (qr.status !== "paid") throw new SnapError("invalidBill", "nothing was paid to refund");
    await tx
      .update(qrCodes)
      .set({ status: "refunded", refundedAt: now })
      .where(eq(qrCodes.referenceNo, qr.referenceNo));
  } else if (qr.status === "paid" || qr.status === "refunded") {
    throw new SnapError("paidBill");
  } else if (status === "00") {
    if (owner) {
      const state = linkState(owner.link, now);
      if (state === "paid") throw new SnapError("paidBill");
      transition(state, state === "pending" ? "settle" : "settle_late");
      linkAfter = await markLinkPaid(tx, owner.link, owner.payment, now, state !== "pending");
    } else if (paymentId) {
      await tx.update(payments).set({ status: "paid", paidAt: now }).where(eq(payments.id, paymentId));
    }
    await tx.update(qrCodes).set({ status: "paid", paidAt: now }).where(eq(qrCodes.referenceNo, qr.referenceNo));
  } else {
    // 06 failed, 05 canceled: the QR takes no money any more; a link waiting on it is rejected.
    await tx
      .update(qrCodes)
      .set({ status: status === "05" ? "canceled" : "failed" })
      .where(eq(qrCodes.referenceNo, qr.referenceNo));
    if (paymentId)
      await tx
        .update(payments)
        .set({ status: "rejected" })
        .where(and(eq(payments.id, paymentId), eq(payments.status, "active")));
    if (
      owner &&
      owner.link.currentPaymentId === owner.payment.id &&
      owner.payment.status === "active" &&
      linkState(owner.link, now) === "pending"
    ) {
      const [link] = await tx
        .update(paymentLinks)
        .set({ status: transition("pending", "reject"), updatedAt: now, eventVersion: NEXT_EVENT_VERSION })
        .where(eq(paymentLinks.id, owner.link.id))
        .returning();
      linkAfter = { link: link!, payment: { ...owner.payment, status: "rejected" }, state: "rejected" };
      await announceLinkChange(tx, link!, owner.payment, "rejected", "rejected");
      await recordLinkEvent(tx, link!.id, "rejected", now, { method: "qr.qris" });
    }
  }
  await remember(tx, acquirer, "qr", dedupeKey, answer);
  const items: CallbackItem[] = [
    { kind: "qr", body: { ...notice, originalPartnerReferenceNo: qr.partnerReferenceNo } },
  ];
  if (linkAfter) items.push({ kind: "link", body: linkStatusBody(linkAfter.link, linkAfter.payment, linkAfter.state) });
  await enqueueFor(ctx, tx, qr.partnerId, linkAfter?.link ?? owner?.link ?? null, items, now);
  return answer;
}

/**
 * The link's paying payment becomes paid. If it was not the current one (an older QR paid
 * late), the current method is retired so nothing else can take money for the link.
 */
export async function markLinkPaid(
  tx: Executor,
  link: LinkRow,
  payment: PaymentRow,
  now: Date,
  late: boolean,
  detail: Record<string, unknown> = {},
) {
  if (link.currentPaymentId && link.currentPaymentId !== payment.id) {
    const [current] = await tx.select().from(payments).where(eq(payments.id, link.currentPaymentId)).limit(1);
    if (current?.status === "active") await retirePayment(tx, current);
  }
  const [paidPayment] = await tx
    .update(payments)
    .set({ status: "paid", paidAt: now })
    .where(eq(payments.id, payment.id))
    .returning();
  const [paidLink] = await tx
    .update(paymentLinks)
    .set({
      status: "paid",
      paidAt: now,
      currentPaymentId: payment.id,
      latePayment: late,
      updatedAt: now,
      eventVersion: NEXT_EVENT_VERSION,
    })
    .where(eq(paymentLinks.id, link.id))
    .returning();
  await announceLinkChange(tx, paidLink!, paidPayment!, "paid", "paid");
  await recordLinkEvent(tx, link.id, "paid", now, {
    method: `${payment.groupId}.${payment.methodId}`,
    late,
    ...detail,
  });
  return { link: paidLink!, payment: paidPayment!, state: "paid" as const };
}

export async function enqueueFor(
  ctx: GatewayContext,
  tx: Executor,
  partnerId: string,
  link: LinkRow | null,
  items: CallbackItem[],
  now: Date,
) {
  const merchant = await getPartner(ctx, partnerId, tx);
  const callbackBaseUrl = link?.callbackBaseUrl ?? merchant?.callbackBaseUrl ?? null;
  await enqueueCallbacks(tx, { partnerId, linkId: link?.id ?? null, callbackBaseUrl, items, now });
}
