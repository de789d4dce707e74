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
  const partner = await findPartnerBySecretKey(gw, key);
  if (!partner || partner.kind === "acquirer") throw new V1Error("invalid_api_key", "Invalid secret key.");
  cache.set(key, { partner, until: Date.now() + 30_000 });
  return partner;
}
