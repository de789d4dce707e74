import { sql } from "drizzle-orm";
import { PgHitStore } from "@/lib/db/rate-limit-store";
import type { GatewayContext } from "@/lib/gateway/context";

/**
 * Callback checks per merchant (docs/callback-check.md): each check posts a third party's
 * address six times, so a merchant may run CALLBACK_CHECK_LIMIT of them per
 * CALLBACK_CHECK_WINDOW_SECONDS. Counted in the rate_limit_hits table (migration 0010) with
 * one atomic upsert, so every process on one database counts together.
 *
 * The row's `window_start` holds the window's END: the address limiter prunes that table by
 * its own (shorter) windows, deleting rows whose value lies before the current one; an end in
 * the future survives it, and a past end is exactly a window nobody needs any more.
 */
export async function takeCallbackCheck(
  ctx: GatewayContext,
  partnerId: string,
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const { limit, windowSeconds } = ctx.config.callbackChecks;
  const windowMs = windowSeconds * 1000;
  const now = Date.now();
  const windowEnd = now - (now % windowMs) + windowMs;
  const key = `callback-check|${partnerId}`;
  // This merchant's ended windows (on PGlite nobody else prunes the table).
  await ctx.db.execute(sql`delete from rate_limit_hits where key = ${key} and window_start <= ${now}`);
  const hits = await new PgHitStore(ctx.db).hit(key, windowEnd);
  if (hits <= limit) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
}
