import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { paymentIntents, paymentLinks, payments } from "@/lib/db/schema";
import { safeEqual } from "@/lib/snap/signing";
import { formatUtcMicros } from "@/lib/contract/time";
import { V1Error } from "@/lib/gateway/v1-error";
import { BRAND_LABEL, cardBrand, expired, luhnValid, maskedNumber, TEST_CARDS } from "./cards";
import type { GatewayContext } from "@/lib/gateway/context";
import { linkState, transition } from "@/lib/gateway/links/link-state";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { enqueueFor, markLinkPaid } from "@/lib/gateway/settlement/settlement";
import { announceLinkChange, NEXT_EVENT_VERSION } from "@/lib/gateway/links/link-events";
import { recordLinkEvent } from "@/lib/gateway/links/link-timeline";
import { linkStatusBody } from "@/lib/gateway/links/wire";
import { isUuid } from "@/lib/contract/uuid";
import { cardCanCharge, fromWholeRupiah, toWholeRupiah, type Minor } from "@/lib/contract/money";
import type { SetupFutureUsage } from "@/lib/contract/payment-methods";
import { holdCardToSave, openSavedCard, savedCardActive, settleHeldCard } from "./payment-methods";

type IntentRow = typeof paymentIntents.$inferSelect;

/**
 * An intent as the domain sees it: its amount in minor units, like every other amount. The
 * column holds whole rupiah (docs/contract.md §3.2, since migration 0002); rather than migrating it,
 * rows are converted here, where they leave and enter the database.
 */
export type Intent = Omit<IntentRow, "amount"> & { amountMinor: Minor };

function fromRow({ amount, ...row }: IntentRow): Intent {
  return { ...row, amountMinor: fromWholeRupiah(amount) };
}

export interface CreateIntentInput {
  amountMinor: Minor;
  currency: string;
  customerId?: string | undefined;
  description?: string | undefined;
  metadata: Record<string, string>;
  partnerReferenceNo?: string | undefined;
  returnUrl?: string | undefined;
  setupFutureUsage?: SetupFutureUsage | undefined;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}

export function clientSecretOf(ctx: GatewayContext, id: string): string {
  return `pi_${id}_secret_${ctx.vault.derive("payment-intent", id)}`;
}

export function threeDsToken(ctx: GatewayContext, id: string): string {
  return ctx.vault.derive("3ds", id);
}

/**
 * Create an intent. A merchant creates its own; the hosted checkout creates one only for
 * a link (metadata.paymentLinkId) that awaits a card, on behalf of the link's merchant.
 */
