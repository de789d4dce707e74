import { asc, eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { linkEvents, type LinkEventType } from "@/lib/db/schema";

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
