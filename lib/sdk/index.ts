/**
 * Nusapay browser SDK: confirm a payment intent with its client secret and card fields.
 * The piece a merchant's own page (or our hosted checkout) embeds; it talks to the
 * gateway's /v1 confirm endpoint and never sees a secret key.
 *
 *   const result = await confirmCardPayment({ clientSecret, card });
 *   if (result.status === "requires_action") location.assign(result.redirectUrl);
 */
export { cardBrand, expired, luhnValid, type CardBrand } from "@/lib/contract/card";

export interface CardFields {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
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

/**
 * What a confirm pays with: a new card (saved for the intent's customer when
 * `setupFutureUsage` asks, docs/contract.md §10), or a saved card's `pm_` id and its CVC.
 */
export type PayWith =
  | { card: CardFields; setupFutureUsage?: "on_session"; paymentMethod?: never; cvc?: never }
  | { paymentMethod: string; cvc: string; card?: never; setupFutureUsage?: never };

export async function confirmCardPayment(
  opts: PayWith & {
    clientSecret: string;
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
  const payWith = opts.card
    ? {
        card: { ...opts.card, number: opts.card.number.replace(/[\s-]/g, "") },
        ...(opts.setupFutureUsage ? { setupFutureUsage: opts.setupFutureUsage } : {}),
      }
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
