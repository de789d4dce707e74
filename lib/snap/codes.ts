/**
 * SNAP response codes: HTTP status (3 digits) + service code (2) + case code (2).
 * The HTTP status of a response always equals the first three digits.
 */
export type ServiceCode = string; // two digits, e.g. "27"

/** Case codes of the SNAP standard used by this gateway, with their standard messages. */
export const CASES = {
  badRequest: { http: 400, case: "00", message: "Bad Request" },
  invalidFieldFormat: { http: 400, case: "01", message: "Invalid Field Format" },
  invalidMandatoryField: { http: 400, case: "02", message: "Invalid Mandatory Field" },
  unauthorized: { http: 401, case: "00", message: "Unauthorized." },
  invalidToken: { http: 401, case: "01", message: "Invalid Token (B2B)" },
  transactionExpired: { http: 403, case: "00", message: "Transaction Expired" },
  featureNotAllowed: { http: 403, case: "01", message: "Feature Not Allowed" },
  transactionNotFound: { http: 404, case: "01", message: "Transaction Not Found" },
  invalidBillReason: { http: 404, case: "12", message: "Invalid Bill/Virtual Account" },
  invalidAmount: { http: 404, case: "13", message: "Invalid Amount" },
  paidBill: { http: 404, case: "14", message: "Paid Bill" },
  invalidBill: { http: 404, case: "19", message: "Invalid Bill/Virtual Account" },
  /** A known path asked with a method it does not take (the standard has no case for it; `Allow` names the method). */
  methodNotAllowed: { http: 405, case: "00", message: "Method Not Allowed" },
  conflict: { http: 409, case: "00", message: "Conflict" },
  duplicatePartnerReference: { http: 409, case: "01", message: "Duplicate partnerReferenceNo" },
  /** 409xx01 on Create VA: the identity of a VA is its number (409xx00 means X-EXTERNAL-ID). */
  duplicateVirtualAccount: { http: 409, case: "01", message: "Duplicate virtualAccountNo" },
  /** 409xx01 on a refund: the partnerRefundNo was used with another request (docs/contract.md §9). */
  duplicatePartnerRefundNo: { http: 409, case: "01", message: "Duplicate partnerRefundNo" },
  tooManyRequests: { http: 429, case: "00", message: "Too Many Requests" },
  generalError: { http: 500, case: "00", message: "General Error" },
} as const;

export type SnapCase = keyof typeof CASES;

export interface SnapEnvelope {
  responseCode: string;
  responseMessage: string;
}

export function responseCode(snapCase: SnapCase, service: ServiceCode): string {
  const c = CASES[snapCase];
  return `${c.http}${service}${c.case}`;
}

export function successCode(service: ServiceCode): string {
  return `200${service}00`;
}

/**
 * Cases whose message docs/contract.md §2.3 spells without a detail: the answer is exactly the
 * standard message; the detail stays on the error (and in logs) for the operator.
 */
const BARE: ReadonlySet<SnapCase> = new Set(["featureNotAllowed"]);

/** `detail` follows the standard's message: a field name, or the reason after "Unauthorized.". */
export function envelope(snapCase: SnapCase, service: ServiceCode, detail?: string): SnapEnvelope {
  const base = CASES[snapCase].message;
  return {
    responseCode: responseCode(snapCase, service),
    responseMessage: detail && !BARE.has(snapCase) ? `${base} ${detail}` : base,
  };
}

export function httpStatusOf(code: string): number {
  return Number(code.slice(0, 3));
}

/** An error that already knows its SNAP answer. Thrown by protocol code, mapped by the wrapper. */
export class SnapError extends Error {
  constructor(
    readonly snapCase: SnapCase,
    readonly detail?: string,
  ) {
    super(detail ? `${CASES[snapCase].message} ${detail}` : CASES[snapCase].message);
    this.name = "SnapError";
  }
}
