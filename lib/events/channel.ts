import type { FlagStatus } from "@/lib/contract/link-flags";
import { sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import type { LinkChange } from "@/lib/contract/live-events";

/**
 * The one PostgreSQL channel link state changes are announced on. The announcement is a
 * `pg_notify` inside the transaction that changes the link, so it is delivered only if and
 * when that transaction commits — to every process listening on the database (PGlite's own
 * connection included), the one that made the change too.
 */
export const LINK_EVENTS_CHANNEL = "nusapay_link_events";

/** What travels in a NOTIFY payload (far below PostgreSQL's 8000-byte limit). */
export interface LinkNotice {
  linkId: string;
  version: number;
  flag: FlagStatus;
  tag: string;
  change: Exclude<LinkChange, "state">;
}

export async function announce(tx: Executor, notice: LinkNotice): Promise<void> {
  await tx.execute(sql`select pg_notify(${LINK_EVENTS_CHANNEL}, ${encodeNotice(notice)})`);
}

export function encodeNotice(n: LinkNotice): string {
  return JSON.stringify([n.linkId, n.version, n.flag, n.tag, n.change]);
}

const FLAGS = new Set(["00", "01", "02", "03"]);
const CHANGES = new Set(["method", "paid", "rejected", "expired", "refund"]);

/** Null for anything this version did not write (another build sharing the database). */
export function decodeNotice(payload: string): LinkNotice | null {
  try {
    const v = JSON.parse(payload) as unknown;
    if (!Array.isArray(v) || v.length !== 5) return null;
    const [linkId, version, flag, tag, change] = v as unknown[];
    if (
      typeof linkId !== "string" ||
      !Number.isSafeInteger(version) ||
      !FLAGS.has(flag as string) ||
      typeof tag !== "string" ||
      !CHANGES.has(change as string)
    )
      return null;
    return {
      linkId,
      version: version as number,
      flag: flag as FlagStatus,
      tag,
      change: change as LinkNotice["change"],
    };
  } catch {
    return null;
  }
}
