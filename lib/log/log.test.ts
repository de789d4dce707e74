import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, scrubUrl } from ".";

/** A logger writing into memory: every line it would have printed, as text. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const log = createLogger("trace", stream);
  return { log, text: () => lines.join("\n"), json: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

// Distinctive values: if any of them shows up anywhere in the output, the test fails.
const S = {
  clientSecret: "cs_Zq9XlQ2v8rB1mN4kT7wE",
  secretKey: "sk_test_Hh3Jk5Lm7Np9Qr2St4Uv6Wx",
  accessToken: "at_Yb8Vc6Xd4Ze2Af0Bg1Ch3Di5",
  signature: "SIGv8J3kLq0pZx7Rw2Ty5Ub9Nm4Hc6Gd1Fe+/==",
  linkSecret: "lk_Qw3Er5Ty7Ui9Op1As2Df4Gh6",
  pem: "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY-----\n",
  password: "pw_Jk8Lm6Nb4Vc2Xz0",
};
const PEM_BODY = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7";

function expectClean(text: string) {
  for (const [name, value] of Object.entries(S)) {
    const needle = name === "pem" ? PEM_BODY : value;
    expect(text, `${name} leaked`).not.toContain(needle);
  }
}

describe("logger redaction", () => {
  it.each([
    [
      "top-level secret fields",
      { clientSecret: S.clientSecret, secretKey: S.secretKey, accessToken: S.accessToken, privateKeyPem: S.pem },
    ],
    [
      "request headers in any casing",
      {
        headers: { authorization: `Bearer ${S.accessToken}`, "X-SIGNATURE": S.signature, "x-secret-key": S.secretKey },
      },
    ],
    [
      // what the payer's saved-card routes carry (docs/contract.md §10)
      "an intent's client secret in its header",
      { headers: { "X-Client-Secret": S.clientSecret, "x-client-secret": S.clientSecret } },
    ],
    [
      "headers nested deeper",
      { req: { raw: { headers: { Authorization: `Bearer ${S.accessToken}`, "x-signature": S.signature } } } },
    ],
    [
      "a whole credentials file",
      {
        credentials: {
          merchant: { clientSecret: S.clientSecret, privateKeyPem: S.pem, secretKey: S.secretKey },
          acquirer: [{ client_secret: S.clientSecret }],
        },
      },
    ],
    [
      "secrets inside arrays",
      {
        partners: [
          { id: "p1", clientSecret: S.clientSecret },
          { id: "p2", password: S.password },
        ],
      },
    ],
    ["a url field", { url: `/pay/0d3c?secret=${S.linkSecret}&lang=id` }],
    ["a nested url field", { req: { url: `http://localhost:3000/pay/0d3c?lang=en&secret=${S.linkSecret}` } }],
    ["any string field", { note: `payer opened https://pay.example/pay/0d3c?secret=${S.linkSecret}` }],
    ["a URL object", { target: new URL(`https://pay.example/pay/0d3c?secret=${S.linkSecret}`) }],
    ["a bearer token inside a string", { detail: `upstream said: Authorization: Bearer ${S.accessToken} rejected` }],
    ["a secret key inside a string", { detail: `X-Secret-Key ${S.secretKey} refused` }],
    ["a PEM inside a string", { detail: `key was ${S.pem}` }],
  ])("%s", (_, obj) => {
    const { log, text, json } = capture();
    log.info(obj, "request seen");
    expectClean(text());
    expect(json()[0]).toMatchObject({ level: "info", msg: "request seen" });
    expect(text()).toContain("[REDACTED]");
  });

  it("keeps what is not secret", () => {
    const { log, json } = capture();
    log.info(
      {
        partnerId: "p-1",
        path: "/v1.0/payment-link/inquiry",
        headers: { "x-external-id": "ext-7", authorization: "Bearer x" },
      },
      "ok",
    );
    expect(json()[0]).toMatchObject({
      partnerId: "p-1",
      path: "/v1.0/payment-link/inquiry",
      headers: { "x-external-id": "ext-7", authorization: "[REDACTED]" },
    });
  });

  it("scrubs the message string and printf arguments", () => {
    const { log, text } = capture();
    log.info(`GET /pay/abc?secret=${S.linkSecret}`);
    log.warn("redirecting %s for %s", `/pay/abc?secret=${S.linkSecret}`, `Bearer ${S.accessToken}`);
    expectClean(text());
    expect(text()).toContain("/pay/abc?secret=[REDACTED]");
  });

  it("scrubs errors: message, stack, cause and database parameters", () => {
    const { log, text, json } = capture();
    const cause = new Error(`fetch https://cb.example/notify?secret=${S.linkSecret} failed`);
    const err = Object.assign(
      new Error(`Failed query: insert into "partners" values ($1, $2)\nparams: p-1,${S.clientSecret}`, { cause }),
      {
        params: ["p-1", S.clientSecret],
      },
    );
    log.error({ err, path: "/v1.0/payment-link/create" }, "unexpected fault");
    log.error(new Error(`upstream refused Bearer ${S.accessToken}`));
    expectClean(text());
    const [first, second] = json();
    expect((first!.err as { message: string }).message).toContain("Failed query: insert into");
    expect((first!.err as { stack: string }).stack).toContain("log.test.ts");
    expect(second!.msg).toContain("Bearer [REDACTED]");
  });

  it("scrubs a console session token wherever it is echoed, and a timeout's DOMException to its own fields", () => {
    const { log, text, json } = capture();
    const session = `cs_${"Ab3_-".repeat(8)}xyz`; // the 43 characters after cs_ that the console issues
    log.warn(`session ${session} refused`);
    log.error({ err: new DOMException("no answer within 10000 ms", "TimeoutError") }, "gateway call failed");
    expect(text()).not.toContain(session);
    expect(text()).toContain("session cs_[REDACTED] refused");
    const err = json()[1]!.err as Record<string, unknown>;
    expect(err).toMatchObject({ message: "no answer within 10000 ms" });
    expect(Object.keys(err).filter((k) => k.endsWith("_ERR"))).toEqual([]);
  });

  it("scrubs child logger bindings", () => {
    const { log, text } = capture();
    log.child({ partner: { clientSecret: S.clientSecret }, url: `/pay/1?secret=${S.linkSecret}` }).info("child line");
    expectClean(text());
    expect(text()).toContain("child line");
  });

  it("survives cycles and very deep objects", () => {
    const { log, text } = capture();
    const a: Record<string, unknown> = { name: "a", clientSecret: S.clientSecret };
    a.self = a;
    let deep: Record<string, unknown> = { secretKey: S.secretKey };
    for (let i = 0; i < 50; i++) deep = { next: deep };
    log.info({ a, deep }, "odd shapes");
    expectClean(text());
    expect(text()).toContain("odd shapes");
  });
});

describe("scrubUrl", () => {
  it("takes one pass over a URL of many question marks (it took seconds: a log line per request)", () => {
    const hostile = `/x${"?".repeat(256 * 1024)}`;
    expect(scrubUrl(hostile)).toBe(hostile);
    expect(scrubUrl(`/x${"a?".repeat(128 * 1024)}secret=${S.linkSecret}`)).toMatch(/\?secret=\[REDACTED\]$/);
  });

  it.each([
    [`/pay/1?secret=${S.linkSecret}`, "/pay/1?secret=[REDACTED]"],
    [`/pay/1?lang=id&secret=${S.linkSecret}#top`, "/pay/1?lang=id&secret=[REDACTED]#top"],
    [`/x?clientSecret=${S.clientSecret}&a=1`, "/x?clientSecret=[REDACTED]&a=1"],
    ["/pay/1?lang=en", "/pay/1?lang=en"],
    // the hosted card page: its intent id opens a page carrying the client secret
    ["/v1.0/debit/redirect/0b7e5c1e-8d8f-4a57-9d3e-2f4f2b8e9a10", "/v1.0/debit/redirect/[REDACTED]"],
    [
      "http://127.0.0.1:3000/v1.0/debit/redirect/0b7e5c1e-8d8f-4a57-9d3e-2f4f2b8e9a10?x=1",
      "http://127.0.0.1:3000/v1.0/debit/redirect/[REDACTED]?x=1",
    ],
    [
      `/v1/payment-intents/0b7e5c1e-8d8f-4a57-9d3e-2f4f2b8e9a10/3ds?token=${S.linkSecret}&lang=id`,
      "/v1/payment-intents/0b7e5c1e-8d8f-4a57-9d3e-2f4f2b8e9a10/3ds?token=[REDACTED]&lang=id",
    ],
    // names as the proxy and the gateway read them: decoded, so an encoded name is the same secret
    [`/pay/1?%73ecret=${S.linkSecret}`, "/pay/1?%73ecret=[REDACTED]"],
    [`/pay/1?lang=id&SE%43RET=${S.linkSecret}`, "/pay/1?lang=id&SE%43RET=[REDACTED]"],
    [`/v1/payment-links/1/events?%74oken=${S.linkSecret}&x=1`, "/v1/payment-links/1/events?%74oken=[REDACTED]&x=1"],
    [`/x?client%5Fsecret=${S.clientSecret}`, "/x?client%5Fsecret=[REDACTED]"],
    ["/v1.0/debit/%72edirect/0b7e5c1e-8d8f-4a57-9d3e-2f4f2b8e9a10", "/v1.0/debit/%72edirect/[REDACTED]"],
    // a name that only contains a secret's name is not one; a broken escape is left as it is
    ["/pay/1?secretary=ann&a%ZZ=1", "/pay/1?secretary=ann&a%ZZ=1"],
    // a card form's native submit (no script yet): the card fields, whatever they hold
    [
      "/pay/1?number=4111+1111+1111+1111&expiry=12%2F30&cvc=987&name=Siti",
      "/pay/1?number=[REDACTED]&expiry=[REDACTED]&cvc=[REDACTED]&name=Siti",
    ],
    ["/v1.0/debit/redirect/x?exp=12%2F30&CVV=123", "/v1.0/debit/redirect/[REDACTED]?exp=[REDACTED]&CVV=[REDACTED]"],
    // a card number under any name, however spaced, dashed or encoded
    ["/merchant/links?q=4000-0000-0000-0002&page=2", "/merchant/links?q=[REDACTED]&page=2"],
    ["/x?note=card%204111%201111%201111%201111", "/x?note=[REDACTED]"],
    ["/x?n=%34111111111111111", "/x?n=[REDACTED]"],
    // followed by its expiry or CVC in the same value, or grouped by other separators
    ["/x?q=4111+1111+1111+1111+123", "/x?q=[REDACTED]"],
    ["/x?q=4111111111111111+12%2F30", "/x?q=[REDACTED]"],
    ["/x?q=4111-1111-1111-1111%20123", "/x?q=[REDACTED]"],
    ["/x?q=4000000000000002%20123", "/x?q=[REDACTED]"],
    ["/x?q=4111%20%201111%201111%201111", "/x?q=[REDACTED]"],
    ["/x?q=4111.1111.1111.1111", "/x?q=[REDACTED]"],
    ["/x?q=4111%0A1111%0A1111%0A1111", "/x?q=[REDACTED]"],
    // these digit runs fail the check digit, or do not start as a card does (a VA number
    // starting 8): they stay. (One Luhn-valid number in ten that starts 2–6 would not.)
    [
      "/merchant/links?q=4111111111111112&va=8880808652590390",
      "/merchant/links?q=4111111111111112&va=8880808652590390",
    ],
  ])("%s", (input, expected) => {
    expect(scrubUrl(input)).toBe(expected);
  });
});
