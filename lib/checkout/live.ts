import "@/lib/server-only";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { tagOfPaymentKey } from "@/lib/clients/live-events";
import { liveStreamUrl } from "@/lib/connector/live-stream";
import { paymentKey } from "./view-model";

/** What the page's live island needs: where to listen, and the tag of the payment it was rendered with. */
export function liveProps(link: PaymentLinkData): { url: string | null; tag: string } {
  return { url: liveStreamUrl(link.paymentLinkId), tag: tagOfPaymentKey(paymentKey(link)) };
}
