import "@/lib/server-only";
import { cache } from "react";
import type { MethodGroup, PaymentLinkData } from "@/lib/contract/payment-link";
import { checkoutCookieKey, checkoutGateway, inquireLink } from "@/lib/connector/gateway";

export { isLinkId } from "@/lib/connector/gateway";
import { safeEqual } from "@/lib/clients/safe-equal";
import { secretOfUri, sessionToken } from "./session";

/** One Inquiry per request, however many server components ask (layout, page, metadata). */
export const loadLink = cache(inquireLink);

export const loadMethods = cache(
  async (link: Pick<PaymentLinkData, "paymentLinkId" | "partnerReferenceNo" | "trxId">): Promise<MethodGroup[]> => {
    const res = await checkoutGateway().paymentLinkMethods({
      partnerReferenceNo: link.partnerReferenceNo,
      trxId: link.trxId,
      additionalInfo: { paymentLinkId: link.paymentLinkId },
    });
    return res.paymentLinkPaymentMethod.additionalInfo.paymentMethod;
  },
);

/** The cookie value a payer holding this link's secret was given. */
export function expectedSession(link: PaymentLinkData): string | null {
  const secret = secretOfUri(link.paymentLinkUri);
  return secret ? sessionToken(checkoutCookieKey(), link.paymentLinkId, secret) : null;
}

/**
 * The link, when the presented session cookie (SESSION_COOKIE) is the one for it; null
 * otherwise (unknown link and wrong cookie answer alike). The proxy checks the secret first;
 * this repeats the check on every render and action so no path depends on the proxy alone.
 * The App Router's callers read the cookie with `authorizedLink` (./request-link.ts); the
 * payer's page (Pages Router) passes `req.cookies`. No next/headers here: Turbopack refuses it
 * in a module the Pages Router imports.
 */
export async function authorizedLinkFor(id: string, presented: string | undefined): Promise<PaymentLinkData | null> {
  if (!presented) return null;
  const link = await loadLink(id);
  if (!link) return null;
  const expected = expectedSession(link);
  return expected && safeEqual(presented, expected) ? link : null;
}
