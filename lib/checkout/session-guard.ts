import "@/lib/server-only";
import { checkoutCookieKey, inquireLink, isLinkId } from "@/lib/connector/gateway";
import { safeEqual } from "@/lib/clients/safe-equal";
import { secretOfUri, sessionToken } from "./session";

/**
 * The proxy's check of a checkout cookie, so that a wrong cookie gets the very same static 404
 * as a wrong secret or an unknown link (docs/contract.md §4.1), not the page's rendered one. The
 * expected token of a link is derived from its secret, which Inquiry reveals; it is kept for a
 * while per existing link (never for unknown ids, so guessing fills nothing), so a payer's
 * page views cost no extra gateway call. The page still checks the cookie on every render:
 * this decides which 404 a stranger sees, not who may pay.
 */
const TTL_MS = 10 * 60_000;
const MAX_LINKS = 10_000;
const expected = new Map<string, { token: string; until: number }>();

async function expectedToken(id: string): Promise<string | null> {
  const now = Date.now();
  const hit = expected.get(id);
  if (hit && hit.until > now) return hit.token;
  const link = await inquireLink(id);
  const secret = link ? secretOfUri(link.paymentLinkUri) : null;
  if (!secret) {
    expected.delete(id);
    return null;
  }
  const token = sessionToken(checkoutCookieKey(), id, secret);
  expected.delete(id);
  if (expected.size >= MAX_LINKS) expected.delete(expected.keys().next().value!);
  expected.set(id, { token, until: now + TTL_MS });
  return token;
}

/** Does `presented` (the session cookie) open link `id`? */
export async function sessionOpens(id: string, presented: string): Promise<boolean> {
  if (!isLinkId(id) || !presented) return false;
  const token = await expectedToken(id);
  return token !== null && safeEqual(presented, token);
}
