import "./server-only";
import { sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * The limiter's counters (lib/limits HitStore) in PostgreSQL, so N instances count one address together: one
 * atomic upsert per request (no read-modify-write race), one delete per window.
 */
export class PgHitStore {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowStart: number): Promise<number> {
    // node-postgres and PGlite both answer { rows }.
    const res = (await this.db.execute(sql`
      insert into rate_limit_hits (key, window_start, hits) values (${key}, ${windowStart}, 1)
      on conflict (key, window_start) do update set hits = rate_limit_hits.hits + 1
      returning hits`)) as unknown as { rows: { hits: number | string }[] };
    return Number(res.rows[0]?.hits ?? 1);
  }

  async prune(before: number): Promise<void> {
    await this.db.execute(sql`delete from rate_limit_hits where window_start < ${before}`);
  }
}
