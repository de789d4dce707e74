import type { z } from "zod";
import { CreateLinkRequest } from "@/lib/contract/console";

/**
 * The create-link form's verdicts, from the contract's own schema (CreateLinkRequest, the body
 * POST /v1/payment-links takes): the browser checks a body with it before sending, and the
 * console's server checks it again before calling the gateway. No bound or pattern of the form's
 * own: what the API accepts, the form accepts. Pure (no server-only): both sides import it.
 */

/** What is wrong with a field, as a message key of ConsoleCreate and its ICU arguments. */
export type LinkFormProblem =
  | { key: "errRequired" | "errAmount" | "errQuantity" | "errTotal" | "errCountry" | "errField" }
  | { key: "errTooLong" | "errTooMany"; values: { max: number } }
  | { key: "errExpiry"; values: { min: number; max: number } };

const expiryRule = CreateLinkRequest.shape.additionalInfo.shape.expiryMinutes.unwrap();
/** The contract's bounds of `expiryMinutes`, for the message that names them. */
export const EXPIRY_MINUTES = { min: expiryRule.minValue ?? 1, max: expiryRule.maxValue ?? Number.MAX_SAFE_INTEGER };

/**
 * A wire path (`additionalInfo.itemDetails.0.price`, as a zod issue or a /v1 error's `param`
 * names it) → the form's field (`items.0.price`); `form` when no field shows it.
 */
export function formFieldOf(path: readonly PropertyKey[] | string): string {
  const parts = typeof path === "string" ? path.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : path;
  const [top, a, b, c] = parts;
  if (top === "partnerReferenceNo") return "reference";
  if (top === "totalAmount") return "total";
  if (top !== "additionalInfo") return "form";
  switch (a) {
    case "invoiceTitle":
      return "title";
    case "invoiceSubTitle":
      return "subTitle";
    case "itemDetails":
      return typeof b === "number" && typeof c === "string" ? `items.${b}.${c}` : "items";
    case "customFees":
      return typeof b === "number" && typeof c === "string" ? `fees.${b}.${c}` : "fees";
    case "customerDetail":
      return b === "billingAddress" ? (typeof c === "string" ? c : "address") : typeof b === "string" ? b : "form";
    case "expiryMinutes":
      return "expiry";
    case "language":
      return "language";
    default:
      return "form";
  }
}

function problemOf(issue: z.core.$ZodIssue, field: string): LinkFormProblem {
  if (field === "expiry") return { key: "errExpiry", values: EXPIRY_MINUTES };
  if (field === "total") return { key: "errTotal" };
  if (/^(items\.\d+\.price|fees\.\d+\.value)$/.test(field)) return { key: "errAmount" };
  if (/^items\.\d+\.quantity$/.test(field)) return { key: "errQuantity" };
  if (field === "countryCode") return { key: "errCountry" };
  if (issue.code === "too_small" && issue.origin === "string") return { key: "errRequired" };
  if (issue.code === "too_big" && issue.origin === "string")
    return { key: "errTooLong", values: { max: Number(issue.maximum) } };
  if (issue.code === "too_big" && issue.origin === "array")
    return { key: "errTooMany", values: { max: Number(issue.maximum) } };
  return { key: "errField" };
}

/** Every field the contract refuses in `body`, with the first problem of each; {} when it passes. */
export function linkFormProblems(body: unknown): Record<string, LinkFormProblem> {
  const parsed = CreateLinkRequest.safeParse(body);
  const out: Record<string, LinkFormProblem> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path);
    out[field] ??= problemOf(issue, field);
  }
  return out;
}
