/**
 * The checkout's calls, shared by the page's server actions (app/pay/[paymentLinkId]/actions.ts)
 * and their HTTP routes (app/pay/[paymentLinkId]/actions/[action]/route.ts, docs/checkout.md
 * "Action routes"). Each checks the session cookie itself (authorizedLink); the callers only
 * decode arguments and shape the answer.
 */
import "@/lib/server-only";
import { getTranslations } from "next-intl/server";
import { PAY_LINK_REFUSALS, SnapClientError, WALLET_PHONE_REFUSALS } from "@/lib/clients/gateway-client";
import { checkoutGateway, checkoutIntents, isLinkId } from "@/lib/connector/gateway";
import { authorizedLink } from "@/lib/checkout/request-link";
import { acquirerNotification, notifyAsAcquirer, sandboxAcquirer } from "@/lib/connector/sandbox-acquirer";
import type { SimulatedOutcome } from "@/lib/connector/sandbox-acquirer";
import { cardCanCharge, parseMoney, toWholeRupiah } from "@/lib/contract/money";
import { paymentKey } from "@/lib/checkout/view-model";
import { rememberPush } from "@/lib/checkout/wallet-push-cookie";
import { isWalletMethod, normalizeMobile, WALLET_METHODS } from "@/lib/contract/wallet";
import { liveStreamUrl } from "@/lib/connector/live-stream";
import { classifyFailure } from "@/lib/connector/failures";
import type {
  CardStartResult,
  ChooseResult,
  RemoveCardResult,
  SimulateResult,
  StatusResult,
} from "@/lib/checkout/action-results";
import { listSavedCards, removeCustomerCard } from "@/lib/checkout/saved-cards";

const METHOD_ID = /^[a-z0-9_]{1,32}$/;

/** The payer's page of link `linkId`, in the language the form asked for (if it asked). */
export function pageHref(linkId: string, lang: string): string {
  return `/pay/${linkId}${lang === "en" || lang === "id" ? `?lang=${lang}` : ""}`;
}

/** A ChooseResult whose success always says where the page is. */
export type Chosen = Extract<ChooseResult, { ok: false }> | { ok: true; href: string };

/**
 * Pay Payment Link for the method the payer picked on link `linkId`. Success answers where to
 * go (the page, which renders the VA or QR from a fresh Inquiry); the caller navigates there
 * (a script's router, or a 303 for a plain form post). A refusal comes back as a translated
 * message.
 */
export async function chooseMethod(linkId: string, form: FormData): Promise<Chosen> {
  const t = await getTranslations("Methods");
  const groupId = String(form.get("groupId") ?? "");
  const methodId = String(form.get("methodId") ?? "");
  const lang = String(form.get("lang") ?? "");
  if (!METHOD_ID.test(groupId)) return { ok: false, error: t("errorGeneric") };
  if (!METHOD_ID.test(methodId)) return { ok: false, error: t("errorChooseBank") };
  const link = isLinkId(linkId) ? await authorizedLink(linkId) : null;
  if (!link) return { ok: false, error: t("errorGeneric") };
  // The push flow (OVO) needs the payer's number; checked here first so the answer is in their
  // language before anything is sent, and the gateway's own refusal is mapped the same way.
  const push = groupId === "ew" && isWalletMethod(methodId) && WALLET_METHODS[methodId].flow === "push";
  const phone = push ? String(form.get("phoneNumber") ?? "").trim() : "";
  if (push && !phone) return { ok: false, error: t("errorPhoneMissing") };
  if (push && !normalizeMobile(phone)) return { ok: false, error: t("errorPhoneFormat") };
  try {
    const answer = await checkoutGateway().payPaymentLink({
      partnerReferenceNo: link.partnerReferenceNo,
      trxId: link.trxId,
      additionalInfo: {
        paymentLinkId: linkId,
        paymentMethod: { groupId, methodId, ...(push ? { phoneNumber: phone } : {}) },
      },
    });
    const referenceNo = answer.paymentLinkData.payment.referenceNo;
    if (push && referenceNo) await rememberPush(linkId, referenceNo, phone, Date.now());
  } catch (err) {
    if (err instanceof SnapClientError) {
      if (err.responseCode === PAY_LINK_REFUSALS.expired) return { ok: false, error: t("errorExpired") };
      if (err.responseCode === PAY_LINK_REFUSALS.paid) return { ok: false, error: t("errorPaid") };
      if (err.responseCode === WALLET_PHONE_REFUSALS.missing) return { ok: false, error: t("errorPhoneMissing") };
      if (err.responseCode === WALLET_PHONE_REFUSALS.malformed) return { ok: false, error: t("errorPhoneFormat") };
      if (err.status === 403) return { ok: false, error: t("errorUnavailable") };
    }
    return {
      ok: false,
      error: classifyFailure(err, "pay payment link") === "refused" ? t("errorGeneric") : t("errorTryAgain"),
    };
  }
  return { ok: true, href: pageHref(linkId, lang) };
}

