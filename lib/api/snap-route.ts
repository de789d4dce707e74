import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { type z } from "zod";
import { inTransaction, type Executor, type GatewayContext } from "@/lib/gateway/context";
import { externalIdTaken, recordExternalId } from "@/lib/gateway/requests/external-ids";
import { authenticateToken, liveClientSecrets, type Partner, type PartnerKind } from "@/lib/gateway/merchants/partners";
import { successCode, SnapError, type ServiceCode } from "@/lib/snap/codes";
import { checkTimestampWindow, readServiceHeaders, type SnapHeaders } from "@/lib/snap/headers";
import { hmacVerify, serviceStringToSign } from "@/lib/snap/signing";
import { formatJakartaMillis } from "@/lib/contract/time";
import { parseJsonBody, queryParams, readRawBody } from "./body";
import type { ApiEnv } from "./env";
import { toSnapAnswer, zodToSnapError } from "./errors";
import { snapOperation } from "./openapi/snap-operation";
import type { RateLimiter } from "./rate-limit";

export interface SnapCall<B, Q> {
  gw: GatewayContext;
  tx: Executor;
  partner: Partner;
  body: B;
  query: Q;
  params: Record<string, string>;
  headers: SnapHeaders;
}

export interface SnapRoute<BS extends z.ZodType, QS extends z.ZodType, RS extends z.ZodType> {
  method: "get" | "post" | "put" | "delete";
  path: string;
  service: ServiceCode;
  summary: string;
  tag: string;
  /** Which kinds of partner may call it; others get 403xx01 Feature Not Allowed. */
  partners: readonly PartnerKind[];
  /**
   * A lookup of records by reference: any partner may ask, and the domain finds only the
   * caller's own records, so another partner's reference answers as not found (docs/contract.md §2.4),
   * the same as one that does not exist. `partners` then lists who has records here.
   */
  scopedLookup?: boolean;
  /** "Success" on the payment-link family (docs/contract.md §12.9), "Successful" elsewhere. */
  successMessage?: string;
  body?: BS;
  query?: QS;
  /** The success answer without the envelope; parsed before it is sent. */
  response: RS;
  handler: (call: SnapCall<z.output<BS>, z.output<QS>>) => Promise<z.input<RS>>;
  /**
   * The handler only reads (Inquiry, Method, the status and history lookups). It then runs
   * on the database without a transaction and the X-EXTERNAL-ID is claimed after it: two
   * round trips instead of four, with the same answers (readThenRecord). A write in such a
   * handler would not be atomic with the claim, so only pure reads are marked.
   */
  readOnly?: boolean;
  /**
   * Checks that wait on the outside world (a DNS lookup), run before the transaction opens:
   * a slow resolver must not hold a connection — on PGlite, every other request — meanwhile.
   */
  precheck?: (gw: GatewayContext, body: z.output<BS>) => Promise<void>;
  /** Runs once the handler's transaction has committed (e.g. wake the callback worker). */
  afterCommit?: (gw: GatewayContext) => void;
  /**
   * Runs after the business step refused a well-formed, authenticated request with a SNAP
   * error and its transaction rolled back (a read-only step has none): a chance to record the
   * refusal itself.
   */
  onRefusal?: (gw: GatewayContext, call: { partner: Partner; body: z.output<BS> }, err: SnapError) => Promise<void>;
}

export function defineSnapRoute<
  BS extends z.ZodType = z.ZodUndefined,
  QS extends z.ZodType = z.ZodUndefined,
  RS extends z.ZodType = z.ZodType,
>(route: SnapRoute<BS, QS, RS>): SnapRoute<BS, QS, RS> {
  return route;
}

/**
 * Every answer under /v1.0 carries X-TIMESTAMP, the gateway's clock in Jakarta time with
 * milliseconds (docs/contract.md §2.2; the SNAP standard marks it mandatory on responses). Set once
 * here, after everything else has answered, so the token, every operation's success and
 * error, unknown paths (notFound), faults (onError) and 429s all get it. Mount it first.
 */
export function stampSnapAnswers(app: OpenAPIHono<ApiEnv>, gw: GatewayContext): void {
  app.use("/v1.0/*", async (c, next) => {
    await next();
    c.header("X-TIMESTAMP", formatJakartaMillis(gw.now()));
  });
}

/**
 * The one wrapper for the signed family. In order: body bytes (≤ 64 KiB), header fields,
 * token, timestamp window, partner id, HMAC over the raw bytes (constant time), scope,
 * rate limit, JSON, zod; then the business step in one transaction together with the
 * X-EXTERNAL-ID record, so a fault leaves neither half behind (a read-only step: the read,
 * then the record).
 */
