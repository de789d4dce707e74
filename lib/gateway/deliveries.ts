import { and, desc, eq, inArray } from "drizzle-orm";
import { callbackAttempts, callbackDeliveries } from "@/lib/db/schema";
import type { GatewayContext } from "./context";
import type { Partner } from "./partners";

/** The merchant's view of its callbacks: every delivery with every attempt. */
export async function listDeliveries(ctx: GatewayContext, partner: Partner, opts: { linkId?: string | undefined; limit: number }) {
  const where = opts.linkId
    ? and(eq(callbackDeliveries.partnerId, partner.id), eq(callbackDeliveries.linkId, opts.linkId))
    : eq(callbackDeliveries.partnerId, partner.id);
  const rows = await ctx.db.select().from(callbackDeliveries).where(where).orderBy(desc(callbackDeliveries.createdAt)).limit(opts.limit);
  const attempts = rows.length
    ? await ctx.db.select().from(callbackAttempts).where(inArray(callbackAttempts.deliveryId, rows.map((r) => r.id)))
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
