/** Every error the SDK throws is a NusapayError; `kind` tells the three apart without instanceof. */
export class NusapayError extends Error {
  constructor(
    readonly kind: "snap" | "api" | "connection",
    message: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "NusapayError";
  }
}

/** A /v1.0 error answer: `responseCode` is SNAP's 7-digit code (HTTP status, service code, case). */
export class SnapApiError extends NusapayError {
  declare readonly status: number;
  constructor(
    status: number,
    readonly responseCode: string,
    readonly responseMessage: string,
    readonly body: unknown,
  ) {
    super("snap", `${status} ${responseCode} ${responseMessage}`, status);
    this.name = "SnapApiError";
  }

  /** The case, the code's last two digits: "01" in 4012701 (Invalid Token), as the standard numbers them. */
  get caseCode(): string {
    return this.responseCode.slice(5);
  }
}

/** A /v1 error answer: `{"error":{"type","code","message","param"}}`. */
export class ApiError extends NusapayError {
  declare readonly status: number;
  constructor(
    status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly param: string | null,
    readonly body: unknown,
  ) {
    super("api", `${status} ${type}/${code}: ${message}`, status);
    this.name = "ApiError";
  }
}

/** No answer: the network failed, the call timed out, or the answer was not JSON. */
export class ConnectionError extends NusapayError {
  constructor(message: string, status: number | null = null, options?: { cause?: unknown }) {
    super("connection", message, status, options);
    this.name = "ConnectionError";
  }
}
