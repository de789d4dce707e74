import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { GatewayContext } from "@/lib/gateway/context";
import { inTransaction } from "@/lib/gateway/context";
import { completeThreeDs, findIntent, isIntentId, threeDsSimulated, threeDsToken } from "@/lib/gateway/intents";
import { safeEqual } from "@/lib/snap/signing";
import { INTL_LOCALE, isLocale, pickLocale, type Locale } from "@/lib/i18n/locale";
import { readFormBody } from "@/lib/api/body";
import type { ApiEnv } from "@/lib/api/env";
import { buttonClasses, escapeHtml, htmlPage, notFoundPage, sandboxNote } from "@/lib/api/pages/html";
import type { ButtonVariant } from "@/lib/ui/recipes";
import { toV1Answer, V1_CODES, V1Error } from "@/lib/api/v1-errors";
import { toIntent } from "./intent-wire";

/** The sandbox's 3-D Secure challenge: a page with Approve / Decline, like an issuer's ACS. */
export function mountThreeDs(app: OpenAPIHono<ApiEnv>, gw: GatewayContext): void {
  app.get("/v1/payment-intents/:id/3ds", async (c) => {
    const id = c.req.param("id");
    const token = c.req.query("token") ?? "";
    const lang = threeDsLocale(c);
    const t = THREE_DS_TEXT[lang];
    try {
      if (!threeDsSimulated(gw)) return threeDsNotFound(c, lang); // the simulator is the sandbox's alone
      // The token is compared in constant time, before anything about the intent is read.
      if (!isIntentId(id) || !safeEqual(token, threeDsToken(gw, id)))
        throw new V1Error("resource_missing", "No authentication is waiting here.");
      const row = await findIntent(gw.db, null, id);
      const intent = toIntent(gw, row);
      if (intent.status !== "requires_action")
        throw new V1Error("resource_missing", "No authentication is waiting here.");
      const amount = new Intl.NumberFormat(INTL_LOCALE[lang], {
        style: "currency",
        currency: intent.currency,
        maximumFractionDigits: 0,
      }).format(intent.amount);
      const form = (action: string, label: string, cls: ButtonVariant) =>
        `<form method="post" action="/v1/payment-intents/${escapeHtml(id)}/3ds"><input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="lang" value="${lang}"><input type="hidden" name="action" value="${action}"><button class="${buttonClasses(cls)}" type="submit">${label}</button></form>`;
      return htmlPage(c, {
        title: t.title,
        body: `${sandboxNote(t.sandbox)}
<h1>${t.heading}</h1>
<p>${escapeHtml(intent.card?.brand.toUpperCase() ?? "CARD")} •••• ${escapeHtml(intent.card?.last4 ?? "")} — <strong>${escapeHtml(amount)}</strong></p>
${form("approve", t.approve, "primary")}${form("decline", t.decline, "secondary")}`,
        lang,
        formTargets: returnOrigin(row.returnUrl),
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
      const lang = isLocale(form.lang) ? form.lang : threeDsLocale(c);
      const t = THREE_DS_TEXT[lang];
      try {
        const approve = form.action === "approve";
        const intent = await inTransaction(gw.db, (tx) => completeThreeDs(gw, tx, id, form.token ?? "", approve));
        gw.kickOutbox?.();
        if (intent.returnUrl) {
          const target = new URL(intent.returnUrl);
          target.searchParams.set("payment_intent", intent.id);
          target.searchParams.set("status", intent.status);
          return c.redirect(target.toString(), 303);
        }
        return htmlPage(c, {
          title: t.finishedTitle,
          body: `<h1>${intent.status === "succeeded" ? t.approved : t.declined}</h1><p>${t.close}</p>`,
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

/** The 3-D Secure page speaks the checkout's language: `?lang=` (the SDK passes it), else Accept-Language. */
function threeDsLocale(c: Context): Locale {
  return pickLocale({ explicit: c.req.query("lang"), acceptLanguage: c.req.header("accept-language") });
}

/** No authentication waits behind this link (unknown, wrong token, or already answered). */
function threeDsNotFound(c: Context, lang: Locale) {
  const t = THREE_DS_TEXT[lang];
  return htmlPage(c, {
    document: notFoundPage(lang, { title: t.notFoundTitle, heading: t.notFoundTitle, explain: t.notFound }),
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

const THREE_DS_TEXT: Record<
  Locale,
  Record<
    | "title"
    | "sandbox"
    | "heading"
    | "approve"
    | "decline"
    | "notFoundTitle"
    | "notFound"
    | "finishedTitle"
    | "approved"
    | "declined"
    | "close",
    string
  >
> = {
  en: {
    title: "3-D Secure authentication",
    sandbox: "Sandbox 3-D Secure — no bank is contacted.",
    heading: "Confirm this payment",
    approve: "Approve",
    decline: "Decline",
    notFoundTitle: "Nothing to authenticate",
    notFound: "This authentication link is invalid or was already used.",
    finishedTitle: "Authentication finished",
    approved: "Payment approved",
    declined: "Payment declined",
    close: "You can close this page.",
  },
  id: {
    title: "Autentikasi 3-D Secure",
    sandbox: "3-D Secure sandbox — tidak ada bank yang dihubungi.",
    heading: "Konfirmasi pembayaran ini",
    approve: "Setujui",
    decline: "Tolak",
    notFoundTitle: "Tidak ada yang perlu diautentikasi",
    notFound: "Tautan autentikasi ini tidak valid atau sudah digunakan.",
    finishedTitle: "Autentikasi selesai",
    approved: "Pembayaran disetujui",
    declined: "Pembayaran ditolak",
    close: "Anda dapat menutup halaman ini.",
  },
};
