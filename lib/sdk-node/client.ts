import { formatJakarta } from "@/lib/contract/time";
import { EMPTY_BODY_HASH, serviceString, tokenStringToSign } from "@/lib/snap/strings-to-sign";
import { ApiError, ConnectionError, NusapayError, SnapApiError } from "./errors";
import { OPERATIONS, type OperationName, type OperationSpec } from "./operations";
import type { CallOptions, OperationMethods } from "./types";
import { hmacSha512Base64, randomId, rsaSignBase64, sha256Hex } from "./web-crypto";

export interface NusapayClientOptions {
  /** The gateway, e.g. https://api.nusapay.example (no trailing path). */
  baseUrl: string;
  partnerId: string;
  clientKey: string;
  clientSecret: string;
  /** Your RSA private key (PKCS#8 `BEGIN PRIVATE KEY` or PKCS#1 `BEGIN RSA PRIVATE KEY`). */
  privateKeyPem: string;
  channelId: string;
  /** sk_…: needed only for the /v1 operations. */
  secretKey?: string;
  /** Retries of a call that is safe to repeat (see docs/sdk.md). Default 2. */
  maxRetries?: number;
  /** Per attempt. Default 30 000. */
  timeoutMs?: number;
  /** First retry's wait; doubled each time. Default 250. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

/** Statuses after which the same request may succeed: overload and the gateway's own faults. */
const RETRYABLE = new Set([429, 500, 502, 503, 504]);
/** 401xx01 Invalid Token: expired, or the gateway restarted; a new token fixes it (401xx00 is a signature fault). */
const INVALID_TOKEN = /^401\d{2}01$/;

class Client {
  private token: { value: string; until: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly opts: Required<Omit<NusapayClientOptions, "secretKey" | "fetch">> & {
    secretKey?: string;
    fetch: typeof fetch;
  };

  constructor(options: NusapayClientOptions) {
    for (const k of ["baseUrl", "partnerId", "clientKey", "clientSecret", "privateKeyPem", "channelId"] as const)
      if (typeof options[k] !== "string" || options[k] === "") throw new TypeError(`NusapayClient: ${k} is required`);
    this.opts = {
      maxRetries: 2,
      timeoutMs: 30_000,
      retryDelayMs: 250,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ""),
      // Bound late so a test or runtime that replaces globalThis.fetch is honoured.
      fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)),
    };
  }

  /** The B2B token: cached, renewed a minute before it lapses, one request however many calls wait. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  /** Drop the cached token; the next call fetches a new one. */
  forgetToken(): void {
    this.token = null;
  }

  private async fetchToken(): Promise<string> {
    const path = "/v1.0/access-token/b2b";
    // A token request changes nothing: always safe to retry.
    const json = await this.attempts(
      true,
      undefined,
      async (signal) => {
        const timestamp = formatJakarta(new Date());
        return this.opts.fetch(`${this.opts.baseUrl}${path}`, {
          method: "POST",
          signal,
          headers: {
            "Content-Type": "application/json",
            "X-TIMESTAMP": timestamp,
            "X-CLIENT-KEY": this.opts.clientKey,
            "X-SIGNATURE": await rsaSignBase64(
              this.opts.privateKeyPem,
              tokenStringToSign(this.opts.clientKey, timestamp),
            ),
          },
          body: JSON.stringify({ grantType: "client_credentials" }),
        });
      },
      "snap",
    );
    const body = json as { accessToken?: string; expiresIn?: string };
    if (typeof body.accessToken !== "string") throw new ConnectionError("token answer without accessToken", 200);
    const ttl = Math.max(0, Number(body.expiresIn ?? "900") - 60) * 1000;
    this.token = { value: body.accessToken, until: Date.now() + ttl };
    return body.accessToken;
  }

  /** Call an operation by name: what every generated method does. */
  async call(name: OperationName, input: Record<string, unknown> = {}, options: CallOptions = {}): Promise<unknown> {
    const spec: OperationSpec = OPERATIONS[name];
    const { path, rest } = fillPath(spec.path, input);
    let target = path;
    if (spec.method === "GET") target += queryString(rest);
    const body = spec.body ? JSON.stringify(rest) : undefined;
    // A GET changes nothing; a signed call keeps its X-EXTERNAL-ID across retries (the gateway
    // refuses a second use with 409 and never acts twice); an Idempotency-Key replays the first answer.
    const safe = spec.method === "GET" || spec.auth === "snap" || spec.idempotencyKey === true;
    const externalId = options.externalId ?? randomId();
    const idempotencyKey = spec.idempotencyKey ? (options.idempotencyKey ?? randomId()) : undefined;
    if (spec.auth === "secretKey" && !this.opts.secretKey)
      throw new TypeError(`NusapayClient: ${name} is a /v1 operation and needs the secretKey option`);
    let renewedToken = false;
    for (;;) {
      try {
        return await this.attempts(
          safe,
          options.signal,
          async (signal) => {
            const headers: Record<string, string> = {};
            if (body !== undefined) headers["Content-Type"] = "application/json";
            if (spec.auth === "snap")
              Object.assign(headers, await this.signed(spec.method, target, body ?? "", externalId));
            if (spec.auth === "secretKey") headers["X-Secret-Key"] = this.opts.secretKey!;
            if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
            return this.opts.fetch(`${this.opts.baseUrl}${target}`, { method: spec.method, headers, body, signal });
          },
          spec.auth === "snap" ? "snap" : "api",
        );
      } catch (err) {
        // The gateway refused the token before doing anything: one new token, one more try.
        if (err instanceof SnapApiError && INVALID_TOKEN.test(err.responseCode) && !renewedToken) {
          renewedToken = true;
          this.forgetToken();
          continue;
        }
        throw err;
      }
    }
  }

  private async signed(
    method: string,
    path: string,
    body: string,
    externalId: string,
  ): Promise<Record<string, string>> {
    const token = await this.accessToken();
    const timestamp = formatJakarta(new Date());
    const bodyHashHex = body === "" ? EMPTY_BODY_HASH : await sha256Hex(body);
    return {
      Authorization: `Bearer ${token}`,
      "X-TIMESTAMP": timestamp,
      "X-PARTNER-ID": this.opts.partnerId,
      "X-EXTERNAL-ID": externalId,
      "CHANNEL-ID": this.opts.channelId,
      "X-SIGNATURE": await hmacSha512Base64(
        this.opts.clientSecret,
        serviceString({ method, path, accessToken: token, bodyHashHex, timestamp }),
      ),
    };
  }

  /** Send, and retry while `safe` allows; a 2xx answer's JSON, or the error it means. */
  private async attempts(
    safe: boolean,
    callerSignal: AbortSignal | undefined,
    send: (signal: AbortSignal) => Promise<Response>,
    family: "snap" | "api",
  ): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const retry = safe && attempt < this.opts.maxRetries;
      const timeout = AbortSignal.timeout(this.opts.timeoutMs);
      const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
      let res: Response;
      let text: string;
      try {
        res = await send(signal);
        text = await res.text();
      } catch (err) {
        if (err instanceof NusapayError) throw err;
        if (callerSignal?.aborted) throw new ConnectionError("aborted", null, { cause: err });
        if (retry) {
          await this.pause(attempt, null);
          continue;
        }
        throw new ConnectionError(`could not reach the gateway: ${String((err as Error)?.message ?? err)}`, null, {
          cause: err,
        });
      }
      const json = parseJson(text);
      if (res.ok) {
        if (json === undefined) throw new ConnectionError(`answer ${res.status} is not JSON`, res.status);
        return json;
      }
      if (retry && RETRYABLE.has(res.status)) {
        await this.pause(attempt, res.headers.get("retry-after"));
        continue;
      }
      throw errorOf(family, res.status, json, text);
    }
  }

  private pause(attempt: number, retryAfter: string | null): Promise<void> {
    const asked = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : 0;
    const ms = Math.min(Math.max(asked, this.opts.retryDelayMs * 2 ** attempt), 10_000);
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorOf(family: "snap" | "api", status: number, json: unknown, text: string): NusapayError {
  const o = (typeof json === "object" && json !== null ? json : {}) as Record<string, unknown>;
  if (family === "snap" && typeof o.responseCode === "string")
    return new SnapApiError(status, o.responseCode, String(o.responseMessage ?? ""), json);
  const e = o.error as Record<string, unknown> | undefined;
  if (family === "api" && e && typeof e === "object" && typeof e.code === "string")
    return new ApiError(
      status,
      String(e.type ?? "api_error"),
      e.code,
      String(e.message ?? ""),
      typeof e.param === "string" ? e.param : null,
      json,
    );
  return new ConnectionError(`answer ${status}: ${text.slice(0, 200)}`, status);
}

function fillPath(template: string, input: Record<string, unknown>): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = rest[name];
    if (typeof v !== "string" || v === "") throw new TypeError(`${template}: ${name} is required`);
    // encodeURIComponent keeps "." and "..", and the URL resolves them: {id: ".."} in
    // /v1/payment-links/{id}/expire would POST /v1/expire with the secret key.
    if (v === "." || v === "..") throw new TypeError(`${template}: ${name} may not be "${v}"`);
    delete rest[name];
    return encodeURIComponent(v);
  });
  return { path, rest };
}

function queryString(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.append(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}

for (const name of Object.keys(OPERATIONS) as OperationName[]) {
  Object.defineProperty(Client.prototype, name, {
    value(this: Client, input?: Record<string, unknown>, options?: CallOptions) {
      return this.call(name, input, options);
    },
    writable: true,
    configurable: true,
  });
}

/** The gateway's client: one typed method per operation (OPERATIONS), plus `accessToken()` and `call()`. */
export type NusapayClient = Client & OperationMethods;
export const NusapayClient = Client as unknown as new (options: NusapayClientOptions) => NusapayClient;
