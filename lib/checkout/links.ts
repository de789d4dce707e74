import "@/lib/server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import type { MethodGroup, PaymentLinkData } from "@/lib/contract/payment-link";
import { checkoutCookieKey, checkoutGateway, inquireLink } from "@/lib/connector/gateway";

export { isLinkId } from "@/lib/connector/gateway";
import { safeEqual } from "@/lib/clients/safe-equal";
import { secretOfUri, sessionToken, SESSION_COOKIE } from "./session";

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
 * The link, when this request carries the session cookie for it; null otherwise (unknown
 * link and wrong cookie answer alike). The proxy checks the secret first; this repeats the
 * check on every render and action so no path depends on the proxy alone.
 */
export async function authorizedLink(id: string): Promise<PaymentLinkData | null> {
  return authorizedLinkFor(id, (await cookies()).get(SESSION_COOKIE)?.value);
}

/**
 * `authorizedLink` with the presented session cookie (SESSION_COOKIE) given, for a caller that
 * holds the request's cookies itself (a Pages Router `getServerSideProps` has `req.cookies`).
 */
export async function authorizedLinkFor(id: string, presented: string | undefined): Promise<PaymentLinkData | null> {
  if (!presented) return null;
  const link = await loadLink(id);
  if (!link) return null;
  const expected = expectedSession(link);
  return expected && safeEqual(presented, expected) ? link : null;
}
