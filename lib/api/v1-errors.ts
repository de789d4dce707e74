import type { Context } from "hono";
import type { z } from "zod";
import type { GatewayContext } from "@/lib/gateway/context";
import { V1Error, type V1Code } from "@/lib/gateway/v1-error";
import { BodyError } from "./body";
import { firstIssue } from "./errors";

export { V1Error, type V1Code } from "@/lib/gateway/v1-error";

type V1Type =
  | "invalid_request_error"
  | "authentication_error"
  | "card_error"
  | "api_error"
  | "idempotency_error"
  | "rate_limit_error";
export type V1Status = 400 | 401 | 402 | 404 | 405 | 409 | 429 | 500;

/**
 * Each /v1 case code with its HTTP status and error type (docs/contract.md §3.3), and a message as an
 * example for the reference. The one place where a /v1 refusal becomes HTTP.
 */
export const V1_CODES: Record<V1Code, { status: V1Status; type: V1Type; example: string; param?: string }> = {
  invalid_json: { status: 400, type: "invalid_request_error", example: "The request body is not valid JSON." },
  body_too_large: { status: 400, type: "invalid_request_error", example: "The request body is over 64 KiB." },
  parameter_missing: {
    status: 400,
    type: "invalid_request_error",
    example: "amount: Invalid input: expected number, received undefined",
    param: "amount",
  },
  parameter_invalid: {
    status: 400,
    type: "invalid_request_error",
    example: "amount: Too small: expected number to be >0",
    param: "amount",
  },
  currency_not_supported: {
    status: 400,
    type: "invalid_request_error",
    example: "Only IDR is supported.",
    param: "currency",
  },
  amount_mismatch: {
    status: 400,
    type: "invalid_request_error",
    example: "amount must equal the payment link's total in whole rupiah.",
    param: "amount",
  },
  card_payments_unavailable: {
    status: 400,
    type: "invalid_request_error",
    example: "Card payments are not available: this gateway has no card processor configured.",
  },
  invalid_number: {
    status: 400,
    type: "invalid_request_error",
    example: "The card number is not valid.",
    param: "card.number",
  },
  invalid_expiry_month: {
    status: 400,
    type: "invalid_request_error",
    example: "The expiry month is not valid.",
    param: "card.expMonth",
  },
  invalid_expiry_year: {
    status: 400,
    type: "invalid_request_error",
    example: "The expiry year is not valid.",
    param: "card.expYear",
  },
  expired_card: { status: 400, type: "invalid_request_error", example: "The card has expired.", param: "card.expYear" },
  invalid_cvc: {
    status: 400,
    type: "invalid_request_error",
    example: "The security code is not valid.",
    param: "card.cvc",
  },
  test_card_required: {
    status: 400,
    type: "invalid_request_error",
    example: "This is the sandbox: use a test card.",
    param: "card.number",
  },
  card_declined: { status: 402, type: "card_error", example: "Your card was declined." },
  invalid_api_key: { status: 401, type: "authentication_error", example: "Invalid secret key." },
  invalid_token: {
    status: 401,
    type: "authentication_error",
    example: "The stream token has expired; the page gets a new one.",
    param: "token",
  },
  too_many_streams: {
    status: 429,
    type: "rate_limit_error",
    example: "Too many live streams from this address; poll meanwhile.",
  },
  rate_limited: {
    status: 429,
    type: "rate_limit_error",
    example: "Too many requests from this address; retry after the time in Retry-After.",
  },
  sign_in_refused: {
    status: 401,
    type: "authentication_error",
    example: "The email or password is wrong, or there were too many attempts. Try again later.",
  },
  session_expired: {
    status: 401,
    type: "authentication_error",
    example: "Sign in again: the console session is missing, ended or expired.",
  },
  resource_missing: { status: 404, type: "invalid_request_error", example: "No such payment intent.", param: "id" },
  not_found: { status: 404, type: "invalid_request_error", example: "Unknown path" },
  method_not_allowed: {
    status: 405,
    type: "invalid_request_error",
    example: "GET is not allowed on this path; it takes POST.",
  },
  payment_intent_unexpected_state: {
    status: 409,
    type: "invalid_request_error",
    example: "This payment intent is succeeded and cannot be canceled.",
  },
  payment_link_not_awaiting_card: {
    status: 409,
    type: "invalid_request_error",
    example: "The payment link is not waiting for a card payment: choose the card method first (Pay Payment Link).",
  },
  payment_link_not_payable: {
    status: 409,
    type: "invalid_request_error",
    example: "The payment link can no longer be paid by this intent (paid, expired or another method chosen).",
  },
  payment_link_not_pending: {
    status: 409,
    type: "invalid_request_error",
    example: "Only a pending link can be expired; this one is paid.",
    param: "id",
  },
  duplicate_reference: {
    status: 409,
    type: "invalid_request_error",
    example: "A link with this partnerReferenceNo exists already.",
    param: "partnerReferenceNo",
  },
  refund_unsupported: {
    status: 400,
    type: "invalid_request_error",
    example: "A virtual account payment cannot be refunded: a bank transfer has no way back.",
  },
  payment_not_refundable: {
    status: 400,
    type: "invalid_request_error",
    example: "This payment link has not been paid.",
  },
  amount_too_large: {
    status: 400,
    type: "invalid_request_error",
    example: "The amount is more than remains to be refunded.",
    param: "amount",
  },
  no_callback_url: {
    status: 409,
    type: "invalid_request_error",
    example: "Set a callback base URL first: there is nowhere to send a test callback.",
    param: "callbackBaseUrl",
  },
  idempotency_key_in_use: {
    status: 409,
    type: "idempotency_error",
    example: "This Idempotency-Key was used with a different request.",
    param: "Idempotency-Key",
  },
  internal_error: { status: 500, type: "api_error", example: "Something went wrong on our side." },
};

