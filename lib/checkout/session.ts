import { createHmac } from "node:crypto";
import { safeEqual } from "@/lib/clients/safe-equal";
import { config } from "@/lib/config";

/**
 * The payer's proof that they hold a link's secret, as a cookie. The cookie carries an HMAC
 * of the secret (keyed by the checkout's own client secret and bound to the link id), never
 * the secret itself: a stolen cookie jar does not reveal the link URL, and each page load
 * re-derives the expected value from the secret in the gateway's Inquiry answer, so a link
 * whose secret changes at the gateway locks out old cookies.
 */
export const SESSION_COOKIE = "nusapay_link";
export const PREVIEW_COOKIE = "nusapay_preview";

/**
 * Cookies are `Secure` when the public address is https. Not the request's own protocol:
 * behind a TLS-terminating proxy the request arrives as plain HTTP, and the cookie would go
 * out without the flag (and then be sent over plain HTTP if a payer ever used it).
 */
export function cookiesSecure(publicBaseUrl = config().publicBaseUrl): boolean {
  return publicBaseUrl.toLowerCase().startsWith("https:");
}

export function sessionToken(key: string, linkId: string, secret: string): string {
  return createHmac("sha256", key).update(`checkout:v1:${linkId}:${secret}`).digest("base64url");
}

export function previewToken(key: string, linkId: string, secret: string): string {
  return createHmac("sha256", key).update(`preview:v1:${linkId}:${secret}`).digest("base64url");
}

/** The `secret` query value of an Inquiry answer's paymentLinkUri, or null. */
export function secretOfUri(paymentLinkUri: string): string | null {
  try {
    return new URL(paymentLinkUri).searchParams.get("secret");
  } catch {
    return null;
  }
}

export function secretMatches(presented: string, paymentLinkUri: string): boolean {
  const expected = secretOfUri(paymentLinkUri);
  if (!expected) return false;
  return safeEqual(presented, expected);
}
