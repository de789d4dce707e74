import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { paymentIntents, paymentMethods } from "@/lib/db/schema";
import type { GatewayContext } from "@/lib/gateway/context";
import { V1Error } from "@/lib/gateway/v1-error";
import { PAYMENT_METHOD_ID, type PaymentMethod } from "@/lib/contract/payment-methods";
import { cardBrand, expired } from "./cards";

/**
 * Saved cards (docs/contract.md §10). The number is sealed with the vault's key the moment an
 * intent that asked to save it is confirmed, and opened only to charge it again; the CVC
 * passes through memory. Every lookup is scoped to one merchant and one of its customers, so
 * another merchant's (or customer's) card answers as an unknown one: 404.
 */
type Row = typeof paymentMethods.$inferSelect;

export function toPaymentMethod(row: Row): PaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    createdAt: row.createdAt.toISOString(),
  };
}

function noSuchPaymentMethod(param: string): V1Error {
  return new V1Error("resource_missing", "No such payment method.", param);
}

/** The customer's saved cards, newest first; expired ones too (the card step shows them as expired). */
export async function listPaymentMethods(tx: Executor, partnerId: string, customerId: string): Promise<Row[]> {
  return tx
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.partnerId, partnerId),
        eq(paymentMethods.customerId, customerId),
        eq(paymentMethods.status, "active"),
      ),
    )
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id));
}

/** Delete for good: the sealed number is erased in the same statement that marks it deleted. */
export async function deletePaymentMethod(
  ctx: GatewayContext,
  tx: Executor,
  partnerId: string,
  customerId: string,
  id: string,
): Promise<{ id: string; deleted: true }> {
  if (!PAYMENT_METHOD_ID.test(id)) throw noSuchPaymentMethod("id");
  const [gone] = await tx
    .update(paymentMethods)
    .set({ status: "deleted", sealedNumber: null, deletedAt: ctx.now() })
    .where(
      and(
        eq(paymentMethods.id, id),
        eq(paymentMethods.partnerId, partnerId),
        eq(paymentMethods.customerId, customerId),
        eq(paymentMethods.status, "active"),
      ),
    )
    .returning({ id: paymentMethods.id });
  if (!gone) throw noSuchPaymentMethod("id");
  return { id: gone.id, deleted: true };
}

export interface SavedCard {
  id: string;
  number: string;
  expMonth: number;
  expYear: number;
}

/**
 * The card behind `id`, opened to be charged: only an active card of this merchant's customer,
 * with its number still sealed, and not expired.
 */
export async function openSavedCard(
  ctx: GatewayContext,
  tx: Executor,
  owner: { partnerId: string; customerId: string | null },
  id: string,
): Promise<SavedCard> {
  if (!owner.customerId || !PAYMENT_METHOD_ID.test(id)) throw noSuchPaymentMethod("paymentMethod");
  const [row] = await tx
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, id),
        eq(paymentMethods.partnerId, owner.partnerId),
        eq(paymentMethods.customerId, owner.customerId),
        eq(paymentMethods.status, "active"),
      ),
    )
    .for("update")
    .limit(1);
  if (!row?.sealedNumber) throw noSuchPaymentMethod("paymentMethod");
  if (expired(row.expMonth, row.expYear, ctx.now()))
    throw new V1Error(
      "expired_card",
      `The saved card expired (${String(row.expMonth).padStart(2, "0")}/${row.expYear}): pay with a new card.`,
      "paymentMethod",
    );
  return { id: row.id, number: ctx.vault.decrypt(row.sealedNumber), expMonth: row.expMonth, expYear: row.expYear };
}

/** A saved card still chargeable (3-D Secure finishing after a delete must not charge it). */
export async function savedCardActive(tx: Executor, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ sealed: paymentMethods.sealedNumber })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.status, "active")))
    .limit(1);
  return !!row?.sealed;
}

/**
 * Keep a new card for the intent's customer, pending until the intent succeeds (at once, or
 * after 3-D Secure). Sealed now: after this request the number is nowhere else.
 */
export async function holdCardToSave(
  ctx: GatewayContext,
  tx: Executor,
  intent: { id: string; partnerId: string; customerId: string },
  card: { number: string; expMonth: number; expYear: number },
): Promise<void> {
  await tx
    .insert(paymentMethods)
    .values({
      id: `pm_${randomBytes(12).toString("hex")}`,
      partnerId: intent.partnerId,
      customerId: intent.customerId,
      intentId: intent.id,
      status: "pending",
      brand: cardBrand(card.number),
      last4: card.number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      sealedNumber: ctx.vault.encrypt(card.number),
    })
    .onConflictDoNothing();
}

/**
 * The intent's outcome decides its held card: success saves it (and names it on the intent),
 * anything else erases it. Nothing held, nothing done.
 */
export async function settleHeldCard(
  ctx: GatewayContext,
  tx: Executor,
  intentId: string,
  success: boolean,
): Promise<string | null> {
  const now = ctx.now();
  const [row] = await tx
    .update(paymentMethods)
    .set(success ? { status: "active", createdAt: now } : { status: "deleted", sealedNumber: null, deletedAt: now })
    .where(and(eq(paymentMethods.intentId, intentId), eq(paymentMethods.status, "pending")))
    .returning({ id: paymentMethods.id });
  if (!row || !success) return null;
  await tx.update(paymentIntents).set({ paymentMethodId: row.id }).where(eq(paymentIntents.id, intentId));
  return row.id;
}
