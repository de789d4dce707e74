import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IntentsClient } from "@/lib/clients/intents-client";
import { confirmCardPayment } from "@/lib/sdk";
import { loadMasterKey, masterSealer } from "@/lib/gateway/vault";
import { sha256Hex } from "@/lib/snap/signing";
import { linkRequest } from "../support/factories";
import { DB_KINDS, startServer, type RunningServer } from "../support/server";

/** Low limits so a test reaches them in a few requests; the defaults are far above the suites. */
const LOW_LIMITS = {
  RATE_LIMIT_CHECKOUT: "12",
  RATE_LIMIT_TOKEN: "4",
  RATE_LIMIT_CONFIRM: "4",
  RATE_LIMIT_CARD: "4",
  RATE_LIMIT_SIGN_IN: "3",
  RATE_LIMIT_WINDOW_SECONDS: "60",
};

async function statuses(n: number, request: (i: number) => Promise<Response>): Promise<Response[]> {
  const out: Response[] = [];
  for (let i = 0; i < n; i++) out.push(await request(i));
  return out;
}

/**
 * The limits count in fixed windows aligned to the clock. A burst that straddled a window's end
 * would be counted half in each window and might never reach the limit (a CI run once saw six
 * token requests all answered 400, which such a split explains), so each burst starts with at
 * least `ms` of its window left (16 page renders on a busy 2-core machine can take seconds).
 */
async function inOneWindow(windowSeconds: number, ms = 10_000): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < ms) await new Promise((r) => setTimeout(r, left + 50));
}

function expectRetryAfter(res: Response) {
  const value = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(value) && value >= 1 && value <= 60, `Retry-After ${res.headers.get("retry-after")}`).toBe(
    true,
  );
}

