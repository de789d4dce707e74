import { randomUUID } from "node:crypto";
import http from "node:http";
import { expect } from "vitest";
import type { SnapClient } from "@/lib/clients/snap-client";
import { formatJakarta } from "@/lib/contract/time";
import { hmacSign, rsaSign, serviceStringToSign, tokenStringToSign } from "@/lib/snap/signing";

export interface Answer {
  status: number;
  contentType: string | null;
  connection: string | null;
  text: string;
  body: unknown;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
}

async function toAnswer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    // left undefined: expectEnvelope fails on it
  }
  return {
    status: res.status,
    contentType: res.headers.get("content-type"),
    connection: res.headers.get("connection"),
    text,
    body,
    headers: Object.fromEntries(res.headers),
  };
}

/** fetch, answered as status + text + parsed JSON (whatever the status). */
export async function send(url: string, init: RequestInit & { duplex?: "half" } = {}): Promise<Answer> {
  return toAnswer(await fetch(url, init));
}

/**
 * A signed request through the client's own signing, with header overrides (undefined
 * removes a header). `signBody` lets a test sign other bytes than it sends.
 */
export async function signed(
  client: SnapClient,
  req: {
    method?: string;
    path: string;
    body?: string | Uint8Array;
    headers?: Record<string, string | undefined>;
    signBody?: string | Uint8Array;
    signPath?: string;
  },
): Promise<Answer> {
  const method = req.method ?? "POST";
  const body = req.body ?? "";
  const headers = await signedHeaders(client, {
    method,
    path: req.signPath ?? req.path,
    body: req.signBody ?? body,
    headers: req.headers,
  });
  return send(`${client.baseUrl}${req.path}`, {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : (body as BodyInit),
  });
}

/** The signed headers of one request, over exact bytes; `undefined` in `headers` removes one. */
export async function signedHeaders(
  client: SnapClient,
  req: {
    method: string;
    path: string;
    body: string | Uint8Array;
    headers?: Record<string, string | undefined>;
    externalId?: string;
  },
): Promise<Record<string, string>> {
  const token = await client.accessToken();
  const timestamp = req.headers?.["X-TIMESTAMP"] ?? formatJakarta(new Date());
  const signature = hmacSign(
    client.credentials.clientSecret,
    serviceStringToSign({ method: req.method, path: req.path, accessToken: token, body: req.body, timestamp }),
  );
  const headers: Record<string, string | undefined> = {
    "Content-Type": "application/json",
    Authorization: `Bearer ${token}`,
    "X-TIMESTAMP": timestamp,
    "X-PARTNER-ID": client.credentials.partnerId,
    "X-EXTERNAL-ID": req.externalId ?? randomUUID(),
    "CHANNEL-ID": client.credentials.channelId,
    "X-SIGNATURE": signature,
    ...req.headers,
  };
  return Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined));
}

/** `yyyy-MM-ddTHH:mm:ss.SSS+07:00`, the X-TIMESTAMP of every /v1.0 answer (docs/contract.md §2.2). */
export const ANSWER_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+07:00$/;

/** The answer's X-TIMESTAMP: the contract's format, and the server's clock (within 10 s of ours). */
export function expectAnswerTimestamp(a: Answer): void {
  const ts = a.headers["x-timestamp"];
  expect(ts, `X-TIMESTAMP on a ${a.status} answer`).toMatch(ANSWER_TIMESTAMP);
  expect(Math.abs(Date.parse(ts!) - Date.now())).toBeLessThan(10_000);
}

/**
 * The SNAP envelope: JSON, 7-digit code whose first three digits are the HTTP status, and
 * the X-TIMESTAMP header every /v1.0 answer carries.
 */
export function expectEnvelope(
  a: Answer,
  status: number,
  code?: string,
  message?: string | RegExp,
): { responseCode: string; responseMessage: string } {
  expect(a.body, `not JSON: ${a.text.slice(0, 200)}`).toBeTypeOf("object");
  expectAnswerTimestamp(a);
  const body = a.body as { responseCode: unknown; responseMessage: unknown };
  expect(a.contentType).toMatch(/^application\/json/);
  expect(body.responseCode).toMatch(/^\d{7}$/);
  expect(body.responseMessage).toBeTypeOf("string");
  expect(a.status, `status vs ${String(body.responseCode)} ${String(body.responseMessage)}`).toBe(status);
  expect(Number(String(body.responseCode).slice(0, 3))).toBe(a.status);
  if (code) expect(body.responseCode).toBe(code);
  if (typeof message === "string") expect(body.responseMessage).toBe(message);
  else if (message) expect(body.responseMessage).toMatch(message);
  return body as { responseCode: string; responseMessage: string };
}

/** POST /v1.0/access-token/b2b with everything overridable. */
export async function tokenRequest(
  baseUrl: string,
  creds: { clientKey: string; privateKeyPem: string },
  opts: { headers?: Record<string, string | undefined>; body?: string; timestamp?: string; clientKey?: string } = {},
): Promise<Answer> {
  const timestamp = opts.timestamp ?? formatJakarta(new Date());
  const clientKey = opts.clientKey ?? creds.clientKey;
  const headers: Record<string, string | undefined> = {
    "Content-Type": "application/json",
    "X-TIMESTAMP": timestamp,
    "X-CLIENT-KEY": clientKey,
    "X-SIGNATURE": rsaSign(creds.privateKeyPem, tokenStringToSign(clientKey, timestamp)),
    ...opts.headers,
  };
  return send(`${baseUrl}/v1.0/access-token/b2b`, {
    method: "POST",
    headers: Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined)),
    body: opts.body ?? JSON.stringify({ grantType: "client_credentials" }),
  });
}

/**
 * A request through node:http, which sends header names exactly as written (fetch may
 * normalise them), for the case-insensitivity checks.
 */
export function rawHttp(
  baseUrl: string,
  method: string,
  path: string,
  headers: [string, string][],
  body = "",
): Promise<Answer> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: url.pathname + url.search,
        headers: { ...Object.fromEntries(headers), "Content-Length": String(Buffer.byteLength(body)) },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers["content-type"] ?? null,
            connection: res.headers.connection ?? null,
            text,
            body: parsed,
            headers,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
