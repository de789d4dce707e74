import { V1ErrorBody } from "@/lib/contract/intents";
import { V1_CODES, v1ErrorJson, type V1Code } from "@/lib/api/v1-errors";

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid request: the body, a parameter or a header is wrong",
  401: "No valid secret key or console session",
  402: "The card was declined",
  404: "No such resource (or not the caller's)",
  409: "Conflict with the resource's state or an Idempotency-Key",
  429: "Too many at once; Retry-After says when to try again",
  500: "Unexpected fault; nothing was written",
};

/**
 * The error answers of a /v1 operation for the document: one response per HTTP status, the
 * /v1 error object as its schema, and one named example per code it can answer.
 */
export function v1ErrorExamples(codes: V1Code[], skipStatuses: number[]) {
  const byStatus = new Map<number, V1Code[]>();
  for (const code of codes) {
    const { status } = V1_CODES[code];
    if (skipStatuses.includes(status)) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      {
        description: `${STATUS_TEXT[status] ?? "Error"}: ${list.join(", ")}`,
        content: {
          "application/json": {
            schema: V1ErrorBody,
            examples: Object.fromEntries(
              list.map((code) => [
                code,
                { summary: code, value: v1ErrorJson(code, V1_CODES[code].example, V1_CODES[code].param ?? null) },
              ]),
            ),
          },
        },
      },
    ]),
  );
}
