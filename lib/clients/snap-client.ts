import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { hmacSign, rsaSign, serviceStringToSign, tokenStringToSign } from "@/lib/snap/signing";
import { formatJakarta } from "@/lib/contract/time";

/** What a partner needs to call the signed family: exactly the credentials file's fields. */
export interface SnapCredentials {
  partnerId: string;
  clientKey: string;
  clientSecret: string;
  channelId: string;
  privateKeyPem: string;
}

export interface SnapResult<T> {
  status: number;
  body: T;
}

/** A SNAP error answer, thrown by `call` for any non-2xx status. */
export class SnapClientError extends Error {
  constructor(
    readonly status: number,
    readonly responseCode: string,
    readonly responseMessage: string,
  ) {
    super(`${status} ${responseCode} ${responseMessage}`);
    this.name = "SnapClientError";
  }
}

export interface RawRequest {
  method: string;
  path: string;
  /** Sent as is: the exact bytes that are hashed and signed. */
  body?: string;
  headers?: Record<string, string | undefined>;
  /** Override what is signed (tests of the signature check). */
  sign?: boolean;
}

/**
 * Signing client for the /v1.0 family: B2B token (RSA), cached until shortly before it
 * expires; every call HMAC-signed over the exact body bytes sent.
 */
export class SnapClient {
  private token: { value: string; until: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(
    readonly baseUrl: string,
    readonly credentials: SnapCredentials,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    // One token request at a time, however many calls wait for it.
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const timestamp = formatJakarta(new Date());
    const res = await this.fetchImpl(`${this.baseUrl}/v1.0/access-token/b2b`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-TIMESTAMP": timestamp,
        "X-CLIENT-KEY": this.credentials.clientKey,
        "X-SIGNATURE": rsaSign(
          this.credentials.privateKeyPem,
          tokenStringToSign(this.credentials.clientKey, timestamp),
        ),
      },
      body: JSON.stringify({ grantType: "client_credentials" }),
    });
    const body = (await res.json()) as {
      responseCode: string;
      responseMessage: string;
      accessToken?: string;
      expiresIn?: string;
    };
    if (!res.ok || !body.accessToken) throw new SnapClientError(res.status, body.responseCode, body.responseMessage);
    // Renew a minute early so a call never goes out with a token about to lapse.
    const ttl = Math.max(0, Number(body.expiresIn ?? "900") - 60) * 1000;
    this.token = { value: body.accessToken, until: Date.now() + ttl };
    return body.accessToken;
  }

  forgetToken(): void {
    this.token = null;
  }

  /** Signed headers for one request; exposed so tests and tools can send odd requests. */
  async signedHeaders(
    method: string,
    path: string,
    body: string,
    overrides: Record<string, string | undefined> = {},
  ): Promise<Record<string, string>> {
    const token = await this.accessToken();
    const timestamp = overrides["X-TIMESTAMP"] ?? formatJakarta(new Date());
    const signature = hmacSign(
      this.credentials.clientSecret,
      serviceStringToSign({ method, path, accessToken: token, body, timestamp }),
    );
    const headers: Record<string, string | undefined> = {
      "Content-Type": "application/json",
      Authorization: `Bearer ${token}`,
      "X-TIMESTAMP": timestamp,
      "X-PARTNER-ID": this.credentials.partnerId,
      "X-EXTERNAL-ID": randomUUID(),
      "CHANNEL-ID": this.credentials.channelId,
      "X-SIGNATURE": signature,
      ...overrides,
    };
    return Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined));
  }

  /** Send a request as given and return status + parsed JSON, whatever the status. */
  async raw(req: RawRequest): Promise<SnapResult<unknown>> {
    const body = req.body ?? "";
    const headers =
      req.sign === false
        ? Object.fromEntries(Object.entries(req.headers ?? {}).filter((e): e is [string, string] => e[1] !== undefined))
        : await this.signedHeaders(req.method, req.path, body, req.headers);
    const res = await this.fetchImpl(`${this.baseUrl}${req.path}`, {
      method: req.method,
      headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: hand back the text; callers assert on it
    }
    return { status: res.status, body: parsed };
  }

  /** A signed call whose 200 answer is parsed with `schema`; errors throw SnapClientError. */
  async call<S extends z.ZodType>(method: string, path: string, payload: unknown, schema: S): Promise<z.output<S>> {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    let res = await this.raw({ method, path, body });
    if (res.status === 401 && isCode(res.body, /^401\d{2}01$/)) {
      // 401xx01 Invalid Token: expired, or the gateway restarted with a fresh store. One new
      // token, one retry. (Only this case: 401xx00 is a signature fault a retry cannot fix.)
      this.forgetToken();
      res = await this.raw({ method, path, body });
    }
    if (res.status < 200 || res.status >= 300) {
      const b = (res.body ?? {}) as { responseCode?: string; responseMessage?: string };
      throw new SnapClientError(res.status, b.responseCode ?? "", b.responseMessage ?? String(res.body));
    }
    return schema.parse(res.body);
  }
}

function isCode(body: unknown, pattern: RegExp): boolean {
  return (
    typeof body === "object" && body !== null && pattern.test(String((body as { responseCode?: unknown }).responseCode))
  );
}
