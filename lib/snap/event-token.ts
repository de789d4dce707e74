import { createHash, createHmac } from "node:crypto";
import { safeEqual } from "./signing";

/**
 * The capability a payer's browser presents to open a link's event stream
 * (docs/live-events.md): `{partnerId}.{expiresAtSeconds}.{mac}`, where mac is base64url
 * HMAC-SHA256 under the minting partner's SNAP client secret — the key the checkout already
 * shares with the gateway to sign its calls, so minting costs the checkout no round trip.
 * The gateway accepts a token minted by the hosted-checkout client for any link, and one minted
 * by a merchant for its own links only.
 */
export interface ParsedEventToken {
  partnerId: string;
  expiresAt: number;
  mac: string;
}

const TOKEN = /^([0-9a-f-]{36})\.(\d{10})\.([A-Za-z0-9_-]{43})$/;

function macOf(clientSecret: string, linkId: string, partnerId: string, expiresAt: number): string {
  return createHmac("sha256", clientSecret)
    .update(`live-events:${linkId}:${partnerId}:${expiresAt}`)
    .digest("base64url");
}

export function mintEventToken(
  creds: { partnerId: string; clientSecret: string },
  linkId: string,
  expiresAt: number,
): string {
  return `${creds.partnerId}.${expiresAt}.${macOf(creds.clientSecret, linkId, creds.partnerId, expiresAt)}`;
}

export function parseEventToken(token: string): ParsedEventToken | null {
  const m = TOKEN.exec(token);
  return m ? { partnerId: m[1]!, expiresAt: Number(m[2]), mac: m[3]! } : null;
}

/** Constant-time check of the token's MAC for this link; expiry is the caller's. */
export function eventTokenMatches(clientSecret: string, linkId: string, t: ParsedEventToken): boolean {
  return safeEqual(macOf(clientSecret, linkId, t.partnerId, t.expiresAt), t.mac);
}

/**
 * What identifies a link's current payment (`livePaymentKey` in lib/contract/live-events.ts:
 * `type:bank:content value`, empty before a method is chosen), hashed short: the event
 * names the payment without repeating the VA number or QR payload.
 */
export function paymentTag(paymentKey: string): string {
  return paymentKey ? createHash("sha256").update(paymentKey).digest("base64url").slice(0, 16) : "";
}
