import type { Context } from "hono";
import type { GatewayContext } from "@/lib/gateway/context";
import { findPartnerBySecretKey, type Partner } from "@/lib/gateway/partners";
import { V1Error } from "@/lib/gateway/v1-error";

const cache = new Map<string, { partner: Partner; until: number }>();

/**
 * X-Secret-Key: sk_… → the merchant (or the hosted checkout, which may only create intents
 * for payment links); stored as a SHA-256 hash, found by lookup.
 */
export async function authenticateSecretKey(c: Context, gw: GatewayContext): Promise<Partner> {
  const key = c.req.header("x-secret-key")?.trim();
  if (!key || !key.startsWith("sk_"))
    throw new V1Error("invalid_api_key", "Send your secret key (sk_…) in X-Secret-Key.");
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.partner;
  const found = await findPartnerBySecretKey(gw, key);
  if (!found || found.partner.kind === "acquirer") throw new V1Error("invalid_api_key", "Invalid secret key.");
  // A rotated-out key is cached no longer than its grace period.
  cache.set(key, { partner: found.partner, until: Math.min(Date.now() + 30_000, found.validUntil) });
  return found.partner;
}

/** After a key rotation in this process: no cached answer outlives the change. */
export function forgetSecretKeys(): void {
  cache.clear();
}
