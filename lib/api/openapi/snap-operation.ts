import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { CASES, envelope, successCode, type ServiceCode, type SnapCase } from "@/lib/snap/codes";
import { SNAP_DOCS } from "./snap-docs";

/** The SNAP envelope every answer carries; alone, it is an error. */
export const SnapErrorBody = z
  .object({
    responseCode: z
      .string()
      .regex(/^\d{7}$/)
      .meta({ description: "HTTP status (3 digits) + service code (2) + case code (2)." }),
    responseMessage: z.string().meta({ description: "The standard's message, then the field or reason." }),
  })
  .meta({ id: "SnapError" });

const id = (name: string, example: string, description: string) =>
  z.string().min(1).max(36).meta({ description, example }).describe(description);

/** Every /v1.0 answer, success or error, the token's included, carries the gateway's clock. */
export const SNAP_ANSWER_HEADERS = {
  "X-TIMESTAMP": {
    description: "The gateway's time when it answered, in Asia/Jakarta with milliseconds.",
    required: true,
    schema: {
      type: "string" as const,
      pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}\\+07:00$",
      example: "2026-11-23T10:15:30.123+07:00",
    },
  },
};

/** The token's answer also names the client key it was issued to. */
const TOKEN_ANSWER_HEADERS = {
  ...SNAP_ANSWER_HEADERS,
  "X-CLIENT-KEY": {
    description: "The caller's client key, as sent.",
    required: true,
    schema: { type: "string" as const, example: "b7a4d8c2-1f3e-4a5b-9c6d-7e8f9a0b1c2d" },
  },
};

/** The signature headers of every signed service call (Authorization is the bearer scheme). */
export const SnapServiceHeaders = z.object({
  "X-TIMESTAMP": z.string().meta({
    description: "ISO 8601 with a numeric offset or Z; within 300 s of the server's clock.",
    example: "2026-11-23T10:15:30.123+07:00",
  }),
  "X-SIGNATURE": z.string().meta({
    description:
      "base64 HMAC-SHA512 with the client secret over METHOD:PATH:TOKEN:BODYHASH:X-TIMESTAMP (see the string-to-sign rules above).",
    example: "qYcH5rJ1…==",
  }),
  "X-PARTNER-ID": id(
    "X-PARTNER-ID",
    "b7a4d8c2-1f3e-4a5b-9c6d-7e8f9a0b1c2d",
    "The caller's partner id; must be the token's.",
  ),
  "X-EXTERNAL-ID": id(
    "X-EXTERNAL-ID",
    "5f1c9e2a-7b3d-4c8e-a1f2-3d4e5f6a7b8c",
    "Unique per partner per day (Asia/Jakarta); a repeat answers 409xx00.",
  ),
  "CHANNEL-ID": id("CHANNEL-ID", "95221", "The caller's channel id."),
});

/** Example detail of each case as the wrapper words it. */
const DETAIL: Partial<Record<SnapCase, string>> = {
  invalidFieldFormat: "{field}",
  invalidMandatoryField: "{field}",
  unauthorized: "Signature",
};

/** What every signed call may answer, whatever its business step: the wrapper's checks. */
const WRAPPER_CASES: SnapCase[] = [
  "badRequest",
  "invalidFieldFormat",
  "invalidMandatoryField",
  "unauthorized",
  "invalidToken",
  "conflict",
  "tooManyRequests",
  "generalError",
];

/**
 * The SNAP errors of an operation for the document: one response per HTTP status, the envelope
 * as its schema, one named example per response code.
 */
