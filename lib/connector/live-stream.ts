import "@/lib/server-only";
import { liveEventsUrl } from "@/lib/clients/live-events";
import { config } from "@/lib/config";
import { checkoutGateway } from "./gateway";
import { gatewayInThisProcess } from "./in-process-transport";

/** Long enough for a payer to finish; a page open longer gets a fresh token from its fallback poll. */
const TOKEN_TTL_S = 3600;

/**
 * Where the payer's page listens for its link's changes (docs/live-events.md): the gateway's
 * event stream with a link-scoped token minted here with the checkout's own client secret (no
 * gateway round trip). Same origin when the gateway runs in this process; `GATEWAY_PUBLIC_URL`
 * when the checkout runs apart from it; otherwise no stream, and the page polls.
 */
export function liveStreamUrl(linkId: string, ttlSeconds = TOKEN_TTL_S, nowMs = Date.now()): string | null {
  const base = gatewayInThisProcess() ? "" : config().gatewayPublicUrl;
  if (base === undefined) return null;
  return liveEventsUrl(base, checkoutGateway().snap.credentials, linkId, ttlSeconds, nowMs);
}
