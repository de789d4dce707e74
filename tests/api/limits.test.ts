import { randomUUID } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IntentsClient } from "@/lib/clients/intents-client";
import { inSeconds } from "../support/factories";
import { memory } from "../support/processes";
import { expectEnvelope, signed } from "../support/snap-http";
import { DB_KINDS, startServer, type RunningServer } from "../support/server";

const MiB = 1024 * 1024;

/**
 * POST `total` bytes chunked (no Content-Length) on a raw socket, 64 KiB at a time with
 * back-pressure, and stop writing once the server answers (or closes: it may cut the socket
 * under a write once it has answered, and the answer read so far counts).
 */
function chunkedPost(
  url: string,
  total: number,
  contentType: string,
): Promise<{ status: number; text: string; sent: number }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const frame = Buffer.concat([
      Buffer.from(`${(64 * 1024).toString(16)}\r\n`),
      Buffer.alloc(64 * 1024, 0x61),
      Buffer.from("\r\n"),
    ]);
    let sent = 0;
    let reply = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0);
      if (!status) return reject(new Error(`no answer after ${sent} bytes: ${reply.slice(0, 200)}`));
      resolve({ status, text: reply.slice(reply.indexOf("\r\n\r\n") + 4), sent });
    };
    socket.setEncoding("latin1");
    socket.on("data", (d: string) => {
      reply += d;
      // A complete answer (Content-Length bytes after the head) ends the upload.
      const head = reply.indexOf("\r\n\r\n");
      const length = Number(/content-length: (\d+)/i.exec(reply)?.[1] ?? NaN);
      if (head >= 0 && reply.length - head - 4 >= length) finish();
    });
    socket.on("error", finish);
    socket.on("close", finish);
    const pump = () => {
      while (!done && sent < total) {
        sent += 64 * 1024;
        if (!socket.write(frame)) return void socket.once("drain", pump);
      }
      if (!done) socket.write("0\r\n\r\n");
    };
    socket.on("connect", () => {
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: ${contentType}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      pump();
    });
  });
}

/**
 * One body limit for every family, chunked or not (issue 10): 64 KiB, then 400 in the family's
 * envelope without buffering more; JSON nesting bounded at parse time (a 4xx naming the field).
 */
describe.each(DB_KINDS)("request limits on %s", (db) => {
  let srv: RunningServer;
  let intents: IntentsClient;
  beforeAll(async () => {
    srv = await startServer({ db });
    intents = new IntentsClient(srv.baseUrl, srv.credentials.merchant.secretKey);
  });
  afterAll(async () => {
    await srv.stop();
  });

  it.each([
    ["confirm (JSON)", "confirm", "application/json"],
    ["the 3-D Secure form", "3ds", "application/x-www-form-urlencoded"],
  ])("answers a 200 MB chunked POST to %s with 400 body_too_large, its memory flat", async (_, step, contentType) => {
    const intent = await intents.create({ amount: 10_000, currency: "IDR" });
    const before = memory(srv.child.pid!);
    const answer = await chunkedPost(`${srv.baseUrl}/v1/payment-intents/${intent.id}/${step}`, 200 * MiB, contentType);
    const after = memory(srv.child.pid!);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { type: "invalid_request_error", code: "body_too_large" } });
    // The server read 64 KiB and stopped: neither its resident size nor its peak grew with the body.
    expect(after.peak - before.peak).toBeLessThan(32 * MiB);
    expect(after.rss - before.rss).toBeLessThan(32 * MiB);
    expect(answer.sent).toBeLessThan(200 * MiB); // the client was answered before it finished
    expect((await intents.retrieve(intent.id)).status).toBe("created");
    expect((await fetch(`${srv.baseUrl}/api/health`)).status).toBe(200);
  });

  const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

  it("refuses JSON nested 5 000 deep inside additionalInfo on Create VA with 4002701 naming the field", async () => {
    const customerNo = `${Date.now() % 1e9}`;
    const body = JSON.stringify({
      partnerServiceId: "   88808",
      customerNo,
      virtualAccountNo: `   88808${customerNo}`,
      virtualAccountName: "Budi Santoso",
      trxId: `TRX-${randomUUID().slice(0, 8)}`,
      totalAmount: { value: "150000.00", currency: "IDR" },
      virtualAccountTrxType: "C",
      expiredDate: inSeconds(3600),
      additionalInfo: { note: "x" },
    }).replace('{"note":"x"}', `{"note":"x","deep":${deep(5_000)}}`);
    const answer = await signed(srv.merchant.snap, { path: "/v1.0/transfer-va/create-va", body });
    expectEnvelope(answer, 400, "4002701");
    expect((answer.body as { responseMessage: string }).responseMessage).toMatch(
      /^Invalid Field Format additionalInfo\.deep\.a\.a/,
    );
  });

  it("refuses JSON nested 5 000 deep on /v1 with 400 naming the field", async () => {
    const body = `{"amount":1000,"currency":"IDR","metadata":{"k":${deep(5_000)}}}`;
    const res = await fetch(`${srv.baseUrl}/v1/payment-intents`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Secret-Key": srv.credentials.merchant.secretKey },
      body,
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; param: string } };
    expect(error).toMatchObject({ code: "parameter_invalid", param: expect.stringMatching(/^metadata\.k\.a\.a/) });
  });

  it("never answered any of these with a 500", () => {
    expect(srv.logs()).not.toMatch(/unexpected fault|unhandled API error/);
  });
});
