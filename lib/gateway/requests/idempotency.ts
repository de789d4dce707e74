import { and, eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/client";
import { idempotencyKeys } from "@/lib/db/schema";
import { inTransaction, type GatewayContext } from "@/lib/gateway/context";
import { V1Error } from "@/lib/gateway/v1-error";

const TTL_MS = 24 * 3600_000;

export interface Stored {
  status: number;
  body: unknown;
}

/**
 * What a key is bound to: the method, the path (so the intent) and the exact body bytes.
 * Keyed (HMAC under the vault key), not a bare SHA-256: a confirm body carries the card
 * number and CVC, and the stored answer carries the client secret, so an unkeyed digest
 * of a predictable body could be brute-forced back to the card.
 */
export function requestHash(ctx: GatewayContext, method: string, path: string, body: string): string {
  return ctx.vault.derive("idempotency-request", `${method} ${path}\n${body}`);
}

/**
 * Idempotency-Key (docs/contract.md §3.1): the first definitive answer (`keep`, by default any 2xx)
 * is stored in the same transaction as the work; a repeat with the same request (method,
 * path, body: `requestHash`) gets it back, with another request a 409. Answers not kept
 * (validation errors, a wrong state) are not stored: the same key may then be retried.
 *
 * Two racing first requests: the loser's insert hits the primary key, its transaction
 * (and so its intent) rolls back, and it answers with the winner's record. When the work
 * itself fails instead (a confirm or cancel that waited on the winner's row lock finds the
 * intent already moved on), a record the winner committed meanwhile is replayed too.
 */
export async function withIdempotency(
  ctx: GatewayContext,
  scope: {
    partnerId: string;
    key: string | undefined;
    requestHash: string;
    keep?: (status: number) => boolean;
    /** What of the answer is written down (secrets out), and how a replay restores it. */
    seal?: (body: unknown) => unknown;
    unseal?: (body: unknown) => unknown;
  },
  work: (tx: Executor) => Promise<Stored>,
): Promise<Stored> {
  const { key } = scope;
  const keep = scope.keep ?? ((status: number) => status >= 200 && status < 300);
  if (!key) return inTransaction(ctx.db, work);
  if (key.length > 255)
    throw new V1Error("parameter_invalid", "Idempotency-Key is at most 255 characters.", "Idempotency-Key");
  const where = and(eq(idempotencyKeys.partnerId, scope.partnerId), eq(idempotencyKeys.key, key));
  const fresh = (row: typeof idempotencyKeys.$inferSelect | undefined) =>
    !!row && row.createdAt.getTime() > ctx.now().getTime() - TTL_MS;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await inTransaction(ctx.db, async (tx) => {
        const [prior] = await tx.select().from(idempotencyKeys).where(where).limit(1);
        if (prior && fresh(prior)) return replay(prior, scope);
        if (prior) await tx.delete(idempotencyKeys).where(where);
        const result = await work(tx);
        if (keep(result.status)) {
          // Kept as JSON text (a jsonb string): jsonb would reorder the keys, and the replay
          // must be the first answer byte for byte.
          await tx.insert(idempotencyKeys).values({
            partnerId: scope.partnerId,
            key,
            requestHash: scope.requestHash,
            statusCode: result.status,
            responseBody: JSON.stringify(scope.seal ? scope.seal(result.body) : result.body),
          });
        }
        return result;
      });
    } catch (err) {
      if (isUniqueViolation(err)) continue; // Lost the race: the winner has committed by now; read its answer on the next pass.
      const [winner] = await ctx.db.select().from(idempotencyKeys).where(where).limit(1);
      if (winner && fresh(winner)) return replay(winner, scope);
      throw err;
    }
  }
  throw new V1Error(
    "idempotency_key_in_use",
    "A request with this Idempotency-Key is still in progress; retry shortly.",
  );
}

function replay(
  prior: typeof idempotencyKeys.$inferSelect,
  scope: { requestHash: string; unseal?: (body: unknown) => unknown },
): Stored {
  if (prior.requestHash !== scope.requestHash) {
    throw new V1Error(
      "idempotency_key_in_use",
      "This Idempotency-Key was used with a different request.",
      "Idempotency-Key",
    );
  }
  // Records written before answers were kept as text hold the object itself.
  const body: unknown = typeof prior.responseBody === "string" ? JSON.parse(prior.responseBody) : prior.responseBody;
  return { status: prior.statusCode, body: scope.unseal ? scope.unseal(body) : body };
}
