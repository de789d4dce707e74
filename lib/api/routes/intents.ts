import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { z } from "zod";
import type { GatewayContext } from "@/lib/gateway/context";
import { requestHash, withIdempotency } from "@/lib/gateway/idempotency";
import { cancelIntent, completeThreeDs, confirmIntent, confirmScope, createIntent, findIntent, isIntentId } from "@/lib/gateway/intents";
import { MAX_BODY_BYTES, unstorablePath } from "@/lib/api/body";
import type { ApiEnv } from "@/lib/api/env";
import { fieldPath } from "@/lib/api/errors";
import { INTL_LOCALE, isLocale, pickLocale, type Locale } from "@/lib/i18n/locale";
import { escapeHtml, page } from "@/lib/api/pages/html";
import { CreateIntentRequest, ConfirmIntentRequest, PaymentIntent, V1ErrorBody } from "@/lib/contract/intents";
import { authenticateSecretKey, V1Error, v1ErrorResponse } from "@/lib/api/v1-auth";
import { sealIntentAnswer, toIntent, unsealIntentAnswer } from "./intent-wire";

/**
 * The Idempotency-Key scope of a POST on `path`: bound to the path and body bytes, and its
 * records keep no client secret or 3-D Secure token (sealed, then derived again on replay).
 */
function keyScope(gw: GatewayContext, c: Context, partnerId: string, path: string, raw: string) {
  return {
    partnerId,
    key: c.req.header("idempotency-key"),
    requestHash: requestHash(gw, "POST", path, raw),
    seal: sealIntentAnswer,
    unseal: (body: unknown) => unsealIntentAnswer(gw, body),
  };
}

/** The raw text of a /v1 request body: at most 64 KiB of UTF-8 (other bytes are refused, not replaced). */
async function v1Raw(c: Context): Promise<string> {
  const tooLarge = () => new V1Error(400, "invalid_request_error", "body_too_large", "The request body is over 64 KiB.");
  if (Number(c.req.header("content-length") ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw tooLarge();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new V1Error(400, "invalid_request_error", "invalid_json", "The request body is not valid UTF-8.");
  }
}

/**
 * Body of a /v1 request: ≤ 64 KiB of JSON, validated by `schema`, errors in the /v1 shape.
 * A string or key PostgreSQL cannot store (U+0000, a lone surrogate) is refused up front,
 * naming its field: let through, it would be a 500 halfway through a transaction.
 */
export async function v1Body<S extends z.ZodType>(c: Context, schema: S): Promise<{ data: z.output<S>; raw: string }> {
  const raw = await v1Raw(c);
  let json: unknown;
  try {
    json = raw ? JSON.parse(raw) : {};
  } catch {
    throw new V1Error(400, "invalid_request_error", "invalid_json", "The request body is not valid JSON.");
  }
  const unstorable = unstorablePath(raw, json);
  if (unstorable) {
    const param = fieldPath(unstorable);
    throw new V1Error(400, "invalid_request_error", "parameter_invalid", `${param || "body"}: text may not contain U+0000 or an unpaired UTF-16 surrogate.`, param || null);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const param = fieldPath(issue.path);
    const missing = issue.code === "invalid_type" && /received undefined$/.test(issue.message);
    throw new V1Error(400, "invalid_request_error", missing ? "parameter_missing" : "parameter_invalid", `${param || "body"}: ${issue.message}`, param || null);
  }
  return { data: parsed.data, raw };
}

/** The `{id}` of an intent path; not a UUID → 404 before any query. */
function intentIdParam(c: Context): string {
  const id = c.req.param("id") ?? "";
  if (!isIntentId(id)) throw new V1Error(404, "invalid_request_error", "resource_missing", "No such payment intent.", "id");
  return id;
}

const CORS = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "Content-Type, Idempotency-Key", "Access-Control-Allow-Methods": "POST, OPTIONS" };

