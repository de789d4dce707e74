/** The /v1 family's error shape (CONTRACT §3). */
export class V1Error extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 404 | 409 | 429 | 500,
    readonly type: "invalid_request_error" | "authentication_error" | "card_error" | "api_error" | "idempotency_error" | "rate_limit_error",
    readonly code: string,
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
  }
  toJSON() {
    return { error: { type: this.type, code: this.code, message: this.message, param: this.param } };
  }
}
