import net from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkRequest } from "../support/factories";
import { startServer, type RunningServer } from "../support/server";
import { snapError } from "../support/snap-error";

/**
 * Production refuses callback targets inside the gateway's network however they are
 * written (CONTRACT §6): each form points at a live loopback service that answers anything,
 * and the service must never see a connection, nor its words come back to the merchant.
 */
describe("production: callback targets (SSRF)", () => {
  let srv: RunningServer;
  let listener: net.Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections++;
      socket.on("error", () => {});
      socket.resume(); // read what the client sends, so its end closes the socket
      socket.end("HTTP/1.1 200 OK\r\nContent-Length: 12\r\nConnection: close\r\n\r\nsecret-admin");
    });
    await new Promise<void>((r) => listener.listen(0, "127.0.0.1", r));
    port = (listener.address() as net.AddressInfo).port;
    srv = await startServer({
      db: "postgres",
      env: { GATEWAY_MODE: "production", CALLBACK_CONNECT_TIMEOUT_MS: "1000" },
    });
  });
  afterAll(async () => {
    expect(await srv.stop()).toBe(0);
    await new Promise((r) => listener.close(r));
  });

  const forms = () => [
    `http://[::ffff:7f00:1]:${port}/hooks`,
    `http://[::ffff:127.0.0.1]:${port}/hooks`,
    `http://0x7f.1:${port}/hooks`,
    `http://2130706433:${port}/hooks`,
    `http://0177.0.0.1:${port}/hooks`,
    `http://127.1:${port}/hooks`,
    `http://127.0.0.1:${port}/hooks`,
    `http://[::1]:${port}/hooks`,
    `http://[::]:${port}/hooks`,
    `http://[fec0::1]:${port}/hooks`,
    `http://[64:ff9b::7f00:1]:${port}/hooks`,
    `http://[2002:7f00:1::1]:${port}/hooks`,
    `http://198.18.0.1:${port}/hooks`,
    `http://100.64.0.1:${port}/hooks`,
    `http://169.254.169.254/latest/meta-data/`,
    `http://[fe80::1]:${port}/hooks`,
    `http://[fc00::1]:${port}/hooks`,
    `http://0.0.0.0:${port}/hooks`,
    `http://10.1.2.3/hooks`,
    `http://192.168.0.10/hooks`,
    `http://224.0.0.1/hooks`,
    `http://localhost:${port}/hooks`,
    `http://LOCALHOST.:${port}/hooks`,
    // The machine's own name: /etc/hosts maps it to loopback (or it does not resolve at all).
    `http://${os.hostname()}:${port}/hooks`,
    `http://no-such-host.invalid/hooks`,
  ];

  it("refuses every form at create with 4002701, and nothing is connected", async () => {
    const answers = [];
    for (const url of forms()) {
      answers.push([
        url,
        await snapError(srv.merchant.createPaymentLink(linkRequest({ additionalInfo: { callbackBaseUrl: url } }))),
      ]);
    }
    expect(answers).toEqual(
      forms().map((url) => [
        url,
        { status: 400, code: "4002701", message: "Invalid Field Format additionalInfo.callbackBaseUrl" },
      ]),
    );
    expect(forms().length).toBeGreaterThanOrEqual(20);

    const res = await fetch(`${srv.baseUrl}/v1/callback-deliveries?limit=500`, {
      headers: { "X-Secret-Key": srv.credentials.merchant.secretKey },
    });
    const { data } = (await res.json()) as { data: { url: string; attempts: { replyExcerpt: string | null }[] }[] };
    expect(JSON.stringify(data)).not.toContain("secret-admin");
    expect(connections).toBe(0);
  });

  it("accepts a public callback target", async () => {
    const res = await srv.merchant.createPaymentLink(
      linkRequest({ additionalInfo: { callbackBaseUrl: "https://8.8.8.8/hooks" } }),
    );
    expect(res.paymentLinkData.paymentFlagStatus).toBe("02");
  });
});
