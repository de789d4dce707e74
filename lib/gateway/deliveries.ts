import { and, desc, eq, inArray } from "drizzle-orm";
import { callbackAttempts, callbackDeliveries, paymentLinks } from "@/lib/db/schema";
import type { GatewayContext } from "./context";
import type { Partner } from "./partners";
import { V1Error } from "./v1-error";

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