/**
 * Polled by the live-status island while its event stream is down: the link's flag, which
 * payment is current, and a fresh stream URL (the old token may have lapsed) to try again.
 */
export async function pollStatus(linkId: string): Promise<StatusResult> {
  const serverNow = Date.now();
  if (!isLinkId(linkId)) return { ok: false, error: "not_found", serverNow };
  try {
    const link = await authorizedLink(linkId);
    if (!link) return { ok: false, error: "not_found", serverNow };
    return {
      ok: true,
      status: link.paymentFlagStatus,
      paymentKey: paymentKey(link),
      serverNow: Date.now(),
      streamUrl: liveStreamUrl(linkId),
    };
  } catch (err) {
    classifyFailure(err, "status poll");
    return { ok: false, error: "unavailable", serverNow };
  }
}

/**
 * The card step's server half: create a payment intent for the link's total with the
 * checkout's secret key and hand the browser only its client secret. The card itself goes
 * from the browser straight to the gateway (lib/sdk), never through this server. For a link
 * with a customer the answer also lists that customer's saved cards (brand, last 4, expiry).
 */
export async function startCardPayment(linkId: string): Promise<CardStartResult> {
  const t = await getTranslations("Card");
  const link = isLinkId(linkId) ? await authorizedLink(linkId) : null;
  if (!link || link.paymentFlagStatus !== "02" || link.payment.type !== "cc")
    return { ok: false, error: t("errorNotReady") };
  const totalMinor = parseMoney(link.totalAmount.value);
  if (!cardCanCharge(totalMinor)) return { ok: false, error: t("errorAmount") };
  try {
    // The /v1 wire counts whole rupiah (docs/contract.md §3.2).
    // A link's intent is for the link's customer: the gateway gives it (docs/contract.md §10).
    const intent = await checkoutIntents().create({
      amount: toWholeRupiah(totalMinor),
      currency: link.totalAmount.currency,
      metadata: { paymentLinkId: linkId },
    });
    if (!link.additionalInfo.customerId) return { ok: true, clientSecret: intent.clientSecret };
    return { ok: true, clientSecret: intent.clientSecret, cards: await listSavedCards(intent.clientSecret) };
  } catch (err) {
    return {
      ok: false,
      error: classifyFailure(err, "create payment intent") === "refused" ? t("errorNotReady") : t("errorNetwork"),
    };
  }
}

/**
 * Remove one of the link's customer's saved cards from the card step. The gateway decides
 * with the intent's client secret whose cards these are; the session cookie is checked
 * first, so only the link's payer gets that far.
 */
export async function removeSavedCard(
  linkId: string,
  clientSecret: string,
  paymentMethodId: string,
): Promise<RemoveCardResult> {
  const t = await getTranslations("Card");
  const link = isLinkId(linkId) ? await authorizedLink(linkId) : null;
  if (!link?.additionalInfo.customerId) return { ok: false, error: t("errorRemove") };
  return (await removeCustomerCard(clientSecret, paymentMethodId))
    ? { ok: true }
    : { ok: false, error: t("errorRemove") };
}

/**
 * Sandbox only: pay (or, for QR, fail) the link's current VA or QR as the bank would — a real
 * notification signed with the sandbox acquirer's credentials, as `npm run simulate` sends.
 * The payload and the gateway's answer come back to be shown; the page turns by its poller.
 */
export async function simulatePayment(linkId: string, outcome: SimulatedOutcome): Promise<SimulateResult> {
  const t = await getTranslations("Sandbox");
  const acquirer = sandboxAcquirer();
  if (!acquirer || (outcome !== "pay" && outcome !== "fail")) return { ok: false, error: t("error") };
  const link = isLinkId(linkId) ? await authorizedLink(linkId) : null;
  const what = link && acquirerNotification(link, outcome);
  if (!link || !what) return { ok: false, error: t("nothingToPay") };
  try {
    const result = await notifyAsAcquirer(acquirer, what, link.totalAmount.value);
    return {
      ok: true,
      ...result,
      headings: { sent: t("sent", { path: result.path }), answered: t("answered", { status: result.status }) },
    };
  } catch (err) {
    classifyFailure(err, "sandbox notification");
    return { ok: false, error: t("error") };
  }
}
