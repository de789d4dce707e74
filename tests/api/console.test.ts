import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { simulateVaPayment } from "@/lib/clients/simulator";
import { ConsoleClient } from "@/lib/clients/console-client";
import { V1ClientError } from "@/lib/clients/v1-answer";
import type { CreateLinkRequest } from "@/lib/contract/console";
import { formatMoney, parseMoney, sumMinor } from "@/lib/contract/money";
import { linkRequest } from "@/tests/support/factories";
import { startReceiver } from "@/tests/support/receiver";
import { startSilentServer, type SilentServer } from "@/tests/support/silent-server";
import { DB_KINDS, startServer, type RunningServer } from "@/tests/support/server";
import { snapError } from "@/tests/support/snap-error";

type Login = { merchant: string; email: string; password: string };

/** The /v1 error of a failed call, or a failure of the test when the call succeeded. */
async function v1Error(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (err instanceof V1ClientError)
      return {
        status: err.status,
        code: err.code,
        param: err.param,
        message: err.message,
      };
    throw err;
  }
  throw new Error("expected a /v1 error");
}

const consoleLink = (over: Partial<CreateLinkRequest["additionalInfo"]> = {}): CreateLinkRequest => {
  const { partnerReferenceNo: _r, trxId: _t, ...body } = linkRequest({ additionalInfo: over });
  return body;
};

