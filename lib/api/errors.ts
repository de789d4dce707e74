import type { z } from "zod";
import {
  envelope,
  httpStatusOf,
  SnapError,
  type ServiceCode,
  type SnapCase,
  type SnapEnvelope,
} from "@/lib/snap/codes";
import { BodyError } from "@/lib/api/body";
import { fieldPath } from "@/lib/api/field-path";

/** One mapper: any error → the SNAP envelope and its HTTP status. */
export function toSnapAnswer(
  err: unknown,
  service: ServiceCode,
): { status: number; body: SnapEnvelope; unexpected: boolean } {
  if (err instanceof BodyError) err = bodyToSnapError(err);
  if (err instanceof SnapError) {
    const body = envelope(err.snapCase, service, err.detail);
    return { status: httpStatusOf(body.responseCode), body, unexpected: false };
  }
  const body = envelope("generalError", service);
  return { status: 500, body, unexpected: true };
}

/** Unreadable bytes are a Bad Request (400xx00); a field too deep or unstorable is named (400xx01). */
export function bodyToSnapError(err: BodyError): SnapError {
  const snapCase: SnapCase = err.field ? "invalidFieldFormat" : "badRequest";
  return new SnapError(snapCase, err.field);
}

/**
 * Missing field → 400xx02, anything else wrong → 400xx01, named after the first issue.
 * "Missing" is decided on the input itself when it is given: zod words a missing literal
 * or enum (`grantType`) as a wrong value, not as "received undefined".
 */
export function zodToSnapError(error: z.ZodError, input?: unknown): SnapError {
  const first = firstIssue(error, input);
  if (!first) return new SnapError("badRequest");
  return new SnapError(first.missing ? "invalidMandatoryField" : "invalidFieldFormat", first.field || "body");
}

/** The first issue of a failed parse: its field (`""` for the whole), whether it is missing, zod's words. */
export function firstIssue(
  error: z.ZodError,
  input?: unknown,
): { field: string; missing: boolean; message: string } | null {
  const issue = error.issues[0];
  if (!issue) return null;
  const missing =
    input !== undefined && issue.path.length > 0
      ? valueAt(input, issue.path) === undefined
      : issue.code === "invalid_type" && /received undefined$/.test(issue.message);
  return { field: fieldPath(issue.path), missing, message: issue.message };
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let cur = value;
  for (const key of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}
