"use server";

import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SnapClientError } from "../../../lib/client/gateway-client";
import { checkoutGateway, isLinkId } from "../../../lib/client/checkout-gateway";
import { authorizedLink } from "../../../lib/client/checkout-links";
import { paymentKey } from "../../../components/checkout/view-model";

export type ChooseResult = { ok: true } | { ok: false; error: string };

export type StatusResult =
  | { ok: true; status: "00" | "01" | "02" | "03"; paymentKey: string; serverNow: number }
  | { ok: false; error: "not_found" | "unavailable"; serverNow: number };

const METHOD_ID = /^[a-z0-9_]{1,32}$/;

/**
 * Pay Payment Link for the method the payer picked. Success navigates back to the page, which
 * renders the VA or QR from a fresh Inquiry; a refusal comes back as a translated message.
 */
export async function chooseMethod(_prev: ChooseResult, form: FormData): Promise<ChooseResult> {
  const t = await getTranslations("Methods");
  const linkId = String(form.get("linkId") ?? "");
  const groupId = String(form.get("groupId") ?? "");
  const methodId = String(form.get("methodId") ?? "");
  const lang = String(form.get("lang") ?? "");
  if (!METHOD_ID.test(groupId)) return { ok: false, error: t("errorGeneric") };
  if (!METHOD_ID.test(methodId)) return { ok: false, error: t("errorChooseBank") };
  const link = isLinkId(linkId) ? await authorizedLink(linkId) : null;
  if (!link) return { ok: false, error: t("errorGeneric") };
  try {
    await checkoutGateway().payPaymentLink({
      partnerReferenceNo: link.partnerReferenceNo,
      trxId: link.trxId,
      additionalInfo: { paymentLinkId: linkId, paymentMethod: { groupId, methodId } },
    });
  } catch (err) {
    if (err instanceof SnapClientError) {
      if (err.responseCode === "4032700") return { ok: false, error: t("errorExpired") };
      if (err.responseCode === "4042714") return { ok: false, error: t("errorPaid") };
      if (err.status === 403) return { ok: false, error: t("errorUnavailable") };
    }
    return { ok: false, error: t("errorGeneric") };
  }
  redirect(`/pay/${linkId}${lang === "en" || lang === "id" ? `?lang=${lang}` : ""}`);
}

/** Polled by the live-status island: the link's flag and which payment is current. */
export async function pollStatus(linkId: string): Promise<StatusResult> {
  const serverNow = Date.now();
  if (!isLinkId(linkId)) return { ok: false, error: "not_found", serverNow };
  try {
    const link = await authorizedLink(linkId);
    if (!link) return { ok: false, error: "not_found", serverNow };
    return { ok: true, status: link.paymentFlagStatus, paymentKey: paymentKey(link), serverNow: Date.now() };
  } catch {
    return { ok: false, error: "unavailable", serverNow };
  }
}
