import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { inTransaction, type Executor, type GatewayContext } from "@/lib/gateway/context";
import { requestHash, withIdempotency } from "@/lib/gateway/requests/idempotency";
import type { Partner } from "@/lib/gateway/merchants/partners";
import type { ConsoleSession } from "@/lib/gateway/merchants/console-users";
import { decodeUtf8, parseJsonText, queryParams, readRawBody } from "./body";
import type { ApiEnv } from "./env";
import { v1ErrorExamples } from "./openapi/v1-examples";
import { authenticateMerchant } from "./merchant-auth";
import { authenticateSecretKey } from "./v1-auth";
import { toV1Answer, V1Error, zodToV1Error, type V1Code } from "./v1-errors";

/**
 * Who may call: `secretKey` — a merchant's `X-Secret-Key: sk_…`; `clientSecret` — the payer's
 * browser holding an intent's client secret (checked by the business step; CORS allowed);
 * `merchant` — a merchant's sk_ key or a console session (`Authorization: Bearer cs_…`);
 * `session` — a console session only; `none` — anyone.
 */
export type V1Auth = "secretKey" | "clientSecret" | "merchant" | "session" | "none";

export interface V1Call<A extends V1Auth, B, Q, P> {
  gw: GatewayContext;
  c: Context<ApiEnv>;
  /** A transaction for every method but GET (the Idempotency-Key's, when there is one); the database for GET. */
  tx: Executor;
  partner: A extends "secretKey" | "merchant" | "session" ? Partner : null;
  /** The console session and its token when the caller is one (auth `merchant` or `session`). */
  session: A extends "session" ? ConsoleSession : ConsoleSession | null;
  token: A extends "session" ? string : string | null;
  /** The intent's client secret (body `clientSecret`, or the X-Client-Secret header) when auth is `clientSecret`. */
  clientSecret: A extends "clientSecret" ? string : null;
  body: B;
  query: Q;
  params: P;
}

/** An answer other than 200 that the business step gives on purpose (e.g. 402 with the declined intent). */
export class V1Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

type Method = "get" | "post" | "put" | "patch" | "delete";
type AnyObject = z.ZodObject;

export interface V1Route<
  A extends V1Auth,
  BS extends z.ZodType,
  QS extends z.ZodType,
  PS extends z.ZodType,
  RS extends z.ZodType,
> {
  method: Method;
  /** OpenAPI form: `/v1/payment-intents/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  auth: A;
  body?: BS;
  query?: QS;
  /** Path parameters. A value that fails them cannot name a record: 404 resource_missing. */
  params?: PS;
  /** Said for a path parameter that cannot name a record ("No such payment intent."). */
  notFoundMessage?: string;
  /** The success answer; parsed before it is sent. */
  response: RS;
  /** Its status: 200, or 201 for a route that makes something (sign-in, a link, a resent delivery). */
  status?: 200 | 201;
  /**
   * The business step opens its own transactions (or needs none): the wrapper runs it on the
   * database, not inside a transaction of its own (PGlite has one connection, so a step that
   * reads through `gw.db` inside the wrapper's transaction would wait for itself).
   */
  ownTransactions?: true;
  /**
   * Changes what the account's keys can do (rotations, the callback URL): a secret key in its
   * grace period after a rotation is refused here (lib/api/v1-auth.ts); a console session is not.
   */
  currentKeyOnly?: true;
  responseDescription: string;
  /** Answers besides 200 that the handler returns as a V1Reply, for the document. */
  replies?: Record<number, { description: string; schema: z.ZodType; example?: unknown }>;
  /** The /v1 codes the business step may answer; the wrapper adds its own (auth, body, idempotency). */
  errors: readonly V1Code[];
  /**
   * Accept an Idempotency-Key (docs/contract.md §3.1): the first definitive answer is kept and replayed
   * byte for byte, the key bound (keyed hash) to method, path and body bytes.
   */
  idempotency?: {
    /** Which answers are definitive (default: 2xx). */
    keep?: (status: number) => boolean;
    /** What of the answer is written down (secrets out), and how a replay restores it. */
    seal?: (body: unknown) => unknown;
    unseal?: (gw: GatewayContext, body: unknown) => unknown;
    /** Whose key space the key lives in when no secret key names the caller (confirm). */
    owner?: (call: V1Call<A, z.output<BS>, z.output<QS>, z.output<PS>>) => Promise<string>;
  };
  /** Runs once the business step's transaction has committed (e.g. wake the callback worker). */
  afterCommit?: (gw: GatewayContext) => void;
  handler: (call: V1Call<A, z.output<BS>, z.output<QS>, z.output<PS>>) => Promise<z.input<RS> | V1Reply>;
}

