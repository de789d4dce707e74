import { randomUUID } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConsoleClient } from "@/lib/clients/console-client";
import { actionHeaders, actionId } from "../support/actions";
import { linkRequest } from "../support/factories";
import { startServer, type RunningServer } from "../support/server";

/**
 * Defects found by attacking a running server from outside (issue 28, docs/security-edges.md):
 * which requests may change something, which headers count, how much of a body is read, and
 * what the gateway answers a method or a stream it refuses.
 */

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request with exactly these headers (fetch would add its own Sec-Fetch-Mode and more). */
function send(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${baseUrl}${path}`, { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Sent at most, 1 MiB at a time, by the oversized bodies below; a fraction of what they declare. */
const SEND_CAP = 64 * 1024 * 1024;

/**
 * A body far larger than any page takes, sent a chunk at a time for as long as the server reads
 * it: the status of the answer, if one came before SEND_CAP bytes were sent, and what was sent.
 */
function oversizedPost(baseUrl: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number | null; sent: number }>((resolve, reject) => {
    const req = http.request(`${baseUrl}${path}`, { method: "POST", headers });
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    let sent = 0;
    let settled = false;
    const settle = (status: number | null) => {
      if (settled) return;
      settled = true;
      resolve({ status, sent });
      req.destroy();
    };
    req.on("response", (res) => {
      res.resume();
      settle(res.statusCode ?? 0);
    });
    req.on("error", (err) => (settled ? undefined : reject(err)));
    const pump = () => {
      while (!settled) {
        if (sent >= SEND_CAP) {
          // The server read everything it was given and has not answered: stop here.
          settle(null);
          return;
        }
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
    };
    pump();
  });
}

describe("requests from outside (issue 28)", () => {
  let srv: RunningServer;
  let cookie: string;
  const EXPIRE = () => actionId("expireLinkAction", "app/merchant/actions.ts");

  beforeAll(async () => {
    srv = await startServer({ db: "pglite" });
    const login = (srv.credentials as unknown as { console: { email: string; password: string }[] }).console[0]!;
    const session = await new ConsoleClient(srv.baseUrl, null).signIn(login.email, login.password);
    cookie = `nusapay_console=${session.token}`;
  });
  afterAll(async () => {
    await srv?.stop();
  });

  const pendingLink = async () => (await srv.merchant.createPaymentLink(linkRequest())).paymentLinkData.paymentLinkId;
  const flag = async (id: string) =>
    (await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: id } })).paymentLinkData
      .paymentFlagStatus;
  /** The console's "expire link" action on the link's page, as a replayed request sends it. */
  const expire = (id: string, headers: Record<string, string>) =>
    send(srv.baseUrl, "POST", `/merchant/links/${id}`, actionHeaders(EXPIRE(), { cookie, ...headers }), `["${id}"]`);

  it("a server action runs only when its own origin sent it: no Origin at all is refused, and nothing changes", async () => {
    const id = await pendingLink();
    // a replayed action: the session cookie and the action, but no Origin
    expect((await expire(id, {})).status).toBe(403);
    // nor does a browser's word of another site stand in for the Origin
    for (const site of ["cross-site", "same-site", "none"])
      expect((await expire(id, { "Sec-Fetch-Site": site })).status, site).toBe(403);
    expect(await flag(id)).toBe("02");
    // the same request from a page of this origin runs
    const ran = await expire(id, { Origin: srv.baseUrl });
    expect(ran.status).toBe(200);
    expect(await flag(id)).toBe("03");
    // a browser that sends no Origin but says the request is its own origin's is believed
    const other = await pendingLink();
    expect((await expire(other, { "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect(await flag(other)).toBe("03");
  });

  it("a client's own X-Forwarded-Host does not make its origin this one's (TRUST_PROXY=0)", async () => {
    const id = await pendingLink();
    for (const forwarded of ["evil.example", "evil.example, 10.0.0.1"]) {
      const res = await expire(id, { Origin: "https://evil.example", "X-Forwarded-Host": forwarded });
      expect(res.status, forwarded).toBe(403);
    }
    // nor a forwarded scheme or address: the action still runs only for this host's own origin
    const res = await expire(id, {
      Origin: "https://evil.example",
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "https",
      "X-Forwarded-For": "203.0.113.7",
    });
    expect(res.status).toBe(403);
    expect(await flag(id)).toBe("02");
  });

  it("a page's body is cut off at its bound: 413 before the body is read, and the server stays well", async () => {
    // 300 MB declared: answered before more than a small part of it was sent.
    const declared = await oversizedPost(srv.baseUrl, "/merchant/sign-in", {
      ...actionHeaders(EXPIRE(), { cookie, Origin: srv.baseUrl }),
      "Content-Length": "300000000",
    });
    expect(declared.status).toBe(413);
    expect(declared.sent).toBeLessThan(SEND_CAP);
    // No length declared (chunked): refused before a byte of it is read.
    const streamed = await oversizedPost(srv.baseUrl, "/merchant/sign-in", {
      ...actionHeaders(EXPIRE(), { cookie, Origin: srv.baseUrl }),
      "Transfer-Encoding": "chunked",
    });
    expect(streamed.status).toBe(411);
    expect(streamed.sent).toBeLessThan(SEND_CAP);
    // A page's GET that carries a body is bounded too.
    const get = await send(srv.baseUrl, "GET", "/merchant/sign-in", { "Content-Length": "300000000" });
    expect(get.status).toBe(413);
    expect((await fetch(`${srv.baseUrl}/api/health`)).status).toBe(200);
    // A body within the bound still reaches the action.
    const id = await pendingLink();
    expect((await expire(id, { Origin: srv.baseUrl })).status).toBe(200);
  });

  it("the sandbox sends no Strict-Transport-Security (production does: tests/api/production.test.ts)", async () => {
    for (const path of ["/merchant/sign-in", "/api/health", "/openapi.json"]) {
      const res = await fetch(`${srv.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("a live event stream's refusals carry the CORS header its stream has", async () => {
    const id = await pendingLink();
    for (const token of ["", "nope", `${srv.credentials.merchant.partnerId}.1.x`]) {
      const res = await fetch(`${srv.baseUrl}/v1/payment-links/${id}/events?token=${encodeURIComponent(token)}`);
      expect(res.status, token).toBe(401);
      expect(res.headers.get("access-control-allow-origin"), token).toBe("*");
    }
    const unknown = await fetch(`${srv.baseUrl}/v1/payment-links/not-a-uuid/events?token=x`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("a known path asked with a method it does not take: 405 with Allow, in the family's envelope", async () => {
    const create = await fetch(`${srv.baseUrl}/v1.0/payment-link/create`);
    expect(create.status).toBe(405);
    expect(create.headers.get("allow")).toBe("POST");
    expect(create.headers.get("x-timestamp")).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+07:00$/);
    expect(await create.json()).toEqual({ responseCode: "4050000", responseMessage: "Method Not Allowed" });
    // a path that takes another method than POST names it
    const update = await fetch(`${srv.baseUrl}/v1.0/transfer-va/update-va`, { method: "POST", body: "{}" });
    expect(update.status).toBe(405);
    expect(update.headers.get("allow")).toBe("PUT");
    // the token endpoint and the browser-facing card page are paths of the family too
    const token = await fetch(`${srv.baseUrl}/v1.0/access-token/b2b`);
    expect(token.status).toBe(405);
    expect(token.headers.get("allow")).toBe("POST");
    const card = await fetch(`${srv.baseUrl}/v1.0/debit/redirect/${randomUUID()}`, { method: "DELETE" });
    expect(card.status).toBe(405);
    expect(card.headers.get("allow")).toBe("GET, HEAD");

    // /v1: its own error shape
    const confirm = await fetch(`${srv.baseUrl}/v1/payment-intents/${randomUUID()}/confirm`);
    expect(confirm.status).toBe(405);
    // its CORS preflight is a method it takes too
    expect(confirm.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await confirm.json()).toMatchObject({
      error: { type: "invalid_request_error", code: "method_not_allowed", param: null },
    });
    const intents = await fetch(`${srv.baseUrl}/v1/payment-intents`, { method: "DELETE" });
    expect(intents.status).toBe(405);
    expect(intents.headers.get("allow")).toBe("POST");

    // an unknown path is still a 404
    expect((await fetch(`${srv.baseUrl}/v1.0/payment-link/nothing`)).status).toBe(404);
    expect((await fetch(`${srv.baseUrl}/v1/nothing`)).status).toBe(404);
  });
});