export function snapErrorResponses(service: ServiceCode, cases: SnapCase[]) {
  const byStatus = new Map<number, SnapCase[]>();
  for (const c of new Set(cases)) byStatus.set(CASES[c].http, [...(byStatus.get(CASES[c].http) ?? []), c]);
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => {
        const examples = Object.fromEntries(
          list.map((c) => [
            envelope(c, service).responseCode + (c === "duplicateVirtualAccount" ? "-va" : ""),
            {
              summary: `${envelope(c, service).responseCode} ${CASES[c].message}`,
              value: envelope(c, service, DETAIL[c]),
            },
          ]),
        );
        return [
          status,
          {
            description: list.map((c) => `${envelope(c, service).responseCode} ${CASES[c].message}`).join("; "),
            headers: SNAP_ANSWER_HEADERS,
            content: { "application/json": { schema: SnapErrorBody, examples } },
          },
        ];
      }),
  );
}

export interface SnapOperationInput {
  method: "get" | "post" | "put" | "delete";
  path: string;
  service: ServiceCode;
  summary: string;
  tag: string;
  scopedLookup?: boolean;
  successMessage?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
}

/** The OpenAPI operation of a signed route: security, headers, body, success with its envelope, every error. */
export function snapOperation(route: SnapOperationInput) {
  // A route without an entry (a test's) still documents itself; the document test asks every
  // operation the gateway serves for a description of its own.
  const docs = SNAP_DOCS[route.path] ?? { operationId: camel(route.summary), description: route.summary, errors: [] };
  const success = route.response instanceof z.ZodObject ? SnapErrorBody.extend(route.response.shape) : route.response;
  const code = successCode(route.service);
  return createRoute({
    method: route.method,
    path: route.path.replace(/:(\w+)/g, "{$1}"),
    operationId: docs.operationId,
    summary: route.summary,
    description: `${docs.description}\n\nService code ${route.service}: success \`${code}\`.`,
    tags: [route.tag],
    security: [{ snapAccessToken: [] }],
    request: {
      headers: SnapServiceHeaders,
      ...(route.body ? { body: { content: { "application/json": { schema: route.body } }, required: true } } : {}),
      ...(route.query ? { query: route.query as z.ZodObject } : {}),
    },
    responses: {
      200: {
        description: `${code} ${route.successMessage ?? "Successful"}`,
        headers: SNAP_ANSWER_HEADERS,
        content: {
          "application/json": {
            schema: success.meta({ id: `${docs.operationId[0]!.toUpperCase()}${docs.operationId.slice(1)}Response` }),
          },
        },
      },
      ...snapErrorResponses(route.service, [
        ...WRAPPER_CASES,
        ...(route.scopedLookup ? [] : (["featureNotAllowed"] as SnapCase[])),
        ...docs.errors,
      ]),
    },
  });
}

/** Get Token: RSA-signed with X-CLIENT-KEY and X-TIMESTAMP, service code 73. */
export function tokenOperation(request: z.ZodType, response: z.ZodType) {
  return createRoute({
    method: "post",
    path: "/v1.0/access-token/b2b",
    operationId: "getAccessToken",
    summary: "Get Token API (B2B)",
    description:
      "Issues a B2B access token for the partner whose `X-CLIENT-KEY` signed the request with its RSA private key (see the string-to-sign rules). Send it as `Authorization: Bearer` on every other signed call until `expiresIn` seconds have passed.",
    tags: ["Auth"],
    security: [{ snapTokenSignature: [] }],
    request: {
      headers: z.object({
        "X-TIMESTAMP": SnapServiceHeaders.shape["X-TIMESTAMP"],
        "X-CLIENT-KEY": z
          .string()
          .meta({ description: "The partner's client key.", example: "b7a4d8c2-1f3e-4a5b-9c6d-7e8f9a0b1c2d" }),
      }),
      body: { content: { "application/json": { schema: request } }, required: true },
    },
    responses: {
      200: {
        description: "2007300 Successful",
        headers: TOKEN_ANSWER_HEADERS,
        content: { "application/json": { schema: response } },
      },
      ...snapErrorResponses("73", [
        "badRequest",
        "invalidFieldFormat",
        "invalidMandatoryField",
        "unauthorized",
        "tooManyRequests",
        "generalError",
      ]),
    },
  });
}

function camel(text: string): string {
  const words = text
    .replace(/[^A-Za-z0-9 ]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join("");
}
