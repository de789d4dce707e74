import type { Context } from "hono";
import type { GatewayContext } from "@/lib/gateway/context";
import { findPartnerBySecretKey, type Partner } from "@/lib/gateway/merchants/partners";
import { V1Error } from "@/lib/gateway/v1-error";

const cache = new Map<string, { partner: Partner; until: number; current: boolean }>();

/**
 * X-Secret-Key: sk_… → the merchant (or the hosted checkout, which may only create intents
 * for payment links); stored as a SHA-256 hash, found by lookup. A rotated-out key keeps
 * working through its grace period so running integrations can switch, but with
 * `currentOnly` (rotating keys, moving the callback URL) it is refused: the key a merchant
 * retired after a leak must not be able to rotate again and retire the merchant's new one.
 */
export async function authenticateSecretKey(
  c: Context,
  gw: GatewayContext,
  opts: { currentOnly?: boolean } = {},
): Promise<Partner> {
  const key = c.req.header("x-secret-key")?.trim();
  if (!key || !key.startsWith("sk_"))
    throw new V1Error("invalid_api_key", "Send your secret key (sk_…) in X-Secret-Key.");
  // Changing the account asks the database, not this process's cache: another process (or
  // instance) may have rotated this key out within the cache's 30 s.
  let entry = opts.currentOnly ? undefined : cache.get(key);
  if (!entry || entry.until <= Date.now()) {
    const found = await findPartnerBySecretKey(gw, key);
    if (!found || found.partner.kind === "acquirer") throw new V1Error("invalid_api_key", "Invalid secret key.");
    // A rotated-out key is cached no longer than its grace period.
    const current = found.validUntil === Number.POSITIVE_INFINITY;
    entry = { partner: found.partner, until: Math.min(Date.now() + 30_000, found.validUntil), current };
    cache.set(key, entry);
  }
  if (opts.currentOnly && !entry.current)
    throw new V1Error(
      "invalid_api_key",
      "This secret key has been rotated out: it works until its grace period ends, but cannot rotate keys or change the callback URL. Use the current key.",
    );
  return entry.partner;
}

/** After a key rotation in this process: no cached answer outlives the change. */
export function forgetSecretKeys(): void {
  cache.clear();
}
