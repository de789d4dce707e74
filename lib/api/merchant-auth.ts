import type { Context } from "hono";
import { authenticateSession, sessionExpired, type ConsoleSession } from "@/lib/gateway/merchants/console-users";
import type { GatewayContext } from "@/lib/gateway/context";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { V1Error } from "@/lib/gateway/v1-error";
import { authenticateSecretKey } from "./v1-auth";

export interface MerchantCaller {
  partner: Partner;
  /** Set when the caller is a console session (Authorization: Bearer cs_…), null for an sk_ key. */
  session: ConsoleSession | null;
  token: string | null;
}

/** The console session token of a request, from `Authorization: Bearer cs_…`. */
export function bearerToken(c: Context): string | null {
  const m = /^Bearer\s+(cs_\S+)$/i.exec(c.req.header("authorization")?.trim() ?? "");
  return m?.[1] ?? null;
}

/**
 * Who is calling a merchant route (docs/console.md): a console session, sent by the
 * console's server as a bearer token, or the merchant's own `sk_` key in X-Secret-Key.
 * Either names exactly one merchant; every lookup after this is scoped to it.
 */
export async function authenticateMerchant(
  c: Context,
  gw: GatewayContext,
  opts: { sessionOnly?: boolean; currentKeyOnly?: boolean } = {},
): Promise<MerchantCaller> {
  const token = bearerToken(c);
  if (token) {
    const session = await authenticateSession(gw, token);
    return { partner: session.partner, session, token };
  }
  if (opts.sessionOnly) throw sessionExpired();
  const partner = await authenticateSecretKey(c, gw, { currentOnly: opts.currentKeyOnly });
  if (partner.kind !== "merchant") throw new V1Error("invalid_api_key", "This route takes a merchant's secret key.");
  return { partner, session: null, token: null };
}
