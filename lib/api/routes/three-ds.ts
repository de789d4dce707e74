import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { GatewayContext } from "@/lib/gateway/context";
import { inTransaction } from "@/lib/gateway/context";
import { completeThreeDs, findIntent, isIntentId, threeDsSimulated, threeDsToken } from "@/lib/gateway/cards/intents";
import { safeEqual } from "@/lib/snap/signing";
import { isLocale, type Locale } from "@/lib/i18n/locale";
import { translator } from "@/lib/i18n/catalogue";
import { rupiah } from "@/lib/i18n/format";
import { BRAND_LABEL, type CardBrand } from "@/lib/contract/card";
import { readFormBody } from "@/lib/api/body";
import type { ApiEnv } from "@/lib/api/env";
import { buttonClasses, escapeHtml, htmlPage, notFoundPage, sandboxNote } from "@/lib/api/pages/html";
import { payerLocale } from "@/lib/api/pages/payer-locale";
import type { ButtonVariant } from "@/lib/ui/recipes";
import { toV1Answer, V1_CODES, V1Error } from "@/lib/api/v1-errors";
import { hostedCardPath } from "./card";
import { toIntent } from "@/lib/gateway/cards/intent-wire";

/**
 * The sandbox's 3-D Secure challenge: a page with Approve / Decline, like an issuer's ACS.
 * Its words come from the one catalogue (messages/*.json, namespace ThreeDs) in the payer's
 * language (lib/api/pages/payer-locale.ts).
 */
export function mountThreeDs(app: OpenAPIHono<ApiEnv>, gw: GatewayContext): void {
  app.get("/v1/payment-intents/:id/3ds", async (c) => {
    const id = c.req.param("id");
    const token = c.req.query("token") ?? "";
    const lang = payerLocale(c);
    const t = translator(lang, "ThreeDs");
    try {
      if (!threeDsSimulated(gw)) return threeDsNotFound(c, lang); // the simulator is the sandbox's alone
      // The token is compared in constant time, before anything about the intent is read.
      if (!isIntentId(id) || !safeEqual(token, threeDsToken(gw, id)))
        throw new V1Error("resource_missing", "No authentication is waiting here.");
      const found = await findIntent(gw.db, null, id);
      const intent = toIntent(gw, found);
      if (intent.status !== "requires_action")
        throw new V1Error("resource_missing", "No authentication is waiting here.");
      const brand = BRAND_LABEL[(intent.card?.brand ?? "unknown") as CardBrand] ?? BRAND_LABEL.unknown;
      const card = t.markup("card", {
        brand: escapeHtml(brand === BRAND_LABEL.unknown ? translator(lang, "Card")("method") : brand),
        last4: escapeHtml(intent.card?.last4 ?? ""),
        amount: escapeHtml(rupiah(found.amountMinor, lang)),
        strong: (chunks) => `<strong>${chunks}</strong>`,
      });
      const form = (action: string, label: string, variant: ButtonVariant) =>
        `<form method="post" action="/v1/payment-intents/${escapeHtml(id)}/3ds"><input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="lang" value="${lang}"><input type="hidden" name="action" value="${action}"><button class="${buttonClasses(variant)}" type="submit">${escapeHtml(label)}</button></form>`;
      return htmlPage(c, {
        title: t("title"),
        body: `${sandboxNote(escapeHtml(t("sandbox")))}
<h1>${escapeHtml(t("heading"))}</h1>
<p>${card}</p>
${form("approve", t("approve"), "primary")}${form("decline", t("decline"), "secondary")}`,
        lang,
        formTargets: returnOrigin(found.returnUrl),
      });
    } catch (err) {
      if (err instanceof V1Error) return threeDsNotFound(c, lang);
      const answer = toV1Answer(err, gw, c);
      return c.json(answer.body, answer.status);
    }
  });

  app.post("/v1/payment-intents/:id/3ds", async (c) => {
    const id = c.req.param("id");
    try {
      // The same 64 KiB limit as every JSON body, chunked or not: over it, a /v1 400 and no more is read.
      const form = await readFormBody(c);
      const lang = isLocale(form.lang) ? form.lang : payerLocale(c);
      const t = translator(lang, "ThreeDs");
      try {
        const approve = form.action === "approve";
        const intent = await inTransaction(gw.db, (tx) => completeThreeDs(gw, tx, id, form.token ?? "", approve));
        gw.kickOutbox?.();
        // SNAP Card Pay: back to its hosted page (this origin), which answers the merchant's
        // PAY_RETURN with SNAP's referenceNo, partnerReferenceNo and latestTransactionStatus.
        if (intent.partnerReferenceNo !== null) return c.redirect(hostedCardPath(intent.id), 303);
        if (intent.returnUrl) {
          const target = new URL(intent.returnUrl);
          target.searchParams.set("payment_intent", intent.id);
          target.searchParams.set("status", intent.status);
          return c.redirect(target.toString(), 303);
        }
        return htmlPage(c, {
          title: t("finishedTitle"),
          body: `<h1>${escapeHtml(t(intent.status === "succeeded" ? "approved" : "declined"))}</h1><p>${escapeHtml(t("close"))}</p>`,
          lang,
        });
      } catch (err) {
        if (err instanceof V1Error && V1_CODES[err.code].status === 404) return threeDsNotFound(c, lang);
        throw err;
      }
    } catch (err) {
      const answer = toV1Answer(err, gw, c);
      return c.json(answer.body, answer.status);
    }
  });
}

/** No authentication waits behind this link (unknown, wrong token, or already answered). */
function threeDsNotFound(c: Context, lang: Locale) {
  const t = translator(lang, "ThreeDs");
  return htmlPage(c, {
    document: notFoundPage(lang, { title: t("notFoundTitle"), heading: t("notFoundTitle"), explain: t("notFound") }),
    status: 404,
  });
}

/** Where the Approve/Decline answer redirects (the return URL's origin), for form-action. */
function returnOrigin(returnUrl: string | null): string[] {
  try {
    return returnUrl ? [new URL(returnUrl).origin] : [];
  } catch {
    return [];
  }
}
