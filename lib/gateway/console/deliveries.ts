import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Delivery } from "@/lib/contract/console";
import { callbackAttempts, callbackDeliveries, paymentLinks } from "@/lib/db/schema";
import { isUuid } from "@/lib/contract/uuid";
import type { GatewayContext } from "@/lib/gateway/context";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { V1Error } from "@/lib/gateway/v1-error";

type DeliveryRow = typeof callbackDeliveries.$inferSelect;

async function withAttempts(ctx: GatewayContext, rows: DeliveryRow[]): Promise<Delivery[]> {
  const attempts = rows.length
    ? await ctx.db
        .select()
        .from(callbackAttempts)
        .where(
          inArray(
            callbackAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((d) => ({
    id: d.id,
    kind: d.kind,
    linkId: d.linkId,
    url: d.url,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    resendOf: d.resendOf,
    body: JSON.parse(d.body) as unknown,
    attemptLog: attempts
      .filter((a) => a.deliveryId === d.id)
      .sort((a, b) => a.attemptNo - b.attemptNo)
      .map((a) => ({
        attemptNo: a.attemptNo,
        startedAt: a.startedAt.toISOString(),
        statusCode: a.statusCode,
        latencyMs: a.latencyMs,
        error: a.error,
        replyExcerpt: a.replyExcerpt,
      })),
  }));
}

/**
 * The merchant's view of its callbacks: every delivery with every attempt. Asked for one
 * link, only that link's merchant gets an answer: another merchant's link is as missing as
 * one that does not exist (the checkout's preview relies on this to recognise the owner).
 */
export async function listDeliveries(
  ctx: GatewayContext,
  partner: Partner,
  opts: { linkId?: string | undefined; limit: number },
) {
  if (opts.linkId) {
    const [own] = await ctx.db
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.id, opts.linkId), eq(paymentLinks.partnerId, partner.id)))
      .limit(1);
    if (!own) throw new V1Error("resource_missing", "No such payment link.", "linkId");
  }
  const where = opts.linkId
    ? and(eq(callbackDeliveries.partnerId, partner.id), eq(callbackDeliveries.linkId, opts.linkId))
    : eq(callbackDeliveries.partnerId, partner.id);
  const rows = await ctx.db
    .select()
    .from(callbackDeliveries)
    .where(where)
    .orderBy(desc(callbackDeliveries.createdAt))
    .limit(opts.limit);
  return withAttempts(ctx, rows);
}

export function deliveriesOfLink(ctx: GatewayContext, partner: Partner, linkId: string): Promise<Delivery[]> {
  return listDeliveries(ctx, partner, { linkId, limit: 200 });
}

/**
 * POST /v1/callback-deliveries/{id}/resend: a new delivery with the same body and target,
 * due at once. It is a delivery of its own (its own X-EXTERNAL-ID and attempts), pointing
 * back at the one it copies; another merchant's delivery is as unknown as a missing one.
 */
export async function resendDelivery(ctx: GatewayContext, partner: Partner, id: string): Promise<Delivery> {
  const missing = () => new V1Error("resource_missing", "No such callback delivery.", "id");
  if (!isUuid(id)) throw missing();
  const [original] = await ctx.db
    .select()
    .from(callbackDeliveries)
    .where(and(eq(callbackDeliveries.id, id), eq(callbackDeliveries.partnerId, partner.id)))
    .limit(1);
  if (!original) throw missing();
  const now = ctx.now();
  const [copy] = await ctx.db
    .insert(callbackDeliveries)
    .values({
      id: randomUUID(),
      partnerId: partner.id,
      linkId: original.linkId,
      kind: original.kind,
      url: original.url,
      body: original.body,
      nextAttemptAt: now,
      resendOf: original.id,
      createdAt: now,
    })
    .returning();
  ctx.kickOutbox?.();
  const [out] = await withAttempts(ctx, [copy!]);
  return out!;
}