export async function createIntent(
  ctx: GatewayContext,
  tx: Executor,
  caller: Partner,
  input: CreateIntentInput,
): Promise<Intent> {
  requireCardProcessor(ctx);
  if (input.currency !== "IDR") throw new V1Error("currency_not_supported", "Only IDR is supported.", "currency");
  if (!cardCanCharge(input.amountMinor))
    throw new V1Error("parameter_invalid", "amount must be a positive whole number of rupiah.", "amount");
  const linkId = input.metadata.paymentLinkId;
  if (caller.kind === "checkout" && !linkId) {
    throw new V1Error(
      "parameter_missing",
      "The hosted checkout creates intents for a payment link only.",
      "metadata.paymentLinkId",
    );
  }
  if (input.setupFutureUsage && !input.customerId && !linkId) throw needsCustomer(); // a link's: below
  const id = randomUUID();
  const now = ctx.now();
  let partnerId = caller.id;
  let paymentId: string;
  let customerId = input.customerId ?? null;
  if (linkId) {
    const [row] = await tx
      .select({ link: paymentLinks, payment: payments })
      .from(paymentLinks)
      .leftJoin(payments, eq(payments.id, paymentLinks.currentPaymentId))
      .where(
        caller.kind === "checkout"
          ? eq(paymentLinks.id, linkId)
          : and(eq(paymentLinks.id, linkId), eq(paymentLinks.partnerId, caller.id)),
      )
      .for("update", { of: paymentLinks })
      .limit(1);
    if (!row) throw new V1Error("resource_missing", "No such payment link.", "metadata.paymentLinkId");
    const state = linkState(row.link, now);
    if (state !== "pending" || row.payment?.groupId !== "cc" || row.payment.status !== "active") {
      throw new V1Error(
        "payment_link_not_awaiting_card",
        "The payment link is not waiting for a card payment: choose the card method first (Pay Payment Link).",
      );
    }
    if (!cardCanCharge(row.link.totalMinor) || input.amountMinor !== row.link.totalMinor) {
      throw new V1Error("amount_mismatch", "amount must equal the payment link's total in whole rupiah.", "amount");
    }
    // A link's intent is for the link's customer, whoever creates it: the hosted checkout must
    // not be able to name another customer and so reach their saved cards (docs/contract.md §10).
    if (input.customerId !== undefined && input.customerId !== row.link.customerId) {
      throw new V1Error(
        "parameter_invalid",
        "customerId: a payment link's intent is for the link's own customer (additionalInfo.customerId).",
        "customerId",
      );
    }
    customerId = row.link.customerId;
    if (input.setupFutureUsage && !customerId) throw needsCustomer();
    partnerId = row.link.partnerId;
    paymentId = row.payment.id;
  } else {
    if (caller.kind !== "merchant") throw new V1Error("invalid_api_key", "Invalid secret key.");
    paymentId = randomUUID();
    await tx.insert(payments).values({
      id: paymentId,
      partnerId,
      linkId: null,
      groupId: "cc",
      methodId: "card",
      status: "active",
      amountMinor: input.amountMinor,
      currency: "IDR",
      contentName: "",
      contentValue: "",
      referenceNo: id,
      partnerReferenceNo: input.partnerReferenceNo ?? id,
    });
  }
  const [intent] = await tx
    .insert(paymentIntents)
    .values({
      id,
      partnerId,
      paymentId,
      linkId: linkId ?? null,
      partnerReferenceNo: input.partnerReferenceNo ?? null,
      amount: toWholeRupiah(input.amountMinor),
      currency: input.currency,
      customerId,
      setupFutureUsage: input.setupFutureUsage ?? null,
      description: input.description ?? null,
      metadata: input.metadata,
      status: "created",
      returnUrl: input.returnUrl ?? null,
      createdAtIso: formatUtcMicros(now, Number(process.hrtime.bigint() % 1000n)),
    })
    .returning();
  return fromRow(intent!);
}

function needsCustomer(): V1Error {
  return new V1Error(
    "parameter_invalid",
    "setupFutureUsage saves the card for a customer: the intent needs a customerId (a payment link's additionalInfo.customerId).",
    "setupFutureUsage",
  );
}

/**
 * Cards need a processor. The sandbox's is the test cards and the 3-D Secure simulator; no
 * real one is integrated, so production refuses card payments (the card group is inactive
 * there too: lib/gateway/methods/catalogue.ts) instead of letting 4111… mark a link paid.
 */
function requireCardProcessor(ctx: GatewayContext): void {
  if (ctx.config.cardProcessor === null) {
    throw new V1Error(
      "card_payments_unavailable",
      "Card payments are not available: this gateway has no card processor configured.",
    );
  }
}

/** The 3-D Secure pages are the sandbox processor's simulator: nowhere else. */
export function threeDsSimulated(ctx: GatewayContext): boolean {
  return ctx.config.cardProcessor === "sandbox";
}

/** Intent ids are UUIDs: anything else (U+0000 from a `%00` in the path, say) cannot exist. */
export const isIntentId = isUuid;

function noSuchIntent(): V1Error {
  return new V1Error("resource_missing", "No such payment intent.", "id");
}

/** An intent the caller may see: a merchant its own, the checkout those of links. */
export async function findIntent(
  tx: Executor,
  caller: Partner | null,
  id: string,
  { forUpdate = false } = {},
): Promise<Intent> {
  if (!isIntentId(id)) throw noSuchIntent(); // before the database, which cannot even compare some of these
  const q = tx.select().from(paymentIntents).where(eq(paymentIntents.id, id)).limit(1);
  const [row] = forUpdate ? await q.for("update") : await q;
  const visible = row && (!caller || (caller.kind === "checkout" ? !!row.linkId : row.partnerId === caller.id));
  if (!visible) throw noSuchIntent();
  return fromRow(row);
}

/** Whether the partner already used this partnerReferenceNo for a card payment (SNAP Card Pay). */
export async function hasIntentForReference(
  tx: Executor,
  partnerId: string,
  partnerReferenceNo: string,
): Promise<boolean> {
  const [dup] = await tx
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(and(eq(paymentIntents.partnerId, partnerId), eq(paymentIntents.partnerReferenceNo, partnerReferenceNo)))
    .limit(1);
  return !!dup;
}

