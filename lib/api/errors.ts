import type { z } from "zod";
import { envelope, httpStatusOf, SnapError, type ServiceCode, type SnapEnvelope } from "@/lib/snap/codes";

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

/**
 * Missing field → 400xx02, anything else wrong → 400xx01, named after the first issue.
 * "Missing" is decided on the input itself when it is given: zod words a missing literal
 * or enum (`grantType`) as a wrong value, not as "received undefined".
 */
export function zodToSnapError(error: z.ZodError, input?: unknown): SnapError {
  const issue = error.issues[0];
  if (!issue) return new SnapError("badRequest");
  const field = fieldPath(issue.path) || "body";
  const missing =
    input !== undefined && issue.path.length > 0
      ? valueAt(input, issue.path) === undefined
      : issue.code === "invalid_type" && /received undefined$/.test(issue.message);
  return new SnapError(missing ? "invalidMandatoryField" : "invalidFieldFormat", field);
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let cur = value;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}
