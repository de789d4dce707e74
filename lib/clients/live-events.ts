import { LIVE_EVENTS_PATH } from "@/lib/contract/live-events";
import { mintEventToken, paymentTag } from "@/lib/snap/event-token";

export { paymentTag } from "@/lib/snap/event-token";

/**
 * A link's live event stream as a partner hands it to a browser (docs/live-events.md): the
 * gateway's `/v1/payment-links/{id}/events` with a token minted from the partner's own client
 * secret, valid `ttlSeconds`. `base` is where browsers reach the gateway ("" for same origin).
 */
export function liveEventsUrl(
  base: string,
  creds: { partnerId: string; clientSecret: string },
  linkId: string,
  ttlSeconds: number,
  nowMs = Date.now(),
): string {
  const token = mintEventToken(creds, linkId, Math.floor(nowMs / 1000) + ttlSeconds);
  return `${base.replace(/\/+$/, "")}${LIVE_EVENTS_PATH(linkId)}?token=${token}`;
}

/** What the page compares events with: the tag of the payment it shows (the checkout's payment key, hashed). */
export function tagOfPaymentKey(paymentKey: string): string {
  return paymentTag(paymentKey);
}
