import "@/lib/server-only";
import type { LinkDetail } from "@/lib/contract/console";
import { tagOfPaymentKey } from "@/lib/clients/live-events";
import { livePaymentKey } from "@/lib/contract/live-events";
import { liveStreamUrl } from "@/lib/connector/live-stream";

const HOUR_MS = 3_600_000;

/**
 * What the console's link page needs to follow its link's live events (docs/live-events.md), as
 * the payer's page does: the stream's URL with a token for this one link, the state the page was
 * rendered in, and the tag of its payment. Call it only with a link the gateway has just answered
 * to the merchant's session (the page's getLink): the token is minted here with the hosted
 * checkout's client secret, like the payer's, so the session's answer is what scopes it to the
 * merchant's own link. The token's expiry is rounded to the hour (valid 1–2 h), so the URL stays
 * the same across the page's in-place refreshes and the browser keeps its one stream open.
 */
export function linkLive(link: LinkDetail, nowMs = Date.now()): { url: string | null; flag: string; tag: string } {
  const hourStart = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  const payment = link.payment;
  // The gateway's payment key, spelled once (lib/contract/live-events.ts).
  const key = livePaymentKey(
    payment && {
      type: payment.type,
      bank: payment.bank,
      value: payment.content === "" ? "" : payment.content.value,
      referenceNo: payment.referenceNo,
    },
  );
  return {
    url: liveStreamUrl(link.paymentLinkId, 2 * 3600, hourStart),
    flag: link.paymentFlagStatus,
    tag: tagOfPaymentKey(key),
  };
}