export function mountSnapRoute<BS extends z.ZodType, QS extends z.ZodType, RS extends z.ZodType>(
  app: OpenAPIHono<ApiEnv>,
  route: SnapRoute<BS, QS, RS>,
  deps: { gw: GatewayContext; limiter: RateLimiter },
): void {
  const { gw, limiter } = deps;
  app.openAPIRegistry.registerPath(snapOperation(route));

  const handle = async (c: Context<ApiEnv>) => {
    let refusable: { partner: Partner; body: z.output<BS> } | null = null;
    try {
      const raw = await readRawBody(c);
      const headers = readServiceHeaders((name) => c.req.header(name));
      if (!headers.accessToken) throw new SnapError("invalidToken");
      const partner = await authenticateToken(gw, headers.accessToken);
      const now = gw.now();
      checkTimestampWindow(headers.timestampDate, now, gw.config.timestampSkewSeconds);
      if (headers.partnerId !== partner.id)
        throw new SnapError("unauthorized", "X-PARTNER-ID does not match the token");
      if (!headers.signature) throw new SnapError("unauthorized", "X-SIGNATURE missing");
      const url = new URL(c.req.url);
      const stringToSign = serviceStringToSign({
        method: c.req.method,
        path: url.pathname + url.search,
        accessToken: headers.accessToken,
        body: raw,
        timestamp: headers.timestamp,
      });
      if (
        !liveClientSecrets(partner, now.getTime()).some((secret) =>
          hmacVerify(secret, stringToSign, headers.signature!),
        )
      ) {
        throw new SnapError("unauthorized", "Signature");
      }
      if (!route.partners.includes(partner.kind) && !route.scopedLookup)
        throw new SnapError("featureNotAllowed", `not available to ${partner.kind} clients`);
      if (!limiter.take(partner.id)) throw new SnapError("tooManyRequests");

      const body = parseBody(route.body, parseJsonBody(raw));
      const query = parseBody(route.query, queryParams(url));
      refusable = { partner, body };
      await route.precheck?.(gw, body);
      const call = (tx: Executor) =>
        route.handler({ gw, tx, partner, body, query, params: c.req.param() as Record<string, string>, headers });
      const result = route.readOnly
        ? await readThenRecord(gw, partner.id, headers.externalId, now, () => call(gw.db))
        : await inTransaction(gw.db, async (tx) => {
            await recordExternalId(tx, partner.id, headers.externalId, now);
            return call(tx);
          });
      route.afterCommit?.(gw);
      const payload = {
        responseCode: successCode(route.service),
        responseMessage: route.successMessage ?? "Successful",
        ...(route.response.parse(result) as object),
      };
      return c.json(payload, 200);
    } catch (err) {
      if (refusable && route.onRefusal && err instanceof SnapError) {
        await route
          .onRefusal(gw, refusable, err)
          .catch((e: unknown) => gw.log.warn({ err: e, path: c.req.path }, "recording a refusal failed"));
      }
      const answer = toSnapAnswer(err, route.service);
      if (answer.unexpected) gw.log.error({ err, path: c.req.path, service: route.service }, "unexpected fault");
      return c.json(answer.body, answer.status as 400);
    }
  };
  app.on(route.method.toUpperCase(), route.path, handle);
}

/**
 * A read-only operation, answered as the transaction would answer it: the read first, then
 * the X-EXTERNAL-ID claimed by one insert, so a read that fails leaves the id unused (as the
 * rollback did) and a reused id still answers 409 (the insert's primary key decides races).
 * A read that fails (a refusal such as 404, or a fault) still answers 409 when the id was
 * already taken, as it did when the claim came first; that check runs only on failures, and
 * if it cannot be made the read's own error stands. (The bench's storage ceiling captures the
 * Inquiry's statements through it: bench/kit.ts.)
 */
export async function readThenRecord<T>(
  gw: GatewayContext,
  partnerId: string,
  externalId: string,
  now: Date,
  read: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await read();
  } catch (err) {
    let taken = false;
    try {
      taken = await externalIdTaken(gw.db, partnerId, externalId, now);
    } catch (checkErr) {
      gw.log.warn({ err: checkErr }, "could not check a failed read's X-EXTERNAL-ID");
    }
    if (!taken) throw err;
    // The answer is 409, as it would have been; a fault behind it is still logged.
    if (!(err instanceof SnapError)) gw.log.error({ err }, "unexpected fault (answered 409: X-EXTERNAL-ID reused)");
    throw new SnapError("conflict");
  }
  await recordExternalId(gw.db, partnerId, externalId, now);
  return result;
}

function parseBody<S extends z.ZodType>(schema: S | undefined, value: unknown): z.output<S> {
  if (!schema) return undefined as z.output<S>;
  const input = value ?? {};
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw zodToSnapError(parsed.error, input);
  return parsed.data;
}
