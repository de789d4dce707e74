import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "@/lib/db/client";
import { refunds } from "@/lib/db/schema";
import { asMinor, formatMoney, ZERO, type Minor } from "@/lib/contract/money";
import { REFUND_ID_REGEX, type ListRefundsQuery, type Refundable, type RefundList } from "@/lib/contract/refunds";
import type { GatewayContext } from "@/lib/gateway/context";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { V1Error } from "@/lib/gateway/v1-error";
import { toRefund, wholeOrNull, type RefundRow } from "./refund-wire";

type ListQuery = z.output<typeof ListRefundsQuery>;

export function noSuchRefund(param: string | null = "id"): V1Error {
  return new V1Error("resource_missing", "No such refund.", param);
}

/** GET /v1/refunds/{id}: another merchant's refund is exactly as unknown as a missing one. */
export async function findRefund(ctx: GatewayContext, partner: Partner, id: string): Promise<RefundRow> {
  if (!REFUND_ID_REGEX.test(id)) throw noSuchRefund();
  const [row] = await ctx.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, id), eq(refunds.partnerId, partner.id)))
    .limit(1);
  if (!row) throw noSuchRefund();
  return row;
}

/**
 * GET /v1/refunds: newest first by (created_at, id), paged as the link list is (the cursor's
 * position read inside the query). Unknown link or intent ids simply have no refunds.
 */
export async function listRefunds(ctx: GatewayContext, partner: Partner, query: ListQuery): Promise<RefundList> {
  const where: SQL[] = [eq(refunds.partnerId, partner.id)];
  if (query.paymentLinkId) where.push(eq(refunds.linkId, query.paymentLinkId));
  if (query.paymentIntentId) where.push(eq(refunds.intentId, query.paymentIntentId));
  if (query.startingAfter) {
    const cursor = query.startingAfter;
    const [known] = await ctx.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.id, cursor), eq(refunds.partnerId, partner.id)))
      .limit(1);
    if (!known) throw noSuchRefund("startingAfter");
    where.push(
      sql`(${refunds.createdAt}, ${refunds.id}) < (select c.created_at, c.id from refunds c where c.id = ${cursor} and c.partner_id = ${partner.id})`,
    );
  }
  const rows = await ctx.db
    .select()
    .from(refunds)
    .where(and(...where))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(query.limit + 1);
  return { data: rows.slice(0, query.limit).map(toRefund), hasMore: rows.length > query.limit };
}

/** A payment's refunds, newest first. */
export function refundsOfPayment(exec: Executor, paymentId: string): Promise<RefundRow[]> {
  return exec
    .select()
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

/** What a payment's refunds hold: succeeded, pending, and the latest success's instant. */
export interface RefundTotals {
  succeeded: Minor;
  pending: Minor;
  lastSucceededAt: Date | null;
}

export function totalsOf(rows: readonly RefundRow[]): RefundTotals {
  let succeeded = 0;
  let pending = 0;
  let lastSucceededAt: Date | null = null;
  for (const r of rows) {
    if (r.status === "succeeded") {
      succeeded += r.amountMinor;
      const at = r.finishedAt ?? r.createdAt;
      if (!lastSucceededAt || at > lastSucceededAt) lastSucceededAt = at;
    } else if (r.status === "pending") pending += r.amountMinor;
  }
  return { succeeded: asMinor(succeeded), pending: asMinor(pending), lastSucceededAt };
}

export async function refundTotals(exec: Executor, paymentId: string): Promise<RefundTotals> {
  return totalsOf(await refundsOfPayment(exec, paymentId));
}

/** Succeeded refunds per link, for the console's list and its CSV export. */
export async function refundedByLink(exec: Executor, linkIds: readonly string[]): Promise<Map<string, Minor>> {
  if (linkIds.length === 0) return new Map();
  const rows = await exec
    .select({ linkId: refunds.linkId, amount: sql<string>`sum(${refunds.amountMinor})::text` })
    .from(refunds)
    .where(and(inArray(refunds.linkId, [...linkIds]), eq(refunds.status, "succeeded")))
    .groupBy(refunds.linkId);
  return new Map(rows.map((r) => [r.linkId!, asMinor(Number(r.amount))]));
}

/**
 * What the console may offer on a link (docs/contract.md §9): the amount that remains (paid −
 * succeeded − pending), or why nothing can be: `not_paid`, `va` (a bank transfer has no way back).
 */
export function refundableOf(
  payment: { groupId: string; status: string; amountMinor: Minor } | null,
  totals: RefundTotals,
): Refundable {
  // Exact values beside /v1's whole rupiah, which cannot carry sen (docs/contract.md §9).
  const refunded = { refunded: wholeOrNull(totals.succeeded), refundedValue: formatMoney(totals.succeeded) };
  const none = { amount: 0, amountValue: formatMoney(ZERO), ...refunded };
  if (!payment || payment.status !== "paid") return { ...none, reason: "not_paid" };
  if (payment.groupId === "va") return { ...none, reason: "va" };
  const remaining = asMinor(Math.max(0, payment.amountMinor - totals.succeeded - totals.pending));
  return { amount: Math.floor(remaining / 100), amountValue: formatMoney(remaining), ...refunded, reason: null };
}