/** findIntent, with "no such intent" as null; a database fault still throws (it is not a 404). */
export async function findIntentOrNull(
  tx: Executor,
  caller: Partner | null,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<Intent | null> {
  try {
    return await findIntent(tx, caller, id, opts);
  } catch (err) {
    if (err instanceof V1Error && err.code === "resource_missing") return null;
    throw err;
  }
}

function noIntentForSecret(): V1Error {
  return new V1Error(
    "resource_missing",
    "No such payment intent, or the client secret does not match.",
    "clientSecret",
  );
}

/**
 * The merchant partner whose Idempotency-Keys a confirm uses (confirm carries no secret
 * key). The client secret is checked first, so only its holder learns anything.
 */
export async function confirmScope(
  ctx: GatewayContext,
  tx: Executor,
  id: string,
  clientSecret: string,
): Promise<string> {
  if (!isIntentId(id) || !safeEqual(clientSecret, clientSecretOf(ctx, id))) throw noIntentForSecret();
  const [row] = await tx
    .select({ partnerId: paymentIntents.partnerId })
    .from(paymentIntents)
    .where(eq(paymentIntents.id, id))
    .limit(1);
  if (!row) throw noIntentForSecret();
  return row.partnerId;
}

/**
 * The intent behind a client secret, for the payer's own routes (its customer's saved cards):
 * an unknown intent and a wrong secret look the same.
 */
export async function intentForClientSecret(
  ctx: GatewayContext,
  tx: Executor,
  id: string,
  clientSecret: string,
): Promise<Intent> {
  const intent = isIntentId(id) ? await findIntentOrNull(tx, null, id) : null;
  if (!intent || !safeEqual(clientSecret, clientSecretOf(ctx, intent.id))) throw noIntentForSecret();
  return intent;
}

export type ConfirmOutcome = { intent: Intent; declined: boolean };

export interface ConfirmInput {
  clientSecret: string;
  /** A new card, or … */
  card?: CardInput | undefined;
  /** … a saved card of the intent's customer and its CVC (docs/contract.md §10). */
  paymentMethod?: string | undefined;
  cvc?: string | undefined;
  setupFutureUsage?: SetupFutureUsage | undefined;
  returnUrl?: string | undefined;
}

/** The SDK step: the browser confirms with the client secret and a card, new or saved. */
export async function confirmIntent(
  ctx: GatewayContext,
  tx: Executor,
  id: string,
  input: ConfirmInput,
): Promise<ConfirmOutcome> {
  requireCardProcessor(ctx);
  const intent = await findIntentOrNull(tx, null, id, { forUpdate: true });
  // An unknown intent and a wrong secret look the same.
  if (!intent || !safeEqual(input.clientSecret, clientSecretOf(ctx, intent.id))) throw noIntentForSecret();
  if (intent.status !== "created") {
    throw new V1Error(
      "payment_intent_unexpected_state",
      `This payment intent is ${intent.status} and cannot be confirmed.`,
    );
  }
  const setupFutureUsage = input.setupFutureUsage ?? intent.setupFutureUsage;
  if (setupFutureUsage && !intent.customerId) throw needsCustomer();
  let card: { number: string; expMonth: number; expYear: number; holderName: string };
  let savedId: string | null = null;
  if (input.paymentMethod !== undefined) {
    // The CVC is asked again and checked for form; like a new card's, it is never kept.
    if (!/^\d{3,4}$/.test(input.cvc ?? "")) throw new V1Error("invalid_cvc", "The security code is not valid.", "cvc");
    const saved = await openSavedCard(ctx, tx, intent, input.paymentMethod);
    card = { ...saved, holderName: "" };
    savedId = saved.id;
  } else {
    if (!input.card) throw new V1Error("parameter_missing", "card: send a card or a paymentMethod.", "card");
    const given = input.card;
    card = { ...given, number: given.number.replace(/[\s-]/g, "") };
    if (!luhnValid(card.number)) throw new V1Error("invalid_number", "The card number is not valid.", "card.number");
    if (card.expMonth < 1 || card.expMonth > 12)
      throw new V1Error("invalid_expiry_month", "The expiry month is not valid.", "card.expMonth");
    if (card.expYear < 2000 || card.expYear > 2100)
      throw new V1Error("invalid_expiry_year", "The expiry year is not valid.", "card.expYear");
    if (expired(card.expMonth, card.expYear, ctx.now()))
      throw new V1Error("expired_card", "The card has expired.", "card.expYear");
    if (!/^\d{3,4}$/.test(given.cvc)) throw new V1Error("invalid_cvc", "The security code is not valid.", "card.cvc");
  }
  const number = card.number;
  const outcome = TEST_CARDS[number as keyof typeof TEST_CARDS];
  if (!outcome) {
    throw new V1Error(
      "test_card_required",
      "This is the sandbox: use a test card — 4111 1111 1111 1111 (succeeds), 4000 0000 0000 0002 (declined) or 4000 0000 0000 3220 (3-D Secure).",
      "card.number",
    );
  }
  await assertLinkPayable(ctx, tx, intent);
  const cardFields = {
    cardBrand: cardBrand(number),
    cardLast4: number.slice(-4),
    cardExpMonth: card.expMonth,
    cardExpYear: card.expYear,
    cardHolder: card.holderName.slice(0, 100),
    // A SNAP Card Pay intent keeps the merchant's PAY_RETURN: its 3-D Secure answer returns
    // to its hosted page (lib/api/routes/three-ds.ts), which answers PAY_RETURN with SNAP's
    // fields (lib/api/routes/card.ts). Only a /v1 intent takes the browser's return URL.
    returnUrl: intent.partnerReferenceNo === null ? (input.returnUrl ?? intent.returnUrl) : intent.returnUrl,
    setupFutureUsage,
    paymentMethodId: savedId,
    updatedAt: ctx.now(),
  };
  // A new card to keep is sealed now, pending: the intent's success saves it, any other end erases it.
  if (setupFutureUsage && savedId === null && intent.customerId)
    await holdCardToSave(ctx, tx, { id: intent.id, partnerId: intent.partnerId, customerId: intent.customerId }, card);
  const [withCard] = await tx
    .update(paymentIntents)
    .set(cardFields)
    .where(eq(paymentIntents.id, intent.id))
    .returning();
  if (outcome === "requires_3ds") {
    const [waiting] = await tx
      .update(paymentIntents)
      .set({ status: "requires_action" })
      .where(eq(paymentIntents.id, intent.id))
      .returning();
    return { intent: fromRow(waiting!), declined: false };
  }
  return finishIntent(ctx, tx, fromRow(withCard!), outcome === "succeeds");
}

/** The sandbox 3-D Secure page's answer: approve → succeeded, decline → failed. */
export async function completeThreeDs(
  ctx: GatewayContext,
  tx: Executor,
  id: string,
  token: string,
  approve: boolean,
): Promise<Intent> {
  if (!threeDsSimulated(ctx)) throw new V1Error("resource_missing", "No such authentication.");
  const intent = await findIntent(tx, null, id, { forUpdate: true });
  if (!safeEqual(token, threeDsToken(ctx, id))) throw new V1Error("resource_missing", "No such authentication.");
  if (intent.status !== "requires_action") return intent; // a second click changes nothing
  await assertLinkPayable(ctx, tx, intent).catch(async (err: unknown) => {
    if (approve) throw err;
  });
  // A saved card removed while its 3-D Secure page was open is not charged: the payment fails.
  if (approve && intent.paymentMethodId && !(await savedCardActive(tx, intent.paymentMethodId)))
    return (await finishIntent(ctx, tx, intent, false, "payment_method_removed")).intent;
  return (await finishIntent(ctx, tx, intent, approve, approve ? undefined : "authentication_failed")).intent;
}

export async function cancelIntent(ctx: GatewayContext, tx: Executor, caller: Partner, id: string): Promise<Intent> {
  const intent = await findIntent(tx, caller, id, { forUpdate: true });
  if (intent.status === "succeeded" || intent.status === "canceled") {
    throw new V1Error(
      "payment_intent_unexpected_state",
      `This payment intent is ${intent.status} and cannot be canceled.`,
    );
  }
  const [row] = await tx
    .update(paymentIntents)
    .set({ status: "canceled", updatedAt: ctx.now() })
    .where(eq(paymentIntents.id, id))
    .returning();
  await settleHeldCard(ctx, tx, id, false); // a card held to save is erased with it
  // A standalone intent's payment is gone with it; a link's card payment stays for a new intent.
  if (!intent.linkId)
    await tx
      .update(payments)
      .set({ status: "deleted" })
      .where(and(eq(payments.id, intent.paymentId), eq(payments.status, "active")));
  return fromRow(row!);
}

async function assertLinkPayable(ctx: GatewayContext, tx: Executor, intent: Intent): Promise<void> {
  if (!intent.linkId) return;
  const [row] = await tx
    .select({ link: paymentLinks })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, intent.linkId))
    .for("update")
    .limit(1);
  const [payment] = await tx.select().from(payments).where(eq(payments.id, intent.paymentId)).limit(1);
  if (!row || linkState(row.link, ctx.now()) !== "pending" || payment?.status !== "active") {
    throw new V1Error(
      "payment_link_not_payable",
      "The payment link can no longer be paid by this intent (paid, expired or another method chosen).",
    );
  }
}