/** Typed in one place, so a route file is a plain object literal. */
export function defineV1Route<
  A extends V1Auth,
  BS extends z.ZodType = z.ZodUndefined,
  QS extends z.ZodType = z.ZodUndefined,
  PS extends z.ZodType = z.ZodUndefined,
  RS extends z.ZodType = z.ZodType,
>(route: V1Route<A, BS, QS, PS, RS>): V1Route<A, BS, QS, PS, RS> {
  return route;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of routes of any shapes, each checked where defined
export type AnyV1Route = V1Route<V1Auth, any, any, any, any>;

/** Browsers call the client-secret routes from the merchant's own page. */
const corsHeaders = (method: string) => ({
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "Content-Type, Idempotency-Key, X-Client-Secret",
  // Each path has one client-secret route: confirm (POST), a customer's cards (GET), one card (DELETE).
  "Access-Control-Allow-Methods": `${method.toUpperCase()}, OPTIONS`,
});

const IdempotencyHeaders = z.object({
  "Idempotency-Key": z.string().max(255).optional().meta({
    description:
      "Replays the first definitive answer to this request for 24 h; the same key with another method, path or body answers 409.",
    example: "order-1042-create",
  }),
});

/** The codes the wrapper itself may answer, by what the route declares. */
function wrapperCodes(route: AnyV1Route): V1Code[] {
  const codes: V1Code[] = [];
  if (route.auth === "secretKey" || route.auth === "merchant") codes.push("invalid_api_key");
  if (route.auth === "merchant" || route.auth === "session") codes.push("session_expired");
  if (route.method !== "get") codes.push("body_too_large", "invalid_json");
  if (route.body) codes.push("parameter_missing", "parameter_invalid");
  if (route.query) codes.push("parameter_invalid");
  if (route.params) codes.push("resource_missing");
  if (route.idempotency) codes.push("parameter_invalid", "idempotency_key_in_use");
  codes.push("internal_error");
  return codes;
}

const SECURITY: Record<V1Auth, Record<string, string[]>[]> = {
  secretKey: [{ secretKey: [] }],
  clientSecret: [{ clientSecret: [] }],
  merchant: [{ secretKey: [] }, { consoleSession: [] }],
  session: [{ consoleSession: [] }],
  none: [],
};

/** The OpenAPI operation of a route: its parameters, success, replies and every error, with examples. */
export function v1Operation(route: AnyV1Route) {
  const codes = [...new Set([...wrapperCodes(route), ...route.errors])];
  return createRoute({
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: [route.tag],
    security: SECURITY[route.auth],
    request: {
      ...(route.params ? { params: route.params as AnyObject } : {}),
      ...(route.query ? { query: route.query as AnyObject } : {}),
      ...(route.idempotency ? { headers: IdempotencyHeaders } : {}),
      ...(route.body ? { body: { content: { "application/json": { schema: route.body } }, required: true } } : {}),
    },
    responses: {
      [route.status ?? 200]: {
        description: route.responseDescription,
        content: { "application/json": { schema: route.response } },
      },
      ...Object.fromEntries(
        Object.entries(route.replies ?? {}).map(([status, r]) => [
          status,
          {
            description: r.description,
            content: { "application/json": { schema: r.schema, ...(r.example ? { example: r.example } : {}) } },
          },
        ]),
      ),
      ...v1ErrorExamples(codes, route.replies ? Object.keys(route.replies).map(Number) : []),
    },
  });
}

/**
 * The one wrapper of the /v1 family. In order: auth (secret key), path parameters, body bytes
 * (≤ 64 KiB, streamed, chunked or not), JSON (depth-bounded), zod, query; then the business
 * step in one transaction with its Idempotency-Key record; every refusal in the /v1 error
 * object, its status decided from its code in one table (v1-errors.ts).
 */
export function mountV1Route(app: OpenAPIHono<ApiEnv>, route: AnyV1Route, gw: GatewayContext): void {
  app.openAPIRegistry.registerPath(v1Operation(route));
  const honoPath = route.path.replace(/\{(\w+)\}/g, ":$1");
  const cors = route.auth === "clientSecret";
  const CORS = corsHeaders(route.method);
  if (cors) app.options(honoPath, (c) => c.body(null, 204, CORS));

  const handle = async (c: Context<ApiEnv>) => {
    if (cors) for (const [k, v] of Object.entries(CORS)) c.header(k, v);
    try {
      const merchant =
        route.auth === "merchant" || route.auth === "session"
          ? await authenticateMerchant(c, gw, {
              sessionOnly: route.auth === "session",
              currentKeyOnly: route.currentKeyOnly,
            })
          : null;
      const partner = route.auth === "secretKey" ? await authenticateSecretKey(c, gw) : (merchant?.partner ?? null);
      const params = parse(route.params, c.req.param(), (e) => notFound(route, e));
      const raw = route.method === "get" ? "" : decodeUtf8(await readRawBody(c));
      const body = route.body ? parseJson(route.body, raw) : undefined;
      const query = route.query
        ? parse(route.query, queryParams(new URL(c.req.url)), (e, input) => zodToV1Error(e, input))
        : undefined;
      const clientSecret = route.auth === "clientSecret" ? clientSecretOf(c, body) : null;
      const session = merchant?.session ?? null;
      const token = merchant?.token ?? null;
      const call = { gw, c, tx: gw.db, partner, session, token, clientSecret, body, query, params } as V1Call<
        V1Auth,
        unknown,
        unknown,
        unknown
      >;

      const run = async (tx: Executor) => {
        const result = await route.handler({ ...call, tx });
        if (result instanceof V1Reply) return { status: result.status, body: result.body };
        return { status: route.status ?? 200, body: route.response.parse(result) as unknown };
      };
      let answer: { status: number; body: unknown };
      if (route.method === "get" || route.ownTransactions) answer = await run(gw.db);
      else if (!route.idempotency) answer = await inTransaction(gw.db, run);
      else {
        const idem = route.idempotency;
        const key = c.req.header("idempotency-key");
        // The key is bound to the path as the route names it (the id as matched), and the body bytes.
        const path = route.path.replace(
          /\{(\w+)\}/g,
          (_, name: string) => (params as Record<string, string>)[name] ?? "",
        );
        answer = await withIdempotency(
          gw,
          {
            partnerId: partner?.id ?? (key && idem.owner ? await idem.owner(call) : ""),
            key,
            requestHash: requestHash(gw, route.method.toUpperCase(), path, raw),
            ...(idem.keep ? { keep: idem.keep } : {}),
            ...(idem.seal ? { seal: idem.seal } : {}),
            ...(idem.unseal ? { unseal: (b: unknown) => idem.unseal!(gw, b) } : {}),
          },
          run,
        );
      }
      route.afterCommit?.(gw);
      return c.json(answer.body as object, answer.status as 200);
    } catch (err) {
      const answer = toV1Answer(err, gw, c);
      return c.json(answer.body, answer.status);
    }
  };
  app.on(route.method.toUpperCase(), honoPath, handle);
}

/**
 * The client secret of a browser call: the body's `clientSecret` (what the SDK sends), or the
 * X-Client-Secret header (what a generated client's security scheme sends); both must agree.
 */
function clientSecretOf(c: Context, body: unknown): string {
  const inBody =
    body && typeof body === "object" && "clientSecret" in body && typeof body.clientSecret === "string"
      ? body.clientSecret
      : undefined;
  const inHeader = c.req.header("x-client-secret")?.trim() || undefined;
  if (inBody !== undefined && inHeader !== undefined && inBody !== inHeader)
    throw new V1Error("parameter_invalid", "clientSecret: the body and X-Client-Secret differ.", "clientSecret");
  const secret = inBody ?? inHeader;
  if (!secret) throw new V1Error("parameter_missing", "clientSecret: send the intent's client secret.", "clientSecret");
  return secret;
}

function notFound(route: AnyV1Route, error: z.ZodError): V1Error {
  const name = error.issues[0]?.path[0];
  return new V1Error(
    "resource_missing",
    route.notFoundMessage ?? "No such resource.",
    typeof name === "string" ? name : null,
  );
}

function parse<S extends z.ZodType>(
  schema: S | undefined,
  input: unknown,
  refuse: (e: z.ZodError, input: unknown) => V1Error,
): z.output<S> {
  if (!schema) return undefined as z.output<S>;
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw refuse(parsed.error, input);
  return parsed.data;
}

/** The body's JSON (an empty body is `{}`), validated; the bytes' faults first (BodyError). */
function parseJson<S extends z.ZodType>(schema: S, raw: string): z.output<S> {
  const json = parseJsonText(raw) ?? {};
  return parse(schema, json, zodToV1Error);
}