export function mountIntents(app: OpenAPIHono<ApiEnv>, gw: GatewayContext): void {
  const doc = (method: "get" | "post", path: string, summary: string, extra: object = {}) =>
    app.openAPIRegistry.registerPath({
      method,
      path,
      summary,
      tags: ["Payment Intents"],
      responses: { 200: { description: "PaymentIntent", content: { "application/json": { schema: PaymentIntent } } }, default: { description: "{error}", content: { "application/json": { schema: V1ErrorBody } } } },
      ...extra,
    });
  doc("post", "/v1/payment-intents", "Create payment intent (X-Secret-Key; optional Idempotency-Key)", { request: { body: { content: { "application/json": { schema: CreateIntentRequest } } } } });
  doc("get", "/v1/payment-intents/{id}", "Retrieve payment intent (X-Secret-Key)");
  doc("post", "/v1/payment-intents/{id}/confirm", "Confirm with the client secret and a card (browser, no secret key; optional Idempotency-Key)", { request: { body: { content: { "application/json": { schema: ConfirmIntentRequest } } } } });
  doc("post", "/v1/payment-intents/{id}/cancel", "Cancel payment intent (X-Secret-Key; optional Idempotency-Key)");

  app.post("/v1/payment-intents", async (c) => {
    try {
      const partner = await authenticateSecretKey(c, gw);
      const { data, raw } = await v1Body(c, CreateIntentRequest);
      const result = await withIdempotency(gw, keyScope(gw, c, partner.id, "/v1/payment-intents", raw), async (tx) => ({
        status: 200,
        body: toIntent(gw, await createIntent(gw, tx, partner, data)),
      }));
      return c.json(result.body as object, result.status as 200);
    } catch (err) {
      return v1ErrorResponse(c, gw, err);
    }
  });

  app.get("/v1/payment-intents/:id", async (c) => {
    try {
      const partner = await authenticateSecretKey(c, gw);
      return c.json(toIntent(gw, await findIntent(gw.db, partner, c.req.param("id"))));
    } catch (err) {
      return v1ErrorResponse(c, gw, err);
    }
  });

  // Called from the payer's browser, possibly on the merchant's own page: CORS, no key.
  app.options("/v1/payment-intents/:id/confirm", (c) => c.body(null, 204, CORS));
  app.post("/v1/payment-intents/:id/confirm", async (c) => {
    for (const [k, v] of Object.entries(CORS)) c.header(k, v);
    try {
      const id = intentIdParam(c);
      const { data, raw } = await v1Body(c, ConfirmIntentRequest);
      // No secret key here: the keys are those of the intent's merchant. A decline (402) is
      // as final as a success and is kept too; refusals (400, 404, 409) are not.
      const partnerId = c.req.header("idempotency-key") ? await confirmScope(gw, gw.db, id, data.clientSecret) : "";
      const scope = { ...keyScope(gw, c, partnerId, `/v1/payment-intents/${id}/confirm`, raw), keep: (status: number) => status === 200 || status === 402 };
      const result = await withIdempotency(gw, scope, async (tx) => {
        const outcome = await confirmIntent(gw, tx, id, data);
        const intent = toIntent(gw, outcome.intent);
        if (!outcome.declined) return { status: 200, body: intent };
        const e = intent.lastError!;
        return { status: 402, body: { error: { type: "card_error", code: "card_declined", message: e.message, param: null, declineCode: e.declineCode, paymentIntent: intent } } };
      });
      gw.kickOutbox?.();
      return c.json(result.body as object, result.status as 200 | 402);
    } catch (err) {
      return v1ErrorResponse(c, gw, err);
    }
  });

  app.post("/v1/payment-intents/:id/cancel", async (c) => {
    try {
      const partner = await authenticateSecretKey(c, gw);
      const id = intentIdParam(c);
      const raw = await v1Raw(c); // cancel takes no parameters, but a key is bound to the body it came with
      const scope = keyScope(gw, c, partner.id, `/v1/payment-intents/${id}/cancel`, raw);
      const result = await withIdempotency(gw, scope, async (tx) => ({ status: 200, body: toIntent(gw, await cancelIntent(gw, tx, partner, id)) }));
      return c.json(result.body as object, result.status as 200);
    } catch (err) {
      return v1ErrorResponse(c, gw, err);
    }
  });

  // The sandbox's 3-D Secure challenge: a page with Approve / Decline, like an issuer's ACS.
  app.get("/v1/payment-intents/:id/3ds", async (c) => {
    const id = c.req.param("id");
    const token = c.req.query("token") ?? "";
    const lang = threeDsLocale(c);
    const t = THREE_DS_TEXT[lang];
    try {
      const intent = toIntent(gw, await findIntent(gw.db, null, id));
      if (intent.status !== "requires_action" || !intent.nextAction?.redirectUrl.endsWith(`token=${token}`)) throw new V1Error(404, "invalid_request_error", "resource_missing", "No authentication is waiting here.");
      const amount = new Intl.NumberFormat(INTL_LOCALE[lang], { style: "currency", currency: intent.currency, maximumFractionDigits: 0 }).format(intent.amount);
      const form = (action: string, label: string, cls: string) =>
        `<form method="post" action="/v1/payment-intents/${escapeHtml(id)}/3ds"><input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="lang" value="${lang}"><input type="hidden" name="action" value="${action}"><button class="${cls}" type="submit">${label}</button></form>`;
      c.header("Cache-Control", "no-store");
      c.header("Referrer-Policy", "no-referrer");
      return c.html(
        page(
          t.title,
          `<p class="sandbox" role="note">${t.sandbox}</p>
<h1>${t.heading}</h1>
<p>${escapeHtml(intent.card?.brand.toUpperCase() ?? "CARD")} •••• ${escapeHtml(intent.card?.last4 ?? "")} — <strong>${escapeHtml(amount)}</strong></p>
${form("approve", t.approve, "primary")}${form("decline", t.decline, "secondary")}`,
          { lang },
        ),
      );
    } catch (err) {
      if (err instanceof V1Error) return threeDsNotFound(c, lang);
      return v1ErrorResponse(c, gw, err);
    }
  });

  app.post("/v1/payment-intents/:id/3ds", async (c) => {
    const id = c.req.param("id");
    try {
      const form = await c.req.parseBody();
      const lang = isLocale(form.lang) ? form.lang : threeDsLocale(c);
      const t = THREE_DS_TEXT[lang];
      try {
        const approve = form.action === "approve";
        const intent = await gw.db.transaction((tx) => completeThreeDs(gw, tx, id, String(form.token ?? ""), approve));
        gw.kickOutbox?.();
        if (intent.returnUrl) {
          const target = new URL(intent.returnUrl);
          target.searchParams.set("payment_intent", intent.id);
          target.searchParams.set("status", intent.status);
          return c.redirect(target.toString(), 303);
        }
        return c.html(page(t.finishedTitle, `<h1>${intent.status === "succeeded" ? t.approved : t.declined}</h1><p>${t.close}</p>`, { lang }));
      } catch (err) {
        if (err instanceof V1Error && err.status === 404) return threeDsNotFound(c, lang);
        throw err;
      }
    } catch (err) {
      return v1ErrorResponse(c, gw, err);
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
  return c.html(page(t.notFoundTitle, `<h1>${t.notFoundTitle}</h1><p>${t.notFound}</p>`, { lang }), 404);
}

const THREE_DS_TEXT: Record<Locale, Record<"title" | "sandbox" | "heading" | "approve" | "decline" | "notFoundTitle" | "notFound" | "finishedTitle" | "approved" | "declined" | "close", string>> = {
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