/** Final outcome of a card: the intent, its payment row and (if any) the link, in one go. */
async function finishIntent(
  ctx: GatewayContext,
  tx: Executor,
  intent: Intent,
  success: boolean,
  declineCode = "generic_decline",
): Promise<ConfirmOutcome> {
  const now = ctx.now();
  const lastError = success
    ? null
    : declineCode === "authentication_failed"
      ? { type: "card_error", code: "card_declined", declineCode, message: "3-D Secure authentication failed." }
      : declineCode === "payment_method_removed"
        ? { type: "card_error", code: "card_declined", declineCode, message: "The saved card was removed." }
        : { type: "card_error", code: "card_declined", declineCode, message: "Your card was declined." };
  await settleHeldCard(ctx, tx, intent.id, success);
  const [done] = await tx
    .update(paymentIntents)
    .set({ status: success ? "succeeded" : "failed", lastError, updatedAt: now })
    .where(eq(paymentIntents.id, intent.id))
    .returning();
  const content = {
    contentName: BRAND_LABEL[(intent.cardBrand ?? "unknown") as keyof typeof BRAND_LABEL],
    contentValue: maskedNumber(intent.cardLast4 ?? ""),
  };
  const [payment] = await tx.select().from(payments).where(eq(payments.id, intent.paymentId)).limit(1);
  if (!payment) throw new Error(`payment ${intent.paymentId} missing`);
  if (!intent.linkId) {
    await tx
      .update(payments)
      .set({ ...content, status: success ? "paid" : "rejected", paidAt: success ? now : null })
      .where(eq(payments.id, payment.id));
    return { intent: fromRow(done!), declined: !success };
  }
  const [link] = await tx.select().from(paymentLinks).where(eq(paymentLinks.id, intent.linkId)).limit(1);
  if (!link) throw new Error(`link ${intent.linkId} missing`);
  // A decline that comes late (a second intent of the link has paid it, another method was
  // chosen, the link expired) is the intent's alone: the payment row and the link are
  // another outcome's now and keep it — no rejected row, no card details of this card.
  const waiting =
    payment.status === "active" && linkState(link, now) === "pending" && link.currentPaymentId === payment.id;
  if (!success && !waiting) return { intent: fromRow(done!), declined: true };
  const withContent = { ...payment, ...content };
  await tx.update(payments).set(content).where(eq(payments.id, payment.id));
  let after;
  if (success) {
    transition(linkState(link, now), "settle");
    after = await markLinkPaid(tx, link, withContent, now, false);
  } else {
    await tx.update(payments).set({ status: "rejected" }).where(eq(payments.id, payment.id));
    const [rejected] = await tx
      .update(paymentLinks)
      .set({ status: transition("pending", "reject"), updatedAt: now, eventVersion: NEXT_EVENT_VERSION })
      .where(eq(paymentLinks.id, link.id))
      .returning();
    after = { link: rejected!, payment: { ...withContent, status: "rejected" as const }, state: "rejected" as const };
    await announceLinkChange(tx, after.link, after.payment, "rejected", "rejected");
    await recordLinkEvent(tx, link.id, "rejected", now, { method: `${payment.groupId}.${payment.methodId}` });
  }
  await enqueueFor(
    ctx,
    tx,
    link.partnerId,
    after.link,
    [{ kind: "link", body: linkStatusBody(after.link, after.payment, after.state) }],
    now,
  );
  return { intent: fromRow(done!), declined: !success };
}
