import "@/lib/server-only";
import { cookies } from "next/headers";
import { config } from "@/lib/config";
import { checkoutCookieKey } from "@/lib/connector/gateway";
import { openPush, sealPush, type PushRecord } from "./push-seal";
import { cookiesSecure } from "./session";

/**
 * The checkout's memory of an OVO push request it sent: which attempt, the number typed (so
 * "Send again" needs no retyping: the Inquiry answer holds only the masked number) and when the
 * request lapses (the gateway lapses it after the same WALLET_PUSH_TTL_SECONDS). Kept in the
 * payer's own browser, scoped to the link's page and sealed (./push-seal.ts), never in the
 * database or a URL; it lasts an hour, long enough to come back and send again.
 */

export const PUSH_COOKIE = "nusapay_push";
const KEEP_S = 3600;

/** The push request this browser sent for the link, or null (another browser, or none yet). */
export async function sentPush(linkId: string): Promise<PushRecord | null> {
  return sentPushIn(linkId, (await cookies()).get(PUSH_COOKIE)?.value);
}

/** `sentPush` from the cookie's value, for a caller that holds the request's cookies itself. */
export function sentPushIn(linkId: string, cookie: string | undefined): PushRecord | null {
  return openPush(checkoutCookieKey(), linkId, cookie);
}

/**
 * Remember the push just sent. Pay with the same number before the lapse answers the same
 * request, so its lapse time stays what it was.
 */
export async function rememberPush(linkId: string, referenceNo: string, phone: string, nowMs: number): Promise<void> {
  const jar = await cookies();
  const key = checkoutCookieKey();
  const before = openPush(key, linkId, jar.get(PUSH_COOKIE)?.value);
  const lapsesAt = before?.referenceNo === referenceNo ? before.lapsesAt : nowMs + config().walletPushTtlSeconds * 1000;
  jar.set(PUSH_COOKIE, sealPush(key, linkId, { referenceNo, phone: phone.slice(0, 32), lapsesAt }), {
    path: `/pay/${linkId}`,
    httpOnly: true,
    sameSite: "lax",
    secure: cookiesSecure(),
    maxAge: KEEP_S,
  });
}