describe.each(DB_KINDS)("merchant console API on %s", (db) => {
  let srv: RunningServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let logins: Login[];
  let a: ConsoleClient; // merchant A through a console session
  let b: ConsoleClient; // merchant B through a console session
  let frontendKey: string;
  let checkout: GatewayClient;

  beforeAll(async () => {
    receiver = await startReceiver(() => srv?.credentials.gatewayPublicKeyPem ?? null);
    srv = await startServer({
      db,
      env: {
        KEY_ROTATION_GRACE_SECONDS: "2",
        CALLBACK_RETRY_SCHEDULE: "0.3,0.3",
        CALLBACK_POLL_MS: "100",
      },
    });
    logins = (srv.credentials as unknown as { console: Login[] }).console;
    frontendKey = (
      JSON.parse(fs.readFileSync(path.join(srv.dataDir, "checkout-client.json"), "utf8")) as { secretKey: string }
    ).secretKey;
    const anon = new ConsoleClient(srv.baseUrl, null);
    const [sa, sb] = await Promise.all([
      anon.signIn(logins[0]!.email, logins[0]!.password),
      anon.signIn(logins[1]!.email, logins[1]!.password),
    ]);
    a = new ConsoleClient(srv.baseUrl, { sessionToken: sa.token });
    b = new ConsoleClient(srv.baseUrl, { sessionToken: sb.token });
    checkout = new GatewayClient(srv.baseUrl, srv.checkout);
  }, 300_000); // a fresh server plus two scrypt sign-ins: slow on a loaded machine
  afterAll(async () => {
    await srv?.stop();
    await receiver?.close();
  });

  it("seeds two merchants with one console user each; the first is the credentials file's merchant", async () => {
    expect(logins).toHaveLength(2);
    expect(logins[0]!.merchant).toBe(srv.credentials.merchant.partnerId);
    expect(logins[1]!.merchant).not.toBe(logins[0]!.merchant);
    expect((await a.session()).merchant.partnerId).toBe(logins[0]!.merchant);
    expect((await b.session()).merchant.partnerId).toBe(logins[1]!.merchant);
    // The passwords are only in the credentials file, never in the log.
    expect(srv.logs()).not.toContain(logins[0]!.password);
  });

  it("signs out: the token stops working", async () => {
    const s = await new ConsoleClient(srv.baseUrl, null).signIn(logins[0]!.email.toUpperCase(), logins[0]!.password);
    const c = new ConsoleClient(srv.baseUrl, { sessionToken: s.token });
    await c.session();
    await c.signOut();
    expect(await v1Error(c.session())).toMatchObject({
      status: 401,
      code: "session_expired",
    });
    expect(await v1Error(new ConsoleClient(srv.baseUrl, { sessionToken: "cs_nope" }).listLinks())).toMatchObject({
      status: 401,
    });
  });

  it("lists links newest first with exact fields, cursor pages without gaps, filters and search", async () => {
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await b.createLink(
          consoleLink({
            invoiceTitle: `Tenun ${i}`,
            customerDetail: {
              ...linkRequest().additionalInfo.customerDetail,
              email: `buyer${i}@example.id`,
            },
          }),
        ),
      );
    const first = await b.listLinks({ limit: 2 });
    expect(first.hasMore).toBe(true);
    expect(Object.keys(first.data[0]!).sort()).toEqual(
      [
        "createdAt",
        "customer",
        "expiredAt",
        "paidAt",
        "partnerReferenceNo",
        "paymentFlagStatus",
        "paymentLinkId",
        "paymentMethod",
        "refundedAmount",
        "title",
        "totalAmount",
      ].sort(),
    );
    expect(first.data.map((l) => l.paymentLinkId)).toEqual([made[4]!.paymentLinkId, made[3]!.paymentLinkId]);
    expect(first.data[0]).toMatchObject({
      title: "Tenun 4",
      totalAmount: { value: "245000.10", currency: "IDR" },
      paymentFlagStatus: "02",
    });
    const seen = [...first.data];
    let page = first;
    while (page.hasMore) {
      page = await b.listLinks({
        limit: 2,
        startingAfter: page.data.at(-1)!.paymentLinkId,
      });
      seen.push(...page.data);
    }
    expect(seen.map((l) => l.paymentLinkId)).toEqual(made.map((l) => l.paymentLinkId).reverse());
    expect((await b.listLinks({ limit: 100, startingAfter: made[0]!.paymentLinkId })).data).toEqual([]);
    expect((await b.listLinks({ q: "BUYER3@" })).data.map((l) => l.paymentLinkId)).toEqual([made[3]!.paymentLinkId]);
    expect((await b.listLinks({ q: made[1]!.partnerReferenceNo })).data.map((l) => l.paymentLinkId)).toEqual([
      made[1]!.paymentLinkId,
    ]);
    expect((await b.listLinks({ q: "%" })).data).toEqual([]);
    expect((await b.listLinks({ status: "00" })).data).toEqual([]);
    expect((await b.listLinks({ status: "02", limit: 100 })).data).toHaveLength(5);
    expect(
      (
        await b.listLinks({
          createdFrom: new Date(Date.now() + 60_000).toISOString(),
        })
      ).data,
    ).toEqual([]);
    for (const bad of [{ limit: 0 }, { limit: 101 }, { status: "04" as "00" }, { createdFrom: "yesterday" }]) {
      expect(await v1Error(b.listLinks(bad))).toMatchObject({
        status: 400,
        code: "parameter_invalid",
      });
    }
  });

  it("answers another merchant's link, delivery and cursor exactly like unknown ones (404)", async () => {
    const { paymentLinkData: own } = await srv.merchant.createPaymentLink(linkRequest());
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const call of [
      (c: ConsoleClient, id: string) => c.getLink(id),
      (c: ConsoleClient, id: string) => c.expireLink(id),
      (c: ConsoleClient, id: string) => c.resendDelivery(id),
    ]) {
      const foreign = await v1Error(call(b, own.paymentLinkId));
      expect(foreign).toEqual(await v1Error(call(b, unknown)));
      expect(foreign.status).toBe(404);
    }
    expect(await v1Error(b.listLinks({ startingAfter: own.paymentLinkId }))).toEqual(
      await v1Error(b.listLinks({ startingAfter: unknown })),
    );
    expect((await b.listLinks({ limit: 100 })).data.some((l) => l.paymentLinkId === own.paymentLinkId)).toBe(false);
    // Raw HTTP: byte-identical bodies.
    const raw = async (id: string) => {
      const r = await fetch(`${srv.baseUrl}/v1/payment-links/${id}`, {
        headers: { "X-Secret-Key": srv.credentials.merchant.secretKey },
      });
      return [r.status, await r.text()];
    };
    const bLink = (await b.listLinks({ limit: 1 })).data[0]!.paymentLinkId;
    expect(await raw(bLink)).toEqual(await raw(unknown));
  });

  it("shows a paid link with its timeline, payment and delivered callback; Resend now makes a second delivery", async () => {
    await a.setCallbackBaseUrl(`${receiver.url}/a`);
    const link = await a.createLink(consoleLink());
    expect(link.paymentLinkUri).toMatch(new RegExp(`/pay/${link.paymentLinkId}\\?secret=`));
    const paid = await checkout.payPaymentLink({
      additionalInfo: {
        paymentLinkId: link.paymentLinkId,
        paymentMethod: { groupId: "va", methodId: "bni" },
      },
    });
    const va = (paid.paymentLinkData.payment.content as { value: string }).value;
    expect(
      (
        await simulateVaPayment(srv.baseUrl, srv.credentials.acquirer, {
          virtualAccountNo: va,
          amount: link.totalAmount.value,
        })
      ).status,
    ).toBe(200);
    await receiver.waitFor((all) => all.filter((r) => r.json.paymentLinkId === link.paymentLinkId).length >= 1);
    let detail = await a.getLink(link.paymentLinkId);
    for (let i = 0; i < 50 && !detail.deliveries.every((d) => d.status === "delivered"); i++) {
      await new Promise((r) => setTimeout(r, 100));
      detail = await a.getLink(link.paymentLinkId);
    }
    expect(detail.paymentFlagStatus).toBe("00");
    expect(detail.timeline.map((e) => e.type)).toEqual(["created", "method_chosen", "paid"]);
    expect(detail.timeline[1]!.method).toBe("va.bni");
    expect(detail.payment).toMatchObject({
      type: "va",
      bank: "bni",
      content: { value: va },
      status: "paid",
    });
    const status = detail.deliveries.find((d) => d.kind === "link")!;
    expect(status).toMatchObject({
      status: "delivered",
      url: `${receiver.url}/a/v1.0/payment-link/notify`,
    });
    expect(status.attemptLog[0]).toMatchObject({
      attemptNo: 1,
      statusCode: 200,
    });

    const again = await a.resendDelivery(status.id);
    expect(again).toMatchObject({
      resendOf: status.id,
      status: "pending",
      body: status.body,
    });
    expect(again.id).not.toBe(status.id);
    const got = await receiver.waitFor((all) => all.some((r) => r.headers["x-external-id"] === again.id));
    const second = got.find((r) => r.headers["x-external-id"] === again.id)!;
    expect(second.signatureValid).toBe(true);
    expect(second.body).toBe(JSON.stringify(status.body));
  });

  it("expires a pending link now with a status callback; a second expire is 409", async () => {
    const link = await a.createLink(consoleLink());
    const paid = await checkout.payPaymentLink({
      additionalInfo: {
        paymentLinkId: link.paymentLinkId,
        paymentMethod: { groupId: "va", methodId: "bri" },
      },
    });
    const expired = await a.expireLink(link.paymentLinkId);
    expect(expired.paymentFlagStatus).toBe("03");
    expect(expired.timeline.at(-1)).toMatchObject({
      type: "expired",
      by: "merchant",
    });
    expect(await v1Error(a.expireLink(link.paymentLinkId))).toMatchObject({
      status: 409,
      code: "payment_link_not_pending",
    });
    const cb = await receiver.waitFor((all) =>
      all.some((r) => r.json.paymentLinkId === link.paymentLinkId && r.json.paymentFlagStatus === "03"),
    );
    expect(cb.find((r) => r.json.paymentLinkId === link.paymentLinkId)!.signatureValid).toBe(true);
    // The bank can no longer pay its VA.
    const va = (paid.paymentLinkData.payment.content as { value: string }).value;
    const late = await simulateVaPayment(srv.baseUrl, srv.credentials.acquirer, {
      virtualAccountNo: va,
      amount: link.totalAmount.value,
    });
    expect(late.status).toBe(404);
    expect(
      await snapError(
        checkout.payPaymentLink({
          additionalInfo: {
            paymentLinkId: link.paymentLinkId,
            paymentMethod: { groupId: "qr", methodId: "qris" },
          },
        }),
      ),
    ).toMatchObject({ status: 403, code: "4032700" });
  });

  it("switches a method off per merchant: the Method API and Pay honour it at once, the other merchant is untouched", async () => {
    const groups = await a.setMethod("va", "bca", {
      active: false,
      reason: "maintenance",
    });
    const bca = groups.data.find((g) => g.id === "va")!.method.find((m) => m.id === "bca")!;
    expect(bca).toMatchObject({
      active: false,
      activeText: {
        english: "Under maintenance. Please choose another method.",
        indonesia: "Sedang dalam pemeliharaan. Silakan pilih metode lain.",
      },
    });
    const link = await a.createLink(consoleLink());
    const methods = await checkout.paymentLinkMethods({
      additionalInfo: { paymentLinkId: link.paymentLinkId },
    });
    expect(
      methods.paymentLinkPaymentMethod.additionalInfo.paymentMethod
        .find((g) => g.id === "va")!
        .method.find((m) => m.id === "bca")!.active,
    ).toBe(false);
    expect(
      await snapError(
        checkout.payPaymentLink({
          additionalInfo: {
            paymentLinkId: link.paymentLinkId,
            paymentMethod: { groupId: "va", methodId: "bca" },
          },
        }),
      ),
    ).toMatchObject({ status: 403, code: "4032701" });
    expect((await b.methods()).data.find((g) => g.id === "va")!.method.find((m) => m.id === "bca")!.active).toBe(true);

    await a.setMethod("qr", null, { active: false, reason: "registration" });
    const qr = (await a.methods()).data.find((g) => g.id === "qr")!;
    expect(qr).toMatchObject({
      active: false,
      activeText: {
        english: "Registration in progress.",
        indonesia: "Pendaftaran sedang diproses.",
      },
      method: [],
    });
    await a.setMethod("qr", null, { active: true });
    await a.setMethod("va", "bca", { active: true });
    expect((await a.methods()).data.find((g) => g.id === "qr")!.active).toBe(true);
    expect(await v1Error(a.setMethod("zz", null, { active: false }))).toMatchObject({ status: 404 });
    expect(await v1Error(a.setMethod("va", "nope", { active: false }))).toMatchObject({ status: 404 });
  });

  it("rotates the sk_ key: new one shown once, the old one works for the grace period, then 401", async () => {
    const rotated = await b.rotateSecretKey();
    expect(rotated.secretKey).toMatch(/^sk_test_/);
    const bKey = new ConsoleClient(srv.baseUrl, {
      secretKey: rotated.secretKey,
    });
    expect((await bKey.account()).partnerId).toBe(logins[1]!.merchant);
    const second = await b.rotateSecretKey();
    const old = new ConsoleClient(srv.baseUrl, {
      secretKey: rotated.secretKey,
    });
    expect((await old.listLinks({ limit: 1 })).data).toHaveLength(1); // still in its grace period
    // ...but a key retired after a leak cannot retire the merchant's new one, nor move callbacks.
    for (const change of [
      () => old.rotateSecretKey(),
      () => old.rotateClientSecret(),
      () => old.setCallbackBaseUrl(null),
    ])
      expect(await v1Error(change())).toMatchObject({ status: 401, code: "invalid_api_key" });
    expect((await new ConsoleClient(srv.baseUrl, { secretKey: second.secretKey }).account()).partnerId).toBe(
      logins[1]!.merchant,
    );
    await new Promise((r) => setTimeout(r, 2_300));
    expect(await v1Error(old.listLinks({ limit: 1 }))).toMatchObject({
      status: 401,
      code: "invalid_api_key",
    });
    expect(
      (
        await new ConsoleClient(srv.baseUrl, {
          secretKey: second.secretKey,
        }).account()
      ).previousSecretKeyUntil,
    ).toBeNull();
    expect(srv.logs()).not.toContain(second.secretKey);
  });

  it("rotates the client secret: old and new both sign during the grace period, then only the new", async () => {
    const oldSigner = new GatewayClient(srv.baseUrl, srv.credentials.merchant);
    const { clientSecret } = await a.rotateClientSecret();
    const newSigner = new GatewayClient(srv.baseUrl, {
      ...srv.credentials.merchant,
      clientSecret,
    });
    await oldSigner.createPaymentLink(linkRequest());
    await newSigner.createPaymentLink(linkRequest());
    await new Promise((r) => setTimeout(r, 2_300));
    expect(await snapError(oldSigner.createPaymentLink(linkRequest()))).toMatchObject({ status: 401, code: "4012700" });
    await newSigner.createPaymentLink(linkRequest());
  });

  it("sends a signed test callback and shows the request and the reply", async () => {
    await b.setCallbackBaseUrl(null);
    expect(await v1Error(b.testCallback())).toMatchObject({
      status: 409,
      code: "no_callback_url",
    });
    await b.setCallbackBaseUrl(`${receiver.url}/b/`);
    const test = await b.testCallback();
    expect(test.request.url).toBe(`${receiver.url}/b/v1.0/payment-link/notify`);
    expect(test.request.headers["X-SIGNATURE"]).toBeTruthy();
    expect(test.response).toMatchObject({ status: 200 });
    const got = receiver.received.find((r) => r.headers["x-external-id"] === test.request.headers["X-EXTERNAL-ID"])!;
    expect(got.signatureValid).toBe(true);
    for (const bad of [
      "ftp://x",
      "https://shop.example/b?x=1",
      "https://shop.example/b#x",
      "https://u:p@shop.example/b",
    ])
      expect(await v1Error(b.setCallbackBaseUrl(bad)), bad).toMatchObject({
        status: 400,
        param: "callbackBaseUrl",
      });
    expect((await b.account()).callbackBaseUrl).toBe(`${receiver.url}/b`);
    // An endpoint that cannot be reached is the test's answer, not an error of the call (port 1:
    // nothing here listens on it).
    await b.setCallbackBaseUrl("http://127.0.0.1:1");
    try {
      const refused = await b.testCallback();
      expect(refused.response).toBeNull();
      expect(refused.error).toMatch(/ECONNREFUSED/);
    } finally {
      await b.setCallbackBaseUrl(`${receiver.url}/b/`);
    }
  });

  it("creates with the same money rules as SNAP Create and gives an overview", async () => {
    expect(
      await v1Error(
        a.createLink({
          ...consoleLink(),
          totalAmount: { value: "1.00", currency: "IDR" },
        }),
      ),
    ).toMatchObject({ status: 400, param: "totalAmount.value" });
    expect(
      await v1Error(
        a.createLink(
          consoleLink({
            customFees: [{ text: "Discount", value: "-999999.00" }],
          }),
        ),
      ),
    ).toMatchObject({ status: 400, param: "totalAmount.value" });
    const ref = `REF-${Date.now()}`;
    await a.createLink({ ...consoleLink(), partnerReferenceNo: ref });
    expect(await v1Error(a.createLink({ ...consoleLink(), partnerReferenceNo: ref }))).toMatchObject({
      status: 409,
      code: "duplicate_reference",
    });
    const o = await a.overview();
    expect(o.daily).toHaveLength(30);
    expect(o.counts.paid).toBeGreaterThanOrEqual(2); // the demo's paid link and the one paid above
    expect(Number(o.collected.today)).toBeGreaterThan(0);
    expect(o.collected.last30Days).toBe(formatMoney(sumMinor(o.daily.map((d) => parseMoney(d.amount)))));
    const doc = (await (await fetch(`${srv.baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const p of [
      "/v1/payment-links",
      "/v1/payment-links/{id}",
      "/v1/payment-links/{id}/expire",
      "/v1/callback-deliveries/{id}/resend",
      "/v1/payment-methods",
      "/v1/payment-methods/{groupId}/{methodId}",
    ]) {
      expect(doc.paths[p], p).toBeTruthy();
    }
  });

  it("exports the filtered list as CSV: the merchant's own links, cells quoted, formulas defused", async () => {
    const token = (await new ConsoleClient(srv.baseUrl, null).signIn(logins[1]!.email, logins[1]!.password)).token;
    const made = await b.createLink(
      consoleLink({
        invoiceTitle: '=HYPERLINK("https://evil.example","Kain")',
        customerDetail: {
          ...linkRequest().additionalInfo.customerDetail,
          firstName: 'Ayu "Batik"',
          lastName: "Lestari",
        },
      }),
    );
    const csv = async (query: string, sessionToken: string) => {
      const res = await fetch(`${srv.baseUrl}/merchant/links/export.csv${query}`, {
        headers: { cookie: `nusapay_console=${sessionToken}` },
      });
      return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
    };
    const mine = await csv(`?q=${encodeURIComponent("batik")}`, token);
    expect(mine.status).toBe(200);
    expect(mine.type).toBe("text/csv; charset=utf-8");
    const lines = mine.text.split("\r\n");
    expect(lines[0]).toBe(
      "paymentLinkId,partnerReferenceNo,title,customerName,customerEmail,totalAmount,currency,paymentFlagStatus,paymentMethod,createdAt,expiredAt,paidAt,refundedAmount",
    );
    expect(lines.at(-1)).toBe("");
    const row = lines.find((l) => l.startsWith(`"${made.paymentLinkId}"`));
    expect(row).toContain(`"'=HYPERLINK(""https://evil.example"",""Kain"")"`);
    expect(row).toContain(`"Ayu ""Batik"" Lestari"`);
    expect(row).toContain(`"${made.totalAmount.value}","IDR","02"`);
    expect(row).toMatch(/,"0\.00"$/);
    // Another merchant's export never holds it; no session is a 401.
    const sa = (await new ConsoleClient(srv.baseUrl, null).signIn(logins[0]!.email, logins[0]!.password)).token;
    const theirs = await csv(`?q=${encodeURIComponent("batik")}`, sa);
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toContain(made.paymentLinkId);
    expect((await csv("", `cs_${"x".repeat(43)}`)).status).toBe(401);
  }, 300_000); // two scrypt sign-ins: slow on a loaded machine

  it("locks sign-in after 5 failures per account and per address with the same generic answer", async () => {
    const anon = new ConsoleClient(srv.baseUrl, null);
    const from = (ip: string) => ({
      secretKey: frontendKey,
      clientAddress: ip,
    });
    const wrong = await v1Error(anon.signIn(logins[1]!.email, "wrong", from("198.51.100.1")));
    expect(wrong).toMatchObject({ status: 401, code: "sign_in_refused" });
    // Per account: failures from five different addresses lock the account everywhere.
    for (let i = 2; i <= 5; i++) await v1Error(anon.signIn(logins[1]!.email, "wrong", from(`198.51.100.${i}`)));
    expect(await v1Error(anon.signIn(logins[1]!.email, logins[1]!.password, from("198.51.100.77")))).toEqual(wrong);
    // Per address: five accounts (even unknown ones) from one address lock that address.
    for (let i = 0; i < 5; i++) await v1Error(anon.signIn(`nobody${i}@example.id`, "x", from("203.0.113.9")));
    expect(await v1Error(anon.signIn(logins[0]!.email, logins[0]!.password, from("203.0.113.9")))).toEqual(wrong);
    // Elsewhere the other account still signs in; an address claimed without the front end's key is not believed.
    await anon.signIn(logins[0]!.email, logins[0]!.password, from("203.0.113.10"));
    const spoof = await fetch(`${srv.baseUrl}/v1/console/sessions`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Client-Address": "192.0.2.1",
      },
      body: JSON.stringify({
        email: logins[1]!.email,
        password: logins[1]!.password,
      }),
    });
    expect(spoof.status).toBe(401);
  }, 300_000); // ~11 scrypt checks of 128 MiB each: slow by design, slower on a loaded machine
});

describe("the console when the gateway stops answering", () => {
  let srv: RunningServer;
  let blackHole: SilentServer;

  beforeAll(async () => {
    blackHole = await startSilentServer();
    srv = await startServer({ db: "pglite", env: { GATEWAY_BASE_URL: blackHole.url } });
  });

  afterAll(async () => {
    try {
      await srv?.stop();
    } finally {
      await blackHole?.close();
    }
  });

  it("answers a console page with an error once the 10 s bound has passed, instead of hanging", async () => {
    // Without the bound the call waits for undici's own 300 s, and this request's 40 s run out.
    const res = await fetch(`${srv.baseUrl}/merchant`, {
      headers: { cookie: `nusapay_console=cs_${"a".repeat(43)}` },
      redirect: "manual",
      signal: AbortSignal.timeout(40_000),
    });
    await res.text();
    // The page's session check went to the gateway and got no answer.
    expect(blackHole.asked).toContain("GET /v1/console/session HTTP/1.1");
    expect(res.status).toBe(500);
  }, 60_000);

  it("ends a CSV export with a plain 503, not a failed request", async () => {
    const res = await fetch(`${srv.baseUrl}/merchant/links/export.csv`, {
      headers: { cookie: `nusapay_console=cs_${"b".repeat(43)}` },
      signal: AbortSignal.timeout(40_000),
    });
    expect(res.status).toBe(503);
    expect(await res.text()).toBe("The gateway did not answer. Please try again.");
    expect(srv.logs()).toContain("gateway call failed");
  }, 60_000);
});
