import type { z } from "zod";
import { envelope, httpStatusOf, SnapError, type ServiceCode, type SnapEnvelope } from "../snap/codes";

/** One mapper: any error → the SNAP envelope and its HTTP status. */
export function toSnapAnswer(err: unknown, service: ServiceCode): { status: number; body: SnapEnvelope; unexpected: boolean } {
  if (err instanceof SnapError) {
    const body = envelope(err.snapCase, service, err.detail);
    return { status: httpStatusOf(body.responseCode), body, unexpected: false };
  }
  const body = envelope("generalError", service);
  return { status: 500, body, unexpected: true };
}

/** `additionalInfo.itemDetails[0].price` — the field name as a SNAP client reads it. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** Missing field → 400xx02, anything else wrong → 400xx01, named after the first issue. */
export function zodToSnapError(error: z.ZodError): SnapError {
  const issue = error.issues[0];
  if (!issue) return new SnapError("badRequest");
  const field = fieldPath(issue.path) || "body";
  const missing = issue.code === "invalid_type" && /received undefined$/.test(issue.message);
  return new SnapError(missing ? "invalidMandatoryField" : "invalidFieldFormat", field);
}
