import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { GatewayContext } from "@/lib/gateway/context";
import {
  clientSecretOf,
  createIntent,
  findIntentOrNull,
  hasIntentForReference,
  threeDsSimulated,
} from "@/lib/gateway/cards/intents";
import { V1Error } from "@/lib/gateway/v1-error";
import { cardCanCharge, parseMoney } from "@/lib/contract/money";
import { translator } from "@/lib/i18n/catalogue";
import { rupiah } from "@/lib/i18n/format";
import { payerLocale } from "@/lib/api/pages/payer-locale";
import { SnapError } from "@/lib/snap/codes";
import type { ApiEnv } from "@/lib/api/env";
import {
  buttonClasses,
  errorClass,
  escapeHtml,
  htmlPage,
  cardInputField,
  notFoundPage,
  rowClass,
  sandboxNote,
} from "@/lib/api/pages/html";
import { CardPayRequest, CardPayResponse } from "@/lib/contract/card-pay";
import { defineSnapRoute } from "@/lib/api/snap-route";
import { SNAP_ANSWER_HEADERS } from "@/lib/api/openapi/snap-operation";

const FINAL_STATUS: Record<string, string> = { succeeded: "00", failed: "06", canceled: "05" };

/** Card Redirect: the hosted card page of a Card Pay intent (its `webRedirectUrl`, and where 3-D Secure returns). */
export const hostedCardPath = (intentId: string) => `/v1.0/debit/redirect/${intentId}`;

/** Debit / Credit Card Pay: an intent for the merchant, paid on the hosted card page. */
export const cardPayRoute = defineSnapRoute({
  method: "post",
  path: "/v1.0/debit/payment-host-to-host",
  service: "54",
  summary: "Debit / Credit Card Pay",
  tag: "Debit / Credit Card",
  partners: ["merchant"],
  body: CardPayRequest,
  response: CardPayResponse.omit({ responseCode: true, responseMessage: true }),
  async handler({ gw, tx, partner, body }) {
    // Production without a card processor: no test cards behind this (lib/gateway/cards/intents.ts).
    if (gw.config.cardProcessor === null) throw new SnapError("featureNotAllowed", "no card processor is configured");
    const returnUrl = body.urlParams.find((u) => u.type === "PAY_RETURN")?.url;
    if (!returnUrl) throw new SnapError("invalidMandatoryField", "urlParams.PAY_RETURN");
    const amountMinor = parseMoney(body.amount.value);
    if (!cardCanCharge(amountMinor)) throw new SnapError("invalidFieldFormat", "amount.value");
    if (await hasIntentForReference(tx, partner.id, body.partnerReferenceNo))
      throw new SnapError("duplicatePartnerReference");
    try {
      const intent = await createIntent(gw, tx, partner, {
        amountMinor,
        currency: "IDR",
        metadata: { partnerReferenceNo: body.partnerReferenceNo },
        partnerReferenceNo: body.partnerReferenceNo,
        returnUrl,
      });
      return {
        referenceNo: intent.id,
        partnerReferenceNo: body.partnerReferenceNo,
        webRedirectUrl: `${gw.config.publicBaseUrl}${hostedCardPath(intent.id)}`,
      };
    } catch (err) {
      if (err instanceof V1Error) throw new SnapError("invalidFieldFormat", err.param ?? "amount.value");
      throw err;
    }
  },
});

/**
 * Debit / Credit Card Redirect (browser-facing, unsigned): the hosted card page while the
 * intent is open, then 302 to the merchant's PAY_RETURN URL with the result.
 */