describe.each(DB_KINDS)("per-address limits on %s", (db) => {
  let srv: RunningServer;
  let other: RunningServer | undefined;
  beforeAll(async () => {
    srv = await startServer({ db, env: LOW_LIMITS });
    // PostgreSQL: a second instance on the same database counts with the first.
    if (db === "postgres")
      other = await startServer({ db, dataDir: srv.dataDir, databaseUrl: srv.databaseUrl, env: LOW_LIMITS });
  });
  afterAll(async () => {
    await Promise.all([srv?.stop(), other?.stop()]);
  });
  const instance = (i: number) => (other && i % 2 ? other : srv);
  beforeEach(() => inOneWindow(Number(LOW_LIMITS.RATE_LIMIT_WINDOW_SECONDS)));

  it("checkout pages: 429 with Retry-After past the limit, however the client names itself", async () => {
    const answers = await statuses(16, (i) =>
      fetch(`${instance(i).baseUrl}/pay/${randomUUID()}`, {
        // Neither the server's own header nor X-Forwarded-For (no proxy is trusted) is the client's to set.
        headers: { "x-nusapay-client-address": `203.0.113.${i}`, "x-forwarded-for": `198.51.100.${i}` },
      }),
    );
    expect(answers.map((r) => r.status)).toEqual([...Array(12).fill(404), ...Array(4).fill(429)]);
    const refused = answers.at(-1)!;
    expectRetryAfter(refused);
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.text()).toContain("Too many requests");
  });

  it("token endpoint: 4297300 in the SNAP envelope", async () => {
    const answers = await statuses(6, (i) =>
      fetch(`${instance(i).baseUrl}/v1.0/access-token/b2b`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: '{"grantType":"client_credentials"}',
      }),
    );
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 429, 429]);
    expectRetryAfter(answers[4]!);
    expect(await answers[4]!.json()).toEqual({ responseCode: "4297300", responseMessage: "Too Many Requests" });
  });

  it("console sign-in: a /v1 429 with Retry-After, before any password is checked", async () => {
    // At once, not one after another: each refusal takes a password hash (most of a second),
    // and five in a row could straddle the limit's fixed window and be counted in two.
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        fetch(`${instance(i).baseUrl}/v1/console/sessions`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: `nobody${i}@example.id`, password: "wrong" }),
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([401, 401, 401, 429, 429]);
    const refused = answers.find((r) => r.status === 429)!;
    expectRetryAfter(refused);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(((await refused.json()) as { error: unknown }).error).toMatchObject({
      type: "rate_limit_error",
      code: "rate_limited",
    });
  });

  it("confirm: a /v1 error with Retry-After readable by the payer's browser", async () => {
    const answers = await statuses(6, (i) =>
      fetch(`${instance(i).baseUrl}/v1/payment-intents/${randomUUID()}/confirm`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      }),
    );
    expect(answers.slice(0, 4).every((r) => r.status === 400)).toBe(true);
    expect(answers.slice(4).map((r) => r.status)).toEqual([429, 429]);
    expectRetryAfter(answers[5]!);
    expect(answers[5]!.headers.get("access-control-expose-headers")).toBe("Retry-After");
    expect(await answers[5]!.json()).toMatchObject({
      error: { type: "rate_limit_error", code: "rate_limited", param: null },
    });
  });

  it("3-D Secure and card pages: a 429 page", async () => {
    const answers = await statuses(6, (i) =>
      i % 2
        ? fetch(`${instance(i).baseUrl}/v1/payment-intents/${randomUUID()}/3ds?token=x`)
        : fetch(`${instance(i).baseUrl}/v1.0/debit/redirect/${randomUUID()}`),
    );
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404, 429, 429]);
    expectRetryAfter(answers[4]!);
    expect(answers[4]!.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("checkout and gateway pages (the low-severity row)", () => {
  let srv: RunningServer;
  beforeAll(async () => {
    // Behind a TLS-terminating proxy: the public address is https, requests arrive as http.
    // The checkout lives at its own address (PAY_BASE_URL), the API at PUBLIC_BASE_URL.
    srv = await startServer({
      db: "postgres",
      env: {
        PUBLIC_BASE_URL: "https://gateway.example",
        PAY_BASE_URL: "https://pay.example",
      },
    });
  });
  afterAll(async () => {
    await srv?.stop();
  });
  const local = (uri: string) => uri.replace(/^https:\/\/[^/]+/, srv.baseUrl);
  const inquiries = () =>
    srv
      .logs()
      .split("\n")
      .filter((l) => l.includes('"url":"/v1.0/payment-link/inquiry"')).length;

  it("the session cookie is Secure although the request was plain http; links point at PAY_BASE_URL", async () => {
    const link = (await srv.merchant.createPaymentLink(linkRequest())).paymentLinkData;
    const res = await fetch(local(link.paymentLinkUri), { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("set-cookie")).toMatch(/; Secure/i);
    expect(link.paymentLinkUri).toMatch(/^https:\/\/pay\.example\/pay\//);
  });

  it("a payer's page has its title in <head> from the first bytes: the metadata is not streamed after the body", async () => {
    const link = (await srv.merchant.createPaymentLink(linkRequest())).paymentLinkData;
    const swap = await fetch(local(link.paymentLinkUri), { redirect: "manual" });
    const cookie = swap.headers.get("set-cookie")!.split(";")[0]!;
    const page = `${srv.baseUrl}${new URL(swap.headers.get("location")!, srv.baseUrl).pathname}`;
    const chrome =
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36";
    const html = await (await fetch(page, { headers: { cookie, "user-agent": chrome } })).text();
    const head = html.slice(0, html.indexOf("</head>"));
    // (The payer's page is the Pages Router's: next/head marks its tags with an attribute.)
    expect(head).toMatch(/<title(?: data-next-head="")?>Pay Toko Kopi Nusantara<\/title>/);
    // Streamed metadata comes in a boundary of its own, after the body whenever generateMetadata
    // is the slower half; a browser (and an accessibility check) may meet a page without a title.
    expect(html.includes("Next.MetadataOutlet"), "metadata streamed in its own boundary").toBe(false);
  });

  it("the payer's page's props never leave the server: Next's data route answers 404, cookie and all", async () => {
    const link = (await srv.merchant.createPaymentLink(linkRequest())).paymentLinkData;
    const swap = await fetch(local(link.paymentLinkUri), { redirect: "manual" });
    const cookie = swap.headers.get("set-cookie")!.split(";")[0]!;
    const buildId = fs.readFileSync(path.join(process.cwd(), ".next/BUILD_ID"), "utf8").trim();
    const page = await fetch(`${srv.baseUrl}/pay/${link.paymentLinkId}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const asked: Record<string, string>[] = [{ cookie }, { cookie, "x-nextjs-data": "1" }];
    for (const headers of asked) {
      const res = await fetch(`${srv.baseUrl}/_next/data/${buildId}/pay/${link.paymentLinkId}.json`, { headers });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain(link.paymentLinkId);
    }
  });

  it("an unknown link id costs one Inquiry, however often it is asked for", async () => {
    const id = randomUUID();
    const before = inquiries();
    for (let i = 0; i < 20; i++) expect((await fetch(`${srv.baseUrl}/pay/${id}?secret=nope`)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 200)); // the access log line is written on close
    expect(inquiries() - before).toBe(1);
  });

  it("card data never reaches a URL or the log: the hosted card form cannot submit natively, and a URL carrying a card is scrubbed", async () => {
    const card = await srv.merchant.cardPay({
      partnerReferenceNo: `NATIVE-${Date.now()}`,
      amount: { value: "75000.00", currency: "IDR" },
      urlParams: [{ url: "https://merchant.example/back", type: "PAY_RETURN", isDeeplink: "N" }],
    });
    const html = await (await fetch(`${srv.baseUrl}/v1.0/debit/redirect/${card.referenceNo}`)).text();
    const form = /<form id="card"[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
    expect(form).toContain('autocomplete="cc-number"');
    // no input has a name, so a native submit (script not run yet) sends no field at all
    expect(form.match(/<input[^>]*>/g)?.length).toBe(4);
    expect(form).not.toMatch(/<input[^>]*\sname=/);
    // and the fields and the button wait for the script that takes the card to the gateway
    expect(form).toMatch(/<button[^>]*type="submit"[^>]*\sdisabled[\s>]/);
    for (const input of form.match(/<input[^>]*>/g)!) expect(input).toMatch(/\sdisabled[\s>]/);

    // Were a card typed into any form that did submit natively, the access log keeps none of it.
    const link = (await srv.merchant.createPaymentLink(linkRequest())).paymentLinkData;
    const pan = "4111111111111111";
    await fetch(`${srv.baseUrl}/pay/${link.paymentLinkId}?number=4111+1111+1111+1111&expiry=12%2F30&cvc=987&name=Siti`);
    await fetch(`${srv.baseUrl}/v1.0/debit/redirect/${card.referenceNo}?number=${pan}&exp=12%2F30&cvc=987`);
    await fetch(`${srv.baseUrl}/merchant/links?q=4000-0000-0000-0002`);
    await expect.poll(() => srv.logs(), { timeout: 10_000 }).toContain("/merchant/links?q=[REDACTED]");
    await expect.poll(() => srv.logs(), { timeout: 10_000 }).toContain("cvc=[REDACTED]&name=Siti");
    for (const leak of [pan, "4111+1111+1111+1111", "4000-0000-0000-0002", "cvc=987", "12%2F30"])
      expect(srv.logs(), leak).not.toContain(leak);
  });

  it("a Card Pay intent whose PAY_RETURN an older build replaced with its own page ends on a page, not in a redirect loop", async () => {
    const card = await srv.merchant.cardPay({
      partnerReferenceNo: `LOOPED-${Date.now()}`,
      amount: { value: "75000.00", currency: "IDR" },
      urlParams: [{ url: "https://merchant.example/back", type: "PAY_RETURN", isDeeplink: "N" }],
    });
    const pg = await import("pg");
    const client = new pg.default.Client({ connectionString: srv.databaseUrl });
    await client.connect();
    try {
      // what a browser's confirm left behind before this was fixed
      await client.query("UPDATE payment_intents SET status = 'succeeded', return_url = $2 WHERE id = $1", [
        card.referenceNo,
        `https://gateway.example/v1.0/debit/redirect/${card.referenceNo}`,
      ]);
    } finally {
      await client.end();
    }
    const res = await fetch(`${srv.baseUrl}/v1.0/debit/redirect/${card.referenceNo}?lang=en`, { redirect: "manual" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<h1>Payment approved</h1>");
  });

  it("the card and 3-D Secure pages carry the checkout's CSP, and the card page's id stays out of the log", async () => {
    const ref = `EDGE-${Date.now()}`;
    const card = await srv.merchant.cardPay({
      partnerReferenceNo: ref,
      amount: { value: "75000.00", currency: "IDR" },
      urlParams: [{ url: "https://merchant.example/back", type: "PAY_RETURN", isDeeplink: "N" }],
    });
    const hosted = await fetch(`${srv.baseUrl}/v1.0/debit/redirect/${card.referenceNo}`);
    expect(hosted.status).toBe(200);
    const csp = hosted.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(hosted.headers.get("referrer-policy")).toBe("no-referrer");
    expect(hosted.headers.get("cache-control")).toBe("no-store");
    const html = await hosted.text();
    expect(html).toContain(`<script type="module" nonce="${nonce}">`);
    // The one stylesheet, from this origin; nothing inline but the nonce'd script.
    expect(csp).toContain("style-src 'self'");
    expect(html).not.toContain("<style");
    await new Promise((r) => setTimeout(r, 200));
    expect(srv.logs()).toContain("/v1.0/debit/redirect/[REDACTED]");
    expect(srv.logs()).not.toContain(card.referenceNo);

    const intents = new IntentsClient(srv.baseUrl, srv.credentials.merchant.secretKey);
    const i = await intents.create({ amount: 5000, currency: "IDR" });
    const card3ds = {
      number: "4000000000003220",
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: "123",
      holderName: "A",
    };
    const r = await confirmCardPayment({
      clientSecret: i.clientSecret,
      card: card3ds,
      baseUrl: srv.baseUrl,
      returnUrl: "https://merchant.example/return",
    });
    const url = new URL((r as { redirectUrl: string }).redirectUrl);
    const challenge = await fetch(`${srv.baseUrl}${url.pathname}${url.search}`);
    expect(challenge.status).toBe(200);
    const csp3ds = challenge.headers.get("content-security-policy") ?? "";
    expect(csp3ds).toContain("style-src 'self'");
    expect(csp3ds).toContain("script-src 'self'");
    expect(csp3ds).not.toContain("unsafe-inline");
    expect(csp3ds).toContain("frame-ancestors 'none'");
    // the form may post here, and its answer may redirect to the return URL's origin
    expect(csp3ds).toContain("form-action 'self' https://merchant.example");
    expect(challenge.headers.get("referrer-policy")).toBe("no-referrer");
    // a token that is the right one's suffix, or empty, opens nothing
    const token = url.searchParams.get("token")!;
    for (const wrong of ["", token.slice(1), token.slice(-4)]) {
      expect((await fetch(`${srv.baseUrl}${url.pathname}?token=${encodeURIComponent(wrong)}`)).status).toBe(404);
    }
  });

  it("requests Next would answer with a 500 get a 4xx, and nothing of them in the log as a fault", async () => {
    const { port } = new URL(srv.baseUrl);
    // Raw targets fetch() would not send: the asterisk form, and an escape that does not decode.
    const raw = (method: string, target: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, method, path: target }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end();
      });
    expect(await raw("OPTIONS", "*")).toBe(400);
    expect(await raw("GET", "/merchant/links/%ff")).toBe(400);
    expect(await raw("GET", "/pay/%E0%A4%A")).toBe(400);
    // A server action from another origin: refused as the forgery it is, not thrown inside Next.
    for (const origin of ["https://evil.example", "null", `${srv.baseUrl}.evil.example`, "http://[bad"]) {
      const res = await fetch(`${srv.baseUrl}/merchant/sign-in`, {
        method: "POST",
        headers: { "Next-Action": "0".repeat(42), Origin: origin, "Content-Type": "text/plain;charset=UTF-8" },
        body: "[]",
      });
      expect(res.status, origin).toBe(403);
    }
    // ...and as a page without JavaScript posts it: a form, no Next-Action header.
    const form = await fetch(`${srv.baseUrl}/merchant/sign-in`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.example&password=x",
    });
    expect(form.status).toBe(403);
    expect(srv.logs()).not.toMatch(/"level":50|Invalid URL|Server Actions/);
  });

  it("a secret sent under a percent-encoded name stays out of the log", async () => {
    const link = (await srv.merchant.createPaymentLink(linkRequest())).paymentLinkData;
    const secret = new URL(link.paymentLinkUri).searchParams.get("secret")!;
    const encoded = local(link.paymentLinkUri).replace("?secret=", "?%73ecret=");
    const res = await fetch(encoded, { redirect: "manual" });
    expect(res.status).toBe(303); // the proxy reads the decoded name: it is the secret
    await expect.poll(() => srv.logs(), { timeout: 10_000 }).toContain("%73ecret=[REDACTED]");
    expect(srv.logs()).not.toContain(secret);
  });

  it("another merchant's secret key does not open a link's callback listing (the preview's owner check)", async () => {
    const pg = await import("pg");
    const client = new pg.default.Client({ connectionString: srv.databaseUrl });
    await client.connect();
    // A second merchant, stored as the gateway stores partners (its vault seals the client secret).
    const otherKey = `sk_test_${randomBytes(16).toString("hex")}`;
    const sealed = masterSealer(
      loadMasterKey({ mode: "sandbox", dataDir: srv.dataDir, masterKey: { value: undefined, file: undefined } }),
    ).encrypt(randomBytes(32).toString("base64url"));
    await client.query(
      "insert into partners (id, kind, name, client_key, client_secret_enc, public_key_pem, secret_key_hash, channel_id) values ($1, 'merchant', 'Other shop', $2, $3, 'unused', $4, '95221')",
      [randomUUID(), `mer_${randomBytes(8).toString("hex")}`, sealed, sha256Hex(otherKey)],
    );
    await client.end();
    const link = (await srv.merchant.createPaymentLink(linkRequest())).paymentLinkData;
    const list = (key: string) =>
      fetch(`${srv.baseUrl}/v1/callback-deliveries?linkId=${link.paymentLinkId}&limit=1`, {
        headers: { "X-Secret-Key": key },
      });
    expect((await list(srv.credentials.merchant.secretKey)).status).toBe(200);
    const refused = await list(otherKey);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: { code: "resource_missing", param: "linkId" } });
  });
});
