"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { checkoutCookieKey, isLinkId, ownsLink } from "@/lib/connector/gateway";
import { authorizedLink } from "@/lib/checkout/request-link";
import { cookiesSecure, previewToken, PREVIEW_COOKIE, secretOfUri } from "@/lib/checkout/session";
import type { PreviewSignInResult } from "@/lib/checkout/action-results";
import { classifyFailure } from "@/lib/connector/failures";

/**
 * The link's merchant proves its secret key once (another merchant's key is refused like a
 * wrong one); the preview then runs on a short-lived cookie.
 */
export async function previewSignIn(_prev: PreviewSignInResult, form: FormData): Promise<PreviewSignInResult> {
  const t = await getTranslations("Preview");
  const linkId = String(form.get("linkId") ?? "");
  const secretKey = String(form.get("secretKey") ?? "").trim();
  const link = isLinkId(linkId) ? await authorizedLink(linkId) : null;
  const secret = link ? secretOfUri(link.paymentLinkUri) : null;
  if (!link || !secret) return { ok: false, error: t("badKey") };
  let valid: boolean;
  try {
    valid = await ownsLink(secretKey, linkId);
  } catch (err) {
    // The gateway did not answer: that says nothing about the key.
    classifyFailure(err, "secret key check");
    return { ok: false, error: t("unavailable") };
  }
  if (!valid) return { ok: false, error: t("badKey") };
  (await cookies()).set(PREVIEW_COOKIE, previewToken(checkoutCookieKey(), linkId, secret), {
    httpOnly: true,
    sameSite: "strict",
    path: `/pay/${linkId}/preview`,
    maxAge: 8 * 3600,
    secure: cookiesSecure(),
  });
  redirect(`/pay/${linkId}/preview`);
}
