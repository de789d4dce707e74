import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient, SnapClient } from "@/lib/clients/gateway-client";
import { generateRsaKeyPair } from "@/lib/gateway/vault";
import { hmacSign, serviceStringToSign } from "@/lib/snap/signing";

const otherKey = generateRsaKeyPair().privateKeyPem;
import { formatJakarta } from "@/lib/contract/time";
import { linkRequest } from "@/tests/support/factories";
import { DB_KINDS, startServer, type RunningServer } from "@/tests/support/server";
import {
  expectAnswerTimestamp,
  expectEnvelope,
  rawHttp,
  send,
  signed,
  signedHeaders,
  tokenRequest,
  type Answer,
} from "@/tests/support/snap-http";

const INQUIRY = "/v1.0/payment-link/inquiry";
const CREATE = "/v1.0/payment-link/create";
const METHOD = "/v1.0/payment-link/payment-method";

/**
 * The signed family's error table (docs/contract.md §2.3), from outside the process, on both
 * databases. Every answer is also checked for the envelope rule: JSON, a 7-digit
 * responseCode whose first three digits are the HTTP status, and a responseMessage.
 */
describe.each(DB_KINDS)("SNAP security on %s", (db) => {
  let srv: RunningServer;
  /** TOKEN_TTL_SECONDS=2 and RATE_LIMIT_RPS=1: for token expiry and the rate limit. */
  let strict: RunningServer;
  let merchant: SnapClient;
  let checkout: SnapClient;
  let demoLinkId: string;

  const inquiry = (client: SnapClient, opts: Parameters<typeof signed>[1] extends infer R ? Partial<R> : never = {}) =>
    signed(client, { path: INQUIRY, body: JSON.stringify({ additionalInfo: { paymentLinkId: demoLinkId } }), ...opts });

  beforeAll(async () => {
    [srv, strict] = await Promise.all([
      startServer({ db }),
      startServer({ db, env: { TOKEN_TTL_SECONDS: "2", RATE_LIMIT_RPS: "1" } }),
    ]);
    merchant = srv.merchant.snap;
    checkout = new GatewayClient(srv.baseUrl, srv.checkout, srv.validator.fetch()).snap;
    demoLinkId = srv.credentials.demoLinks[0]!.paymentLinkId;
  });
  afterAll(async () => {
    const codes = await Promise.all([srv?.stop(), strict?.stop()]);
    expect(codes).toEqual([0, 0]);
  });

  it("answers a correctly signed inquiry (the baseline every case below departs from)", async () => {
    const a = await inquiry(merchant);
    expectEnvelope(a, 200, "2002700", "Success");
    expect((a.body as { paymentLinkData: { paymentLinkId: string } }).paymentLinkData.paymentLinkId).toBe(demoLinkId);
  });

  describe("400: body and fields", () => {
    it.each([
      ["truncated JSON", '{"additionalInfo":{"paymentLinkId":'],
      ["a trailing comma", '{"partnerReferenceNo":"x",}'],
      ["not JSON at all", "partnerReferenceNo=x"],
    ])("%s → 4002700 Bad Request (signed over the broken bytes)", async (_, body) => {
      expectEnvelope(await signed(merchant, { path: INQUIRY, body }), 400, "4002700", "Bad Request");
    });

    it("invalid UTF-8 → 4002700", async () => {
      const body = new Uint8Array([...Buffer.from('{"partnerReferenceNo":"'), 0xc3, 0x28, ...Buffer.from('"}')]);
      expectEnvelope(await signed(merchant, { path: INQUIRY, body }), 400, "4002700");
    });

    it("a body of exactly 64 KiB is read; one byte more → 4002700", async () => {
      const padded = (size: number) => {
        const base = JSON.stringify({ partnerReferenceNo: "no-such-ref", pad: "" });
        return JSON.stringify({ partnerReferenceNo: "no-such-ref", pad: "x".repeat(size - base.length) });
      };
      expect(Buffer.byteLength(padded(65_536))).toBe(65_536);
      // passes the size check and validation (unknown keys are ignored), then finds nothing
      expectEnvelope(await signed(merchant, { path: INQUIRY, body: padded(65_536) }), 404, "4042701");
      const over = await signed(merchant, { path: INQUIRY, body: padded(65_537) });
      expectEnvelope(over, 400, "4002700", "Bad Request");
      expect(over.connection).toBe("close"); // the unread rest must not poison a reused connection
    });

    it("a 1 MiB body with Content-Length → 4002700", async () => {
      const body = JSON.stringify({ partnerReferenceNo: "x", pad: "y".repeat(1 << 20) });
      expectEnvelope(await signed(merchant, { path: INQUIRY, body }), 400, "4002700");
    });

    it("an oversized chunked body (no Content-Length) → 4002700", async () => {
      const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
      const full = new Uint8Array(chunk.length * 6);
      for (let i = 0; i < 6; i++) full.set(chunk, i * chunk.length);
      const headers = await signedHeaders(merchant, { method: "POST", path: INQUIRY, body: full });
      let i = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (i++ < 6) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const a = await send(`${srv.baseUrl}${INQUIRY}`, { method: "POST", headers, body: stream, duplex: "half" });
      expectEnvelope(a, 400, "4002700");
    });

    it.each([
      ["a number for a string", { ...linkRequest(), trxId: 42 }, "Invalid Field Format trxId"],
      [
        "a string for a number",
        linkRequest({
          additionalInfo: { itemDetails: [{ name: "x", price: "1.00", quantity: "1" as unknown as number }] },
        }),
        "Invalid Field Format additionalInfo.itemDetails[0].quantity",
      ],
      [
        "a float price",
        linkRequest({ additionalInfo: { itemDetails: [{ name: "x", price: "1.5", quantity: 1 }] } }),
        "Invalid Field Format additionalInfo.itemDetails[0].price",
      ],
      [
        "a price beyond the safe range",
        linkRequest({ additionalInfo: { itemDetails: [{ name: "x", price: "999999999999999.00", quantity: 1 }] } }),
        "Invalid Field Format additionalInfo.itemDetails[0].price",
      ],
      [
        "a fee beyond the safe range",
        linkRequest({ additionalInfo: { customFees: [{ text: "x", value: "-999999999999999.00" }] } }),
        "Invalid Field Format additionalInfo.customFees[0].value",
      ],
      [
        "a U+0000 in a text field",
        linkRequest({ additionalInfo: { invoiceTitle: "Kopi\u0000" } }),
        "Invalid Field Format additionalInfo.invoiceTitle",
      ],
      ["an array body", [], "Invalid Field Format body"],
      [
        "an expiredDate of February 31st",
        linkRequest({ expiredDate: "2027-02-31T10:00:00+07:00" }),
        "Invalid Field Format expiredDate",
      ],
    ])("%s → 4002701 naming the field", async (_, req, message) => {
      expectEnvelope(await signed(merchant, { path: CREATE, body: JSON.stringify(req) }), 400, "4002701", message);
    });

    it.each([
      [
        "a top-level field",
        () => {
          const r = linkRequest() as Record<string, unknown>;
          delete r.partnerReferenceNo;
          return r;
        },
        "Invalid Mandatory Field partnerReferenceNo",
      ],
      [
        "a nested field",
        () => {
          const r = linkRequest();
          delete (r.additionalInfo as Record<string, unknown>).invoiceTitle;
          return r;
        },
        "Invalid Mandatory Field additionalInfo.invoiceTitle",
      ],
    ])("a missing mandatory field (%s) → 4002702 naming it", async (_, build, message) => {
      expectEnvelope(await signed(merchant, { path: CREATE, body: JSON.stringify(build()) }), 400, "4002702", message);
    });

    it.each(["X-TIMESTAMP", "X-PARTNER-ID", "X-EXTERNAL-ID", "CHANNEL-ID"])(
      "missing %s → 4002702 naming it",
      async (name) => {
        expectEnvelope(
          await inquiry(merchant, { headers: { [name]: undefined } }),
          400,
          "4002702",
          `Invalid Mandatory Field ${name}`,
        );
      },
    );

    it.each([
      ["X-TIMESTAMP", "2026-11-22 15:04:05"],
      ["X-TIMESTAMP", "1795337095"],
      ["X-TIMESTAMP", "2026-02-31T10:00:00+07:00"],
      ["X-EXTERNAL-ID", "x".repeat(37)],
      ["X-EXTERNAL-ID", "not an id"],
      ["CHANNEL-ID", "95221/1"],
    ])("a malformed %s (%j) → 4002701 naming it", async (name, value) => {
      expectEnvelope(
        await inquiry(merchant, { headers: { [name]: value } }),
        400,
        "4002701",
        `Invalid Field Format ${name}`,
      );
    });
  });

  describe("401: signature, timestamp, partner, token", () => {
    it("missing X-SIGNATURE → 4012700", async () => {
      expectEnvelope(
        await inquiry(merchant, { headers: { "X-SIGNATURE": undefined } }),
        401,
        "4012700",
        /^Unauthorized\./,
      );
    });

    it.each([
      ["signed with another secret", { "X-SIGNATURE": hmacSign("not-the-secret", "whatever") }],
      ["garbage", { "X-SIGNATURE": "%%%not-base64%%%" }],
      ["empty after trimming", { "X-SIGNATURE": "   " }],
    ])("X-SIGNATURE %s → 4012700", async (_, headers) => {
      expectEnvelope(await inquiry(merchant, { headers }), 401, "4012700");
    });

    it("a signature over other bytes than were sent (tampered body) → 4012700", async () => {
      const sent = JSON.stringify({ additionalInfo: { paymentLinkId: demoLinkId } });
      expectEnvelope(
        await signed(merchant, { path: INQUIRY, body: sent, signBody: sent.replace(demoLinkId, "x") }),
        401,
        "4012700",
      );
      // the same JSON re-serialised with a space is other bytes, too
      expectEnvelope(
        await signed(merchant, { path: INQUIRY, body: sent, signBody: JSON.stringify(JSON.parse(sent), null, 1) }),
        401,
        "4012700",
      );
    });

    it("a signature over another path or query → 4012700", async () => {
      expectEnvelope(await inquiry(merchant, { signPath: "/v1.0/payment-link/pay" }), 401, "4012700");
      expectEnvelope(await inquiry(merchant, { path: `${INQUIRY}?a=1`, signPath: INQUIRY }), 401, "4012700");
      // the query string is part of PATH: signed with it, it passes
      expectEnvelope(await inquiry(merchant, { path: `${INQUIRY}?a=1` }), 200, "2002700");
    });

    it("a hex signature is accepted (upper or lower case)", async () => {
      const body = JSON.stringify({ additionalInfo: { paymentLinkId: demoLinkId } });
      const token = await merchant.accessToken();
      const timestamp = formatJakarta(new Date());
      const hex = Buffer.from(
        hmacSign(
          merchant.credentials.clientSecret,
          serviceStringToSign({ method: "POST", path: INQUIRY, accessToken: token, body, timestamp }),
        ),
        "base64",
      ).toString("hex");
      for (const sig of [hex, hex.toUpperCase()]) {
        expectEnvelope(
          await signed(merchant, { path: INQUIRY, body, headers: { "X-TIMESTAMP": timestamp, "X-SIGNATURE": sig } }),
          200,
          "2002700",
        );
      }
    });

    it.each([
      ["301 s behind", -301, 7 * 60, 401],
      ["10 minutes ahead", 600, 7 * 60, 401],
      ["an hour behind, written in UTC", -3600, 0, 401],
      ["250 s behind (inside the window)", -250, 7 * 60, 200],
      ["250 s ahead, written at -05:00", 250, -5 * 60, 200],
      ["now, written in UTC with Z", 0, 0, 200],
    ])("X-TIMESTAMP %s", async (_, seconds, offset, status) => {
      const timestamp = formatOffset(new Date(Date.now() + seconds * 1000), offset);
      const a = await inquiry(merchant, { headers: { "X-TIMESTAMP": timestamp } });
      if (status === 200) expectEnvelope(a, 200, "2002700");
      else expectEnvelope(a, 401, "4012700", /^Unauthorized\./);
    });

    it("X-PARTNER-ID of another partner than the token's → 4012700", async () => {
      expectEnvelope(await inquiry(merchant, { headers: { "X-PARTNER-ID": srv.checkout.partnerId } }), 401, "4012700");
      expectEnvelope(await inquiry(merchant, { headers: { "X-PARTNER-ID": randomUUID() } }), 401, "4012700");
    });

    it.each([
      ["missing", undefined],
      ["unknown", `Bearer ${randomUUID()}`],
      ["not a bearer", "Basic dXNlcjpwYXNz"],
      ["a bearer without a token", "Bearer "],
    ])("Authorization %s → 4012701 Invalid Token (B2B)", async (_, authorization) => {
      expectEnvelope(
        await inquiry(merchant, { headers: { Authorization: authorization } }),
        401,
        "4012701",
        "Invalid Token (B2B)",
      );
    });

    it("a token is checked before the signature: a signed request with a foreign token is 4012701", async () => {
      // the token of another gateway instance is simply unknown here
      const otherToken = await strict.merchant.snap.accessToken();
      expectEnvelope(await inquiry(merchant, { headers: { Authorization: `Bearer ${otherToken}` } }), 401, "4012701");
    });

    it("an expired token → 4012701 (server with TOKEN_TTL_SECONDS=2)", async () => {
      const tok = await tokenRequest(strict.baseUrl, strict.credentials.merchant);
      expectEnvelope(tok, 200, "2007300");
      expect((tok.body as { expiresIn: string }).expiresIn).toBe("2");
      const accessToken = (tok.body as { accessToken: string }).accessToken;
      const client = new SnapClient(strict.baseUrl, strict.credentials.merchant);
      const call = async () => {
        const body = JSON.stringify({
          additionalInfo: { paymentLinkId: strict.credentials.demoLinks[0]!.paymentLinkId },
        });
        const timestamp = formatJakarta(new Date());
        const signature = hmacSign(
          client.credentials.clientSecret,
          serviceStringToSign({ method: "POST", path: INQUIRY, accessToken, body, timestamp }),
        );
        return send(`${strict.baseUrl}${INQUIRY}`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Authorization: `Bearer ${accessToken}`,
            "X-TIMESTAMP": timestamp,
            "X-PARTNER-ID": client.credentials.partnerId,
            "X-EXTERNAL-ID": randomUUID(),
            "CHANNEL-ID": "95221",
            "X-SIGNATURE": signature,
          },
          body,
        });
      };
      expectEnvelope(await call(), 200, "2002700");
      await new Promise((r) => setTimeout(r, 2_300));
      expectEnvelope(await call(), 401, "4012701", "Invalid Token (B2B)");
    });
  });

  describe("409: X-EXTERNAL-ID", () => {
    it("reused by the same partner the same day → 4092700 Conflict", async () => {
      const id = randomUUID();
      expectEnvelope(await inquiry(merchant, { headers: { "X-EXTERNAL-ID": id } }), 200, "2002700");
      expectEnvelope(await inquiry(merchant, { headers: { "X-EXTERNAL-ID": id } }), 409, "4092700", "Conflict");
      // on another operation too: the scope is partner + day, not path
      const create = await signed(merchant, {
        path: CREATE,
        body: JSON.stringify(linkRequest()),
        headers: { "X-EXTERNAL-ID": id },
      });
      expectEnvelope(create, 409, "4092700");
    });

    it("reused on an Inquiry the domain then refuses → still 4092700, as when the id was claimed first", async () => {
      // Inquiry and Method read without a transaction and claim the id after the read; a
      // refusal must still answer the reused id as the transaction did.
      const id = randomUUID();
      expectEnvelope(await inquiry(merchant, { headers: { "X-EXTERNAL-ID": id } }), 200, "2002700");
      const missing = JSON.stringify({ additionalInfo: { paymentLinkId: randomUUID() } });
      for (const path of [INQUIRY, METHOD])
        expectEnvelope(
          await signed(merchant, { path, body: missing, headers: { "X-EXTERNAL-ID": id } }),
          409,
          "4092700",
        );
    });

    it("another partner may use the same external id", async () => {
      const id = randomUUID();
      expectEnvelope(await inquiry(merchant, { headers: { "X-EXTERNAL-ID": id } }), 200, "2002700");
      expectEnvelope(await inquiry(checkout, { headers: { "X-EXTERNAL-ID": id } }), 200, "2002700");
    });

    it("ten identical requests racing: exactly one succeeds, nine get 4092700", async () => {
      const body = JSON.stringify({ additionalInfo: { paymentLinkId: demoLinkId } });
      const headers = await signedHeaders(merchant, { method: "POST", path: INQUIRY, body });
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => send(`${srv.baseUrl}${INQUIRY}`, { method: "POST", headers, body })),
      );
      const codes = answers.map((a) => expectEnvelope(a, a.status).responseCode).sort();
      expect(codes).toEqual(["2002700", ...Array(9).fill("4092700")]);
    });
  });

  describe("nothing half-written", () => {
    it("a request the domain refuses does not consume its X-EXTERNAL-ID", async () => {
      const req = linkRequest();
      expectEnvelope(await signed(merchant, { path: CREATE, body: JSON.stringify(req) }), 200, "2002700");
      // The duplicate fails on the link insert, after the external id was written in the
      // same transaction; the rollback must take the external id with it.
      const id = randomUUID();
      expectEnvelope(
        await signed(merchant, { path: CREATE, body: JSON.stringify(req), headers: { "X-EXTERNAL-ID": id } }),
        409,
        "4092701",
        "Duplicate partnerReferenceNo",
      );
      const retry = await signed(merchant, {
        path: CREATE,
        body: JSON.stringify(linkRequest()),
        headers: { "X-EXTERNAL-ID": id },
      });
      expectEnvelope(retry, 200, "2002700");
    });

    it("creates racing on one partnerReferenceNo: one link, and every loser's external id is still free", async () => {
      const req = JSON.stringify(linkRequest());
      const ids = Array.from({ length: 6 }, () => randomUUID());
      const answers = await Promise.all(
        ids.map((id) => signed(merchant, { path: CREATE, body: req, headers: { "X-EXTERNAL-ID": id } })),
      );
      const codes = answers.map((a) => expectEnvelope(a, a.status).responseCode);
      expect(codes.filter((c) => c === "2002700")).toHaveLength(1);
      expect(codes.filter((c) => c === "4092701")).toHaveLength(5);
      const losers = ids.filter((_, i) => codes[i] !== "2002700");
      for (const id of losers)
        expectEnvelope(await inquiry(merchant, { headers: { "X-EXTERNAL-ID": id } }), 200, "2002700");
    });

    it("an Inquiry or Method the domain refuses (404) does not consume its X-EXTERNAL-ID", async () => {
      const missing = JSON.stringify({ additionalInfo: { paymentLinkId: randomUUID() } });
      for (const path of [INQUIRY, METHOD]) {
        const id = randomUUID();
        expectEnvelope(
          await signed(merchant, { path, body: missing, headers: { "X-EXTERNAL-ID": id } }),
          404,
          "4042701",
        );
        expectEnvelope(await inquiry(merchant, { headers: { "X-EXTERNAL-ID": id } }), 200, "2002700");
      }
    });

    it("refused bodies leave no link behind and no external id consumed", async () => {
      for (const req of [
        linkRequest({ additionalInfo: { invoiceTitle: "nul\u0000" } }),
        linkRequest({ additionalInfo: { itemDetails: [{ name: "x", price: "999999999999999.00", quantity: 1 }] } }),
        linkRequest({ totalAmount: { value: "1.00", currency: "IDR" } }),
      ]) {
        const id = randomUUID();
        expectEnvelope(
          await signed(merchant, { path: CREATE, body: JSON.stringify(req), headers: { "X-EXTERNAL-ID": id } }),
          400,
          "4002701",
        );
        const lookup = await signed(merchant, {
          path: INQUIRY,
          body: JSON.stringify({ partnerReferenceNo: req.partnerReferenceNo }),
          headers: { "X-EXTERNAL-ID": id },
        });
        expectEnvelope(lookup, 404, "4042701");
      }
    });
  });

  it("header names are case-insensitive", async () => {
    const body = JSON.stringify({ additionalInfo: { paymentLinkId: demoLinkId } });
    const casings = [
      (n: string) => n.toLowerCase(),
      (n: string) => n.toUpperCase(),
      (n: string) => n.replace(/[a-z]/gi, (c, i: number) => (i % 2 ? c.toUpperCase() : c.toLowerCase())), // x-TiMeStAmP
    ];
    for (const casing of casings) {
      const h = await signedHeaders(merchant, { method: "POST", path: INQUIRY, body });
      const a = await rawHttp(
        srv.baseUrl,
        "POST",
        INQUIRY,
        Object.entries(h).map(([k, v]) => [casing(k), v]),
        body,
      );
      expectEnvelope(a, 200, "2002700");
    }
  });

  it("unknown operations under /v1.0 answer in the envelope: 404 for a path none has, 405 with Allow for a method a path does not take", async () => {
    for (const [method, path, status, allow] of [
      ["POST", "/v1.0/payment-link/nope", 404, null],
      ["GET", INQUIRY, 405, "POST"],
      ["DELETE", "/v1.0/", 404, null],
      ["PUT", "/v1.0/payment-link/create", 405, "POST"],
    ] as const) {
      const a = await signed(merchant, { method, path, body: method === "GET" ? "" : "{}" });
      expectEnvelope(a, status, status === 405 ? "4050000" : "4040001");
      expect(a.headers.allow).toBe(allow ?? undefined);
    }
  });

  it.each([
    ["POST", "/v1.0/payment-link/create"],
    ["POST", "/v1.0/payment-link/inquiry"],
    ["POST", "/v1.0/payment-link/payment-method"],
    ["POST", "/v1.0/payment-link/pay"],
    ["POST", "/v1.0/transfer-va/create-va"],
    ["PUT", "/v1.0/transfer-va/update-va"],
    ["POST", "/v1.0/transfer-va/inquiry-va"],
    ["POST", "/v1.0/transfer-va/status"],
    ["DELETE", "/v1.0/transfer-va/delete-va"],
    ["POST", "/v1.0/transfer-va/payment"],
    ["POST", "/v1.0/qr/qr-mpm-generate"],
    ["POST", "/v1.0/qr/qr-mpm-query"],
    ["POST", "/v1.0/qr/qr-mpm-notify"],
    ["POST", "/v1.0/debit/payment-host-to-host"],
    ["GET", "/v1.0/transaction-history-list"],
    ["POST", "/v1.0/transaction-history-detail"],
  ] as const)("%s %s answers with X-TIMESTAMP (Jakarta, milliseconds), signed or not", async (method, path) => {
    const body = method === "GET" ? "" : "{}";
    for (const a of [
      await signed(merchant, { method, path, body }),
      await send(`${srv.baseUrl}${path}`, { method, body: body || undefined }),
    ]) {
      expectEnvelope(a, a.status);
    }
  });

  it("the browser-facing card redirect carries X-TIMESTAMP too", async () => {
    expectAnswerTimestamp(await send(`${srv.baseUrl}/v1.0/debit/redirect/${randomUUID()}`));
  });

  it("rate limit → 429 4292700 (server with RATE_LIMIT_RPS=1), and a partner's limit is its own", async () => {
    const client = strict.merchant.snap;
    client.forgetToken();
    const id = strict.credentials.demoLinks[0]!.paymentLinkId;
    const body = JSON.stringify({ additionalInfo: { paymentLinkId: id } });
    await client.accessToken();
    const answers: Answer[] = await Promise.all(
      Array.from({ length: 8 }, () => signed(client, { path: INQUIRY, body })),
    );
    const codes = answers.map((a) => expectEnvelope(a, a.status).responseCode);
    expect(codes.filter((c) => c === "2002700").length).toBeGreaterThanOrEqual(1);
    expect(codes.filter((c) => c === "2002700").length).toBeLessThanOrEqual(3); // burst of 2 s × 1 rps, plus a refill
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(5);
    for (const a of limited) expectEnvelope(a, 429, "4292700", "Too Many Requests");
    // the checkout client is not slowed down by the merchant's burst
    const other = new GatewayClient(strict.baseUrl, strict.checkout).snap;
    expectEnvelope(await signed(other, { path: INQUIRY, body }), 200, "2002700");
  });

  describe("access token endpoint", () => {
    it("answers exactly the contract's shape", async () => {
      const a = await tokenRequest(srv.baseUrl, srv.credentials.merchant);
      expectEnvelope(a, 200, "2007300", "Successful");
      const body = a.body as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual([
        "accessToken",
        "expiresIn",
        "responseCode",
        "responseMessage",
        "tokenType",
      ]);
      expect(body).toEqual({
        responseCode: "2007300",
        responseMessage: "Successful",
        accessToken: expect.stringMatching(/^[A-Za-z0-9._~+/=-]{20,}$/),
        tokenType: "Bearer",
        expiresIn: "900",
      });
    });

    it("answers X-CLIENT-KEY: the caller's key on success, the key as sent on an error, none when none was sent", async () => {
      const ok = await tokenRequest(srv.baseUrl, srv.credentials.merchant);
      expectEnvelope(ok, 200, "2007300");
      expect(ok.headers["x-client-key"]).toBe(srv.credentials.merchant.clientKey);
      const wrongKey = await tokenRequest(srv.baseUrl, { ...srv.credentials.merchant, privateKeyPem: otherKey });
      expectEnvelope(wrongKey, 401, "4017300");
      expect(wrongKey.headers["x-client-key"]).toBe(srv.credentials.merchant.clientKey);
      const unknown = await tokenRequest(srv.baseUrl, srv.credentials.merchant, { clientKey: "mer_unknown" });
      expectEnvelope(unknown, 401, "4017300");
      expect(unknown.headers["x-client-key"]).toBe("mer_unknown");
      const none = await tokenRequest(srv.baseUrl, srv.credentials.merchant, {
        headers: { "X-CLIENT-KEY": undefined },
      });
      expectEnvelope(none, 400, "4007302");
      expect(none.headers).not.toHaveProperty("x-client-key");
    });

    it("issues a token that works on the signed family", async () => {
      const a = await tokenRequest(srv.baseUrl, srv.credentials.merchant);
      const token = (a.body as { accessToken: string }).accessToken;
      const body = JSON.stringify({ additionalInfo: { paymentLinkId: demoLinkId } });
      const timestamp = formatJakarta(new Date());
      const sig = hmacSign(
        srv.credentials.merchant.clientSecret,
        serviceStringToSign({ method: "POST", path: INQUIRY, accessToken: token, body, timestamp }),
      );
      const call = await send(`${srv.baseUrl}${INQUIRY}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${token}`,
          "x-timestamp": timestamp,
          "x-partner-id": srv.credentials.merchant.partnerId,
          "x-external-id": randomUUID(),
          "channel-id": "95221",
          "x-signature": sig,
        },
        body,
      });
      expectEnvelope(call, 200, "2002700");
    });

    it.each([
      ["a signature by another key", 401, "4017300", () => ({ privateKeyPem: otherKey })],
      [
        "a signature over another timestamp",
        401,
        "4017300",
        () => ({ headers: { "X-TIMESTAMP": formatJakarta(new Date(Date.now() - 1000)) } }),
      ],
      ["an unknown client key", 401, "4017300", () => ({ clientKey: "mer_unknown" })],
      ["no X-SIGNATURE", 401, "4017300", () => ({ headers: { "X-SIGNATURE": undefined } })],
      [
        "a timestamp 10 minutes old",
        401,
        "4017300",
        () => ({ timestamp: formatJakarta(new Date(Date.now() - 600_000)) }),
      ],
      ["no X-CLIENT-KEY", 400, "4007302", () => ({ headers: { "X-CLIENT-KEY": undefined } })],
      ["no X-TIMESTAMP", 400, "4007302", () => ({ headers: { "X-TIMESTAMP": undefined } })],
      ["a malformed X-TIMESTAMP", 400, "4007301", () => ({ timestamp: "22/11/2026 15:04" })],
      ["grantType password", 400, "4007301", () => ({ body: JSON.stringify({ grantType: "password" }) })],
      ["no grantType", 400, "4007302", () => ({ body: "{}" })],
      ["unparsable JSON", 400, "4007300", () => ({ body: '{"grantType":' })],
    ] as const)("%s → %i %s", async (_, status, code, opts) => {
      const { privateKeyPem, ...rest } = opts() as { privateKeyPem?: string } & Parameters<typeof tokenRequest>[2];
      const a = await tokenRequest(
        srv.baseUrl,
        { ...srv.credentials.merchant, ...(privateKeyPem ? { privateKeyPem } : {}) },
        rest,
      );
      const env = expectEnvelope(a, status, code);
      if (code === "4007302")
        expect(env.responseMessage).toMatch(/^Invalid Mandatory Field (X-CLIENT-KEY|X-TIMESTAMP|grantType)$/);
      if (code === "4007301" && status === 400)
        expect(env.responseMessage).toMatch(/^Invalid Field Format (X-TIMESTAMP|grantType)$/);
      expect(a.body).not.toHaveProperty("accessToken");
    });
  });
});

/** `2026-11-22T03:04:05-05:00` (or `Z` for offset 0) for an offset in minutes. */
function formatOffset(date: Date, offsetMinutes: number): string {
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  if (offsetMinutes === 0) return `${local}Z`;
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