export function mountCardRedirect(app: OpenAPIHono<ApiEnv>, gw: GatewayContext): void {
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/v1.0/debit/redirect/{referenceNo}",
    operationId: "cardRedirect",
    summary: "Debit / Credit Card Redirect (browser)",
    description:
      "Browser-facing and unsigned: the payer opens Card Pay's `webRedirectUrl`. While the payment is open it shows the hosted card page; once final it redirects (302) to the merchant's PAY_RETURN URL with `referenceNo`, `partnerReferenceNo` and `latestTransactionStatus` (00 success, 05 canceled, 06 failed).",
    tags: ["Debit / Credit Card"],
    security: [],
    request: {
      params: z.object({
        referenceNo: z
          .string()
          .meta({ description: "Card Pay's `referenceNo`.", example: "2b0f3c4e-8a51-4d7e-9a0c-6f1e2d3c4b5a" }),
      }),
    },
    responses: {
      200: {
        description: "The hosted card page",
        headers: SNAP_ANSWER_HEADERS,
        content: { "text/html": { schema: z.string() } },
      },
      302: {
        description: "Back to PAY_RETURN with ?referenceNo=&partnerReferenceNo=&latestTransactionStatus=",
        headers: {
          ...SNAP_ANSWER_HEADERS,
          Location: { description: "The merchant's PAY_RETURN URL with the result.", schema: { type: "string" } },
        },
      },
      404: {
        description: "No such card payment",
        headers: SNAP_ANSWER_HEADERS,
        content: { "text/html": { schema: z.string() } },
      },
    },
  });
  app.get("/v1.0/debit/redirect/:referenceNo", async (c) => {
    const lang = payerLocale(c);
    const intent = await findIntentOrNull(gw.db, null, c.req.param("referenceNo"));
    if (!intent || !intent.partnerReferenceNo || !intent.returnUrl) {
      const t = translator(lang, "CardPage");
      const text = { title: t("notFoundTitle"), heading: t("notFoundTitle"), explain: t("notFound") };
      return htmlPage(c, { document: notFoundPage(lang, text), status: 404 });
    }
    const final = FINAL_STATUS[intent.status];
    const back = new URL(intent.returnUrl);
    if (final && back.pathname === hostedCardPath(intent.id)) {
      // Confirmed before Card Pay intents kept PAY_RETURN: the page's own address replaced it,
      // and redirecting there would loop. The merchant's address is lost; say how it ended.
      const t = translator(lang, "ThreeDs");
      const heading = t(intent.status === "succeeded" ? "approved" : "declined");
      return htmlPage(c, {
        title: t("finishedTitle"),
        lang,
        body: `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(t("close"))}</p>`,
      });
    }
    if (final) {
      back.searchParams.set("referenceNo", intent.id);
      back.searchParams.set("partnerReferenceNo", intent.partnerReferenceNo);
      back.searchParams.set("latestTransactionStatus", final);
      c.header("Cache-Control", "no-store");
      c.header("Referrer-Policy", "no-referrer");
      return c.redirect(back.toString(), 302);
    }
    const t = translator(lang, "Card");
    const pay = escapeHtml(t("pay", { amount: rupiah(intent.amountMinor, lang) }));
    const secret = JSON.stringify(clientSecretOf(gw, intent.id));
    // The SDK answers with an error code; the payer reads it in their language, as on the checkout.
    const errors = JSON.stringify({
      invalid_number: t("errorNumber"),
      test_card_required: t("errorTestCard"),
      expired_card: t("errorExpired"),
      invalid_expiry_month: t("errorExpiry"),
      invalid_expiry_year: t("errorExpiry"),
      invalid_cvc: t("errorCvc"),
      network: t("errorNetwork"),
      generic: t("errorGeneric"),
    }).replace(/</g, "\\u003c");
    return htmlPage(c, {
      title: t("heading"),
      lang,
      body: `${threeDsSimulated(gw) ? sandboxNote(escapeHtml(t("sandboxHint"))) : ""}
<h1>${pay}</h1>
<form id="card" novalidate>
  ${cardInputField("number", escapeHtml(t("number")), 'inputmode="numeric" autocomplete="cc-number" required')}
  <div class="${rowClass}">${cardInputField("exp", escapeHtml(t("expiry")), `autocomplete="cc-exp" placeholder="${escapeHtml(t("expiryPlaceholder"))}" required`)}
  ${cardInputField("cvc", escapeHtml(t("cvc")), 'inputmode="numeric" autocomplete="cc-csc" required')}</div>
  ${cardInputField("name", escapeHtml(t("name")), 'autocomplete="cc-name"')}
  <p class="${errorClass}" id="error" role="alert"></p>
  <noscript><p class="${errorClass}">${escapeHtml(t("needsScriptHosted"))}</p></noscript>
  <button class="${buttonClasses("primary")}" type="submit" id="pay" disabled>${pay}</button>
</form>`,
      // The fields and the button stay disabled until the SDK has loaded: before, a submit could
      // only be native; if it cannot load, the payer reads why instead of a dead button.
      script: `const $ = (id) => document.getElementById(id);
const form = $("card"), error = $("error"), messages = ${errors};
let sdk = null;
try {
  sdk = await import("/v1/sdk.js");
} catch {
  error.textContent = messages.network;
}
if (sdk) {
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const [mm, yy] = $("exp").value.split("/").map((s) => Number(s.trim()));
    error.textContent = "";
    const r = await sdk.confirmCardPayment({ clientSecret: ${secret}, locale: ${JSON.stringify(lang)},
      card: { number: $("number").value, expMonth: mm, expYear: yy < 100 ? 2000 + yy : yy, cvc: $("cvc").value, holderName: $("name").value } });
    if (r.status === "requires_action") location.assign(r.redirectUrl);
    else if (r.status === "succeeded" || r.error.code === "card_declined") location.reload();
    else error.textContent = messages[r.error.code] ?? messages.generic;
  });
  for (const el of form.querySelectorAll("input, button")) el.disabled = false;
}`,
    });
  });
}
