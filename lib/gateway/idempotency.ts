import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { isUniqueViolation } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import type { GatewayContext } from "./context";
import { V1Error } from "./v1-error";

const TTL_MS = 24 * 3600_000;

export interface Stored {
  status: number;
  body: unknown;
}

/**
 * Idempotency-Key (CONTRACT §3): the first successful answer is stored in the same
 * transaction as the work; a repeat with the same request gets it back, with another
 * request a 409. Two racing first requests: the loser's insert hits the primary key, its
 * transaction (and so its intent) rolls back, and it answers with the winner's record.
 */
export async function withIdempotency(
  ctx: GatewayContext,
  scope: { partnerId: string; key: string | undefined; requestHash: string },
  work: (tx: Executor) => Promise<Stored>,
): Promise<Stored> {
  const { key } = scope;
  if (!key) return ctx.db.transaction(work);
  if (key.length > 255) throw new V1Error(400, "invalid_request_error", "parameter_invalid", "Idempotency-Key is at most 255 characters.", "Idempotency-Key");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const [prior] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.partnerId, scope.partnerId), eq(idempotencyKeys.key, key)))
          .limit(1);
        if (prior && prior.createdAt.getTime() > ctx.now().getTime() - TTL_MS) return replay(prior, scope.requestHash);
        if (prior) await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.partnerId, scope.partnerId), eq(idempotencyKeys.key, key)));
        const result = await work(tx);
        if (result.status < 300) {
          await tx.insert(idempotencyKeys).values({ partnerId: scope.partnerId, key, requestHash: scope.requestHash, statusCode: result.status, responseBody: result.body });
        }
        return result;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Lost the race: the winner has committed by now; read its answer on the next pass.
    }
  }
  throw new V1Error(409, "idempotency_error", "idempotency_key_in_use", "A request with this Idempotency-Key is still in progress; retry shortly.");
}

function replay(prior: typeof idempotencyKeys.$inferSelect, requestHash: string): Stored {
  if (prior.requestHash !== requestHash) {
    throw new V1Error(409, "idempotency_error", "idempotency_key_in_use", "This Idempotency-Key was used with a different request.", "Idempotency-Key");
  }
  return { status: prior.statusCode, body: prior.responseBody };
}