export interface V1ErrorJson {
  error: { type: string; code: string; message: string; param: string | null };
}

export function v1ErrorJson(code: V1Code, message: string, param: string | null = null): V1ErrorJson {
  return { error: { type: V1_CODES[code].type, code, message, param } };
}

/** Bytes that are not a body: too large, not UTF-8 or JSON, too deep, text PostgreSQL cannot store. */
export function bodyToV1Error(err: BodyError): V1Error {
  switch (err.reason) {
    case "too_large":
      return new V1Error("body_too_large", "The request body is over 64 KiB.");
    case "not_utf8":
      return new V1Error("invalid_json", "The request body is not valid UTF-8.");
    case "not_json":
      return new V1Error("invalid_json", "The request body is not valid JSON.");
    case "too_deep":
      return new V1Error(
        "parameter_invalid",
        `${err.field}: nested too deeply.`,
        err.field === "body" ? null : (err.field ?? null),
      );
    case "unstorable":
      return new V1Error(
        "parameter_invalid",
        `${err.field}: text may not contain U+0000 or an unpaired UTF-16 surrogate.`,
        err.field === "body" ? null : (err.field ?? null),
      );
  }
}

/** A failed zod parse of a body or query, named after its first issue. */
export function zodToV1Error(error: z.ZodError, input: unknown): V1Error {
  const issue = firstIssue(error, input);
  if (!issue) return new V1Error("parameter_invalid", "The request is not valid.");
  return new V1Error(
    issue.missing ? "parameter_missing" : "parameter_invalid",
    `${issue.field || "body"}: ${issue.message}`,
    issue.field || null,
  );
}

/** One mapper: any error → the /v1 error object and its status. Unknown faults are logged once. */
export function toV1Answer(err: unknown, gw: GatewayContext, c: Context): { status: V1Status; body: V1ErrorJson } {
  if (err instanceof BodyError) err = bodyToV1Error(err);
  if (err instanceof V1Error)
    return { status: V1_CODES[err.code].status, body: v1ErrorJson(err.code, err.message, err.param) };
  gw.log.error({ err, path: c.req.path }, "unexpected fault on /v1");
  return { status: 500, body: v1ErrorJson("internal_error", V1_CODES.internal_error.example) };
}
