import "server-only";
import { LIVE_EVENTS_PATH } from "../contract/live-events";
import { mintEventToken, paymentTag } from "../snap/event-token";
import { checkoutGateway } from "./checkout-gateway";
import { gatewayInThisProcess } from "./in-process";

/** Long enough for a payer to finish; a page open longer gets a fresh token from its fallback poll. */
const TOKEN_TTL_S = 3600;

/**
 * Where the payer's page listens for its link's changes (docs/live-events.md): the gateway's
 * event stream with a link-scoped token minted here with the checkout's own client secret (no
 * gateway round trip). Same origin when the gateway runs in this process; `GATEWAY_PUBLIC_URL`
 * when the checkout runs apart from it; otherwise no stream, and the page polls.
 */
export function liveStreamUrl(linkId: string, nowMs = Date.now()): string | null {
  const base = gatewayInThisProcess() ? "" : process.env.GATEWAY_PUBLIC_URL?.replace(/\/+$/, "");
  if (base === undefined) return null;
  const token = mintEventToken(checkoutGateway().snap.credentials, linkId, Math.floor(nowMs / 1000) + TOKEN_TTL_S);
  return `${base}${LIVE_EVENTS_PATH(linkId)}?token=${token}`;
}

/**
 * What the page's live island needs: where to listen, and the tag of the payment it was
 * rendered with (`paymentKey` of components/checkout/view-model.ts), to compare events with.
 */
export function liveProps(linkId: string, paymentKey: string): { url: string | null; tag: string } {
  return { url: liveStreamUrl(linkId), tag: paymentTag(paymentKey) };
}
