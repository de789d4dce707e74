import { and, eq, lt, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/client";
import { externalIds } from "@/lib/db/schema";
import { builder, run, statement } from "@/lib/db/statements";
import { SnapError } from "@/lib/snap/codes";
import { jakartaDay } from "@/lib/contract/time";

const INSERT = statement(
  builder.insert(externalIds).values({
    partnerId: sql.placeholder("partnerId"),
    day: sql.placeholder("day"),
    externalId: sql.placeholder("externalId"),
  }),
);

/**
 * X-EXTERNAL-ID is unique per partner per Jakarta calendar day. The primary key decides
 * races: of two requests with one id, the second insert fails and answers 409. Runs on
 * every signed request, so it is a hot statement (lib/db/statements.ts).
 */
export async function recordExternalId(tx: Executor, partnerId: string, externalId: string, now: Date): Promise<void> {
  try {
    await run(tx, INSERT, { partnerId, day: jakartaDay(now), externalId });
  } catch (err) {
    if (isUniqueViolation(err)) throw new SnapError("conflict");
    throw err;
  }
}

const TAKEN = statement(
  builder
    .select({ one: sql<number>`1` })
    .from(externalIds)
    .where(
      and(
        eq(externalIds.partnerId, sql.placeholder("partnerId")),
        eq(externalIds.day, sql.placeholder("day")),
        eq(externalIds.externalId, sql.placeholder("externalId")),
      ),
    ),
);

/** Has this partner used this X-EXTERNAL-ID today (Jakarta)? */
export async function externalIdTaken(
  exec: Executor,
  partnerId: string,
  externalId: string,
  now: Date,
): Promise<boolean> {
  const rows = await run(exec, TAKEN, { partnerId, day: jakartaDay(now), externalId });
  return rows.length > 0;
}

/** Ids from before yesterday can no longer collide with anything; drop them. */
export async function pruneExternalIds(tx: Executor, now: Date): Promise<void> {
  const yesterday = jakartaDay(new Date(now.getTime() - 24 * 3600_000));
  await tx.delete(externalIds).where(lt(externalIds.day, yesterday));
}
