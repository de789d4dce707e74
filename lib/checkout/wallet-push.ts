import "@/lib/server-only";
import { checkoutCookieKey } from "@/lib/connector/gateway";
import { openPush, type PushRecord } from "./push-seal";

/**
 * The checkout's memory of an OVO push request it sent: which attempt, the number typed (so
 * "Send again" needs no retyping: the Inquiry answer holds only the masked number) and when the
 * request lapses (the gateway lapses it after the same WALLET_PUSH_TTL_SECONDS). Kept in the
 * payer's own browser, scoped to the link's page and sealed (./push-seal.ts), never in the
 * database or a URL; it lasts an hour, long enough to come back and send again.
 */

export const PUSH_COOKIE = "nusapay_push";

/** The push request this browser sent for the link (its cookie's value), or null (another browser, or none yet). */
export function sentPushIn(linkId: string, cookie: string | undefined): PushRecord | null {
  return openPush(checkoutCookieKey(), linkId, cookie);
}
