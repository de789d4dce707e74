/**
 * Nusapay browser SDK: confirm a payment intent with its client secret and card fields.
 * The piece a merchant's own page (or our hosted checkout) embeds; it talks to the
 * gateway's /v1 confirm endpoint and never sees a secret key.
 *
 *   const result = await confirmCardPayment({ clientSecret, card });
 *   if (result.status === "requires_action") location.assign(result.redirectUrl);
 *
 * A returning customer's saved card (docs/contract.md §10): `listSavedCards({ clientSecret })`,
 * then `confirmCardPayment({ clientSecret, paymentMethod: "pm_…", cvc })`;
 * `removeSavedCard({ clientSecret, paymentMethod })` removes one.
 */
export { cardBrand, expired, luhnValid, type CardBrand } from "@/lib/contract/card";

export interface CardFields {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}

/** A saved card as the gateway lists it: never the number. */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  createdAt: string;
}

export interface IntentView {
  id: string;
  amount: number;
  currency: string;
  status: "created" | "requires_action" | "processing" | "succeeded" | "failed" | "canceled";
  card: { brand: string; last4: string } | null;
  lastError: { code: string; message: string } | null;
  nextAction: { type: "redirect_to_url"; redirectUrl: string } | null;
}

export interface SdkError {
  type: string;
  code: string;
  message: string;
  param: string | null;
}

export type ConfirmResult =
  | { status: "succeeded"; intent: IntentView }
  | { status: "requires_action"; redirectUrl: string; intent: IntentView }
  | { status: "failed"; error: SdkError; intent?: IntentView };

/** `pi_<id>_secret_<random>` → `<id>`. */
export function intentIdOf(clientSecret: string): string {
  const m = /^pi_(.+)_secret_[A-Za-z0-9_-]+$/.exec(clientSecret);
  if (!m?.[1]) throw new Error("not a payment intent client secret");
  return m[1];
}

function withLocale(url: string, locale: "en" | "id" | undefined): string {
  if (!locale) return url;
  return `${url}${url.includes("?") ? "&" : "?"}lang=${locale}`;
}

/** Pay with a new card, or with a saved card of the intent's customer and its CVC. */
export type PayWith = { card: CardFields } | { paymentMethod: string; cvc: string };

export async function confirmCardPayment(
  opts: PayWith & {
    clientSecret: string;
    /** `on_session`: keep this new card for the intent's customer once the payment succeeds. */
    setupFutureUsage?: "on_session";
    /** Where 3-D Secure sends the payer back (?payment_intent=…&status=…). */
    returnUrl?: string;
    /** The gateway; defaults to this page's origin. */
    baseUrl?: string;
    /** Language of the 3-D Secure page ("en" | "id"); without it the page follows the browser. */
    locale?: "en" | "id";
    /** Sent as Idempotency-Key: a retry of the same confirm gets the first answer, never a second charge. */
    idempotencyKey?: string;
    fetchImpl?: typeof fetch;
  },
): Promise<ConfirmResult> {
  const doFetch = opts.fetchImpl ?? fetch;
  const base = (opts.baseUrl ?? (typeof location === "undefined" ? "" : location.origin)).replace(/\/+$/, "");
  const id = intentIdOf(opts.clientSecret);
  const payWith =
    "card" in opts
      ? { card: { ...opts.card, number: opts.card.number.replace(/[\s-]/g, "") } }
      : { paymentMethod: opts.paymentMethod, cvc: opts.cvc };
  let res: Response;
  try {
    res = await doFetch(`${base}/v1/payment-intents/${encodeURIComponent(id)}/confirm`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(opts.idempotencyKey ? { "Idempotency-Key": opts.idempotencyKey } : {}),
      },
      body: JSON.stringify({
        clientSecret: opts.clientSecret,
        ...payWith,
        ...(opts.setupFutureUsage ? { setupFutureUsage: opts.setupFutureUsage } : {}),
        ...(opts.returnUrl ? { returnUrl: opts.returnUrl } : {}),
      }),
    });
  } catch {
    return {
      status: "failed",
      error: {
        type: "api_connection_error",
        code: "network",
        message: "Could not reach the payment gateway.",
        param: null,
      },
    };
  }
  const body = (await res.json().catch(() => null)) as
    (IntentView & { error?: SdkError & { paymentIntent?: IntentView } }) | null;
  if (!body)
    return {
      status: "failed",
      error: { type: "api_error", code: "bad_response", message: "Unexpected answer from the gateway.", param: null },
    };
  if (body.error)
    return {
      status: "failed",
      error: body.error,
      ...(body.error.paymentIntent ? { intent: body.error.paymentIntent } : {}),
    };
  if (body.status === "requires_action" && body.nextAction)
    return {
      status: "requires_action",
      redirectUrl: withLocale(body.nextAction.redirectUrl, opts.locale),
      intent: body,
    };
  if (body.status === "succeeded") return { status: "succeeded", intent: body };
  return {
    status: "failed",
    error: { type: "api_error", code: "unexpected_status", message: `Payment is ${body.status}.`, param: null },
    intent: body,
  };
}

type SavedCardsOpts = { clientSecret: string; baseUrl?: string; fetchImpl?: typeof fetch };
type Answer<T> = { ok: true; value: T } | { ok: false; error: SdkError };

/** One call with the client secret in its header (never the URL, which logs keep). */
async function withClientSecret<T>(opts: SavedCardsOpts, method: string, suffix: string): Promise<Answer<T>> {
  const doFetch = opts.fetchImpl ?? fetch;
  const base = (opts.baseUrl ?? (typeof location === "undefined" ? "" : location.origin)).replace(/\/+$/, "");
  const id = intentIdOf(opts.clientSecret);
  let res: Response;
  try {
    res = await doFetch(`${base}/v1/payment-intents/${encodeURIComponent(id)}/payment-methods${suffix}`, {
      method,
      headers: { "X-Client-Secret": opts.clientSecret },
    });
  } catch {
    return {
      ok: false,
      error: {
        type: "api_connection_error",
        code: "network",
        message: "Could not reach the payment gateway.",
        param: null,
      },
    };
  }
  const body = (await res.json().catch(() => null)) as (T & { error?: SdkError }) | null;
  if (!body || !res.ok)
    return {
      ok: false,
      error: body?.error ?? {
        type: "api_error",
        code: "bad_response",
        message: "Unexpected answer from the gateway.",
        param: null,
      },
    };
  return { ok: true, value: body };
}

/** The saved cards of the intent's customer (none when the intent has no customerId). */
export async function listSavedCards(opts: SavedCardsOpts): Promise<Answer<SavedCard[]>> {
  const r = await withClientSecret<{ data: SavedCard[] }>(opts, "GET", "");
  return r.ok ? { ok: true, value: r.value.data } : r;
}

/** Remove one of them for good: it can never be charged again. */
export async function removeSavedCard(
  opts: SavedCardsOpts & { paymentMethod: string },
): Promise<Answer<{ id: string }>> {
  return withClientSecret<{ id: string }>(opts, "DELETE", `/${encodeURIComponent(opts.paymentMethod)}`);
}
