/**
 * The case codes of the /v1 family (docs/contract.md §3.3). Domain code throws a V1Error with one of
 * these; the /v1 wrapper (lib/api/v1-errors.ts) decides the HTTP status and the error type,
 * so the domain never speaks HTTP.
 */
export type V1Code =
  // the request itself
  | "invalid_json"
  | "body_too_large"
  | "parameter_missing"
  | "parameter_invalid"
  | "currency_not_supported"
  | "amount_mismatch"
  // cards
  | "invalid_number"
  | "invalid_expiry_month"
  | "invalid_expiry_year"
  | "expired_card"
  | "invalid_cvc"
  | "test_card_required"
  | "card_payments_unavailable"
  | "card_declined"
  // who is asking
  | "invalid_api_key"
  | "invalid_token"
  | "too_many_streams"
  | "rate_limited"
  | "sign_in_refused"
  | "session_expired"
  // what is asked for
  | "resource_missing"
  | "not_found"
  | "method_not_allowed"
  | "payment_intent_unexpected_state"
  | "payment_link_not_awaiting_card"
  | "payment_link_not_payable"
  | "payment_link_not_pending"
  | "duplicate_reference"
  // refunds (docs/contract.md §9)
  | "refund_unsupported"
  | "payment_not_refundable"
  | "amount_too_large"
  | "no_callback_url"
  | "idempotency_key_in_use"
  | "internal_error";

/** A /v1 refusal: a case code, a message for the developer, and the field it is about. */
export class V1Error extends Error {
  constructor(
    readonly code: V1Code,
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
    this.name = "V1Error";
  }
}
