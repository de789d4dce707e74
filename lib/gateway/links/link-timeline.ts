import { asc, eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { linkEvents, type LinkEventType, type refunds } from "@/lib/db/schema";
import { formatMoney, isWholeRupiah, toWholeRupiah } from "@/lib/contract/money";

/**
 * The link's history for the console's timeline, written in the same transaction as the
 * change it records, so the timeline never shows a step that rolled back.
 */
export async function recordLinkEvent(
  tx: Executor,
  linkId: string,
  type: LinkEventType,
  at: Date,
  detail: Record<string, unknown> | null = null,
): Promise<void> {
  await tx.insert(linkEvents).values({ linkId, type, at, detail });
}

export async function linkEventsOf(exec: Executor, linkId: string) {
  return exec
    .select()
    .from(linkEvents)
    .where(eq(linkEvents.linkId, linkId))
    .orderBy(asc(linkEvents.at), asc(linkEvents.id));
}

/**
 * A link's refunds as timeline entries (docs/contract.md §9): one each, at its creation, with its
 * state now (pending, succeeded, failed), read from the refunds themselves so it is never stale.
 */
export function refundTimeline(rows: readonly (typeof refunds.$inferSelect)[]) {
  return rows.map((r) => ({
    type: "refund" as const,
    at: r.createdAt.toISOString(),
    method: null,
    by: null,
    refund: {
      id: r.id,
      amount: isWholeRupiah(r.amountMinor) ? toWholeRupiah(r.amountMinor) : null,
      amountValue: formatMoney(r.amountMinor),
      status: r.status,
      reason: r.reason,
    },
  }));
}
