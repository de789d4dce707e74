import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hmacVerify, serviceStringToSign } from "@/lib/snap/signing";
import { NusapayClient } from "./client";
import { ApiError, ConnectionError, SnapApiError } from "./errors";

const privateKeyPem = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();

type Answer = { status: number; body: unknown } | "network";
interface Seen {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

/** A scripted gateway: answers token requests itself, the other requests from `script` in order. */
function fakeGateway(script: Answer[]) {
  const seen: Seen[] = [];
  let tokens = 0;
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const u = new URL(url);
    const s = {
      method: init.method!,
      path: u.pathname + u.search,
      headers: new Headers(init.headers),
      body: String(init.body ?? ""),
    };
    if (u.pathname === "/v1.0/access-token/b2b") {
      tokens++;
      return Response.json({ responseCode: "2007300", accessToken: `tok${tokens}`, expiresIn: "900" });
    }
    seen.push(s);
    const next = script.shift() ?? { status: 200, body: {} };
    if (next === "network") throw new TypeError("fetch failed");
    return Response.json(next.body, { status: next.status });
  }) as typeof fetch;
  return { seen, fetchImpl, tokens: () => tokens };
}

const client = (fetchImpl: typeof fetch) =>
  new NusapayClient({
    baseUrl: "https://gw.example/",
    partnerId: "partner",
    clientKey: "ck",
    clientSecret: "cs",
    privateKeyPem,
    channelId: "95221",
    secretKey: "sk_test",
    fetch: fetchImpl,
    retryDelayMs: 0,
  });

describe("NusapayClient", () => {
  it("refuses a path parameter that is a dot segment, which the URL would resolve to another operation", async () => {
    // An id taken from a request (`?link=..`): /v1/payment-links/../expire is POST /v1/expire.
    const gw = fakeGateway([]);
    const c = client(gw.fetchImpl);
    for (const id of ["..", "."]) await expect(c.expirePaymentLink({ id } as never), id).rejects.toThrow(TypeError);
    await expect(c.listCustomerPaymentMethods({ customerId: ".." } as never)).rejects.toThrow(TypeError);
    expect(gw.seen).toEqual([]);
    // Dots inside an id are only characters.
    await c.retrievePaymentLink({ id: "a..b" } as never);
    expect(gw.seen.map((s) => s.path)).toEqual(["/v1/payment-links/a..b"]);
  });

  it("signs a SNAP call as the gateway checks it, reusing one cached token", async () => {
    const gw = fakeGateway([
      { status: 200, body: { responseCode: "2002700" } },
      { status: 200, body: {} },
    ]);
    const c = client(gw.fetchImpl);
    await c.inquiryPaymentLink({ partnerReferenceNo: "INV-1" } as never);
    await c.listTransactions({ pageSize: 5 } as never);
    expect(gw.tokens()).toBe(1);
    const [post, get] = gw.seen;
    expect(post!.headers.get("authorization")).toBe("Bearer tok1");
    const ok = (s: Seen) =>
      hmacVerify(
        "cs",
        serviceStringToSign({
          method: s.method,
          path: s.path,
          accessToken: "tok1",
          body: s.body,
          timestamp: s.headers.get("x-timestamp")!,
        }),
        s.headers.get("x-signature")!,
      );
    expect(ok(post!)).toBe(true);
    expect(get!.path).toBe("/v1.0/transaction-history-list?pageSize=5");
    expect(ok(get!)).toBe(true);
  });

  it("retries a SNAP call after a fault with the same X-EXTERNAL-ID, and throws the SNAP code it ends with", async () => {
    const gw = fakeGateway([
      "network",
      { status: 503, body: { responseCode: "5032700", responseMessage: "x" } },
      { status: 409, body: { responseCode: "4092701", responseMessage: "Duplicate partnerReferenceNo" } },
    ]);
    const err = await client(gw.fetchImpl)
      .createPaymentLink({} as never)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SnapApiError);
    expect(err).toMatchObject({ status: 409, responseCode: "4092701", kind: "snap" });
    expect(new Set(gw.seen.map((s) => s.headers.get("x-external-id"))).size).toBe(1);
    expect(gw.seen).toHaveLength(3);
  });

  it("fetches a new token once on 401xx01 and not on 401xx00", async () => {
    const gw = fakeGateway([
      { status: 401, body: { responseCode: "4012701", responseMessage: "Invalid Token (B2B)" } },
      { status: 200, body: { responseCode: "2002700" } },
      { status: 401, body: { responseCode: "4012700", responseMessage: "Unauthorized" } },
    ]);
    const c = client(gw.fetchImpl);
    await c.createPaymentLink({} as never);
    expect(gw.seen[1]!.headers.get("authorization")).toBe("Bearer tok2");
    await expect(c.createPaymentLink({} as never)).rejects.toMatchObject({ responseCode: "4012700" });
    expect(gw.seen).toHaveLength(3);
  });

  it("never retries a /v1 POST without an Idempotency-Key", async () => {
    const gw = fakeGateway(["network"]);
    await expect(client(gw.fetchImpl).createPaymentLinkV1({} as never)).rejects.toBeInstanceOf(ConnectionError);
    expect(gw.seen).toHaveLength(1);
  });

  it("retries a /v1 POST that takes an Idempotency-Key with the same key, and a GET", async () => {
    const gw = fakeGateway([
      { status: 500, body: { error: { type: "api_error", code: "internal", message: "x", param: null } } },
      { status: 200, body: { id: "pi_1" } },
      "network",
      { status: 200, body: { id: "pi_1" } },
    ]);
    const c = client(gw.fetchImpl);
    await c.createPaymentIntent({ amount: 1000 } as never, { idempotencyKey: "order-7" });
    expect(gw.seen.map((s) => s.headers.get("idempotency-key"))).toEqual(["order-7", "order-7"]);
    expect(gw.seen[0]!.headers.get("x-secret-key")).toBe("sk_test");
    await c.retrievePaymentIntent({ id: "pi 1" });
    expect(gw.seen[3]!.path).toBe("/v1/payment-intents/pi%201");
  });

  it("throws a /v1 error as ApiError with its type, code and param", async () => {
    const gw = fakeGateway([
      {
        status: 400,
        body: { error: { type: "invalid_request_error", code: "invalid", message: "m", param: "amount" } },
      },
    ]);
    await expect(client(gw.fetchImpl).createPaymentIntent({} as never)).rejects.toEqual(
      expect.objectContaining({ constructor: ApiError, status: 400, code: "invalid", param: "amount", kind: "api" }),
    );
  });
});
