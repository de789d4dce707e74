import "./server-only";
import { PgTransaction } from "drizzle-orm/pg-core";
import { isRetryableConflict, type Db, type Executor, type Tx } from "./client";

const ATTEMPTS = 5;

/**
 * One transaction, run again (whole) when PostgreSQL aborts it for a serialization failure
 * or a deadlock. With one lock order (lib/gateway/locks.ts) deadlocks should not happen;
 * this is the net under it, so a bank's notification never gets a 500 for a lock cycle.
 * `work` must keep its effects inside `tx`: a retry starts from nothing.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (attempt >= ATTEMPTS || !isRetryableConflict(err)) throw err;
      // Jittered back-off, so the two losers of a cycle do not meet again at once.
      await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** attempt));
    }
  }
}

/**
 * Reads that do not depend on each other: at once on the database (a pool of connections on
 * PostgreSQL), one after another inside a transaction. A transaction is one connection, on
 * which node-postgres would only queue the second behind the first, a use it deprecates
 * (pg 9 refuses it).
 */
export async function readTogether<T extends readonly unknown[]>(
  exec: Executor,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(exec instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
