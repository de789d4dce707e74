import { spawn, type ChildProcess } from "node:child_process";
import { generateKeyPairSync, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { simulateVaPayment } from "@/lib/clients/simulator";
import { callbackHeaders } from "@/lib/notify/sign";
import { linkRequest } from "@/tests/support/factories";
import { freePort } from "@/tests/support/production-server";
import { merchantProject, packSdk } from "@/tests/support/sdk-packages";
import { startServer, type RunningServer } from "@/tests/support/server";

/**
 * docs/callback-receiver.mjs is documentation that runs: installed with @nusapay/node in a
 * merchant's fresh project, it verifies real callbacks and answers each case of the callback
 * check (docs/contract.md §11) as a correct endpoint must.
 */
describe("the callback receiver example in docs/", () => {
  let srv: RunningServer;
  let project: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    srv = await startServer({ db: "pglite", env: { CALLBACK_POLL_MS: "100" } });
    const { node } = packSdk();
    project = merchantProject([node]);
    fs.copyFileSync(path.resolve("docs/callback-receiver.mjs"), path.join(project, "callback-receiver.mjs"));
  });
  afterAll(async () => {
    for (const c of children) c.kill();
    await srv.stop();
  });

  /** Start the example on a free port with the given credentials file; its output so far. */
  async function receiver(credentialsFile: string): Promise<{ port: number; out: () => string }> {
    const port = await freePort();
    const child = spawn(process.execPath, ["callback-receiver.mjs", String(port), credentialsFile], { cwd: project });
    children.push(child);
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    await expect.poll(() => out, { timeout: 10_000 }).toContain("callback receiver on");
    return { port, out: () => out };
  }

  it("verifies the gateway's signature on VA and link callbacks", async () => {
    const { port, out } = await receiver(path.join(srv.dataDir, "sandbox-credentials.json"));
    const { paymentLinkData: d } = await srv.merchant.createPaymentLink(
      linkRequest({ additionalInfo: { callbackBaseUrl: `http://127.0.0.1:${port}` } }),
    );
    const checkout = new GatewayClient(srv.baseUrl, srv.checkout);
    const paid = await checkout.payPaymentLink({
      additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId: "va", methodId: "bca" } },
    });
    const va = (paid.paymentLinkData.payment.content as { value: string }).value;
    await simulateVaPayment(srv.baseUrl, srv.credentials.acquirer, {
      virtualAccountNo: va,
      amount: d.totalAmount.value,
    });
    await expect.poll(out, { timeout: 10_000 }).toContain(`link ${d.paymentLinkId} → 00 Success`);
    expect(out()).toContain(`signature OK /v1.0/transfer-va/payment`);
    expect(out()).not.toContain("REJECTED");
    // A forged callback is refused.
    const forged = await fetch(`http://127.0.0.1:${port}/v1.0/payment-link/notify`, {
      method: "POST",
      headers: { "X-TIMESTAMP": "2026-01-01T00:00:00+07:00", "X-SIGNATURE": "Zm9yZ2Vk", "X-EXTERNAL-ID": "x" },
      body: "{}",
    });
    expect(forged.status).toBe(401);
  });

  it("answers the callback check's cases as a correct endpoint must", async () => {
    const pair = () => {
      const p = generateKeyPairSync("rsa", { modulusLength: 2048 });
      return {
        privateKeyPem: p.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
        publicKeyPem: p.publicKey.export({ type: "spki", format: "pem" }).toString(),
      };
    };
    const gateway = pair();
    const stranger = pair();
    const credentialsFile = path.join(project, "check-credentials.json");
    fs.writeFileSync(credentialsFile, JSON.stringify({ gatewayPublicKeyPem: gateway.publicKeyPem }));
    const { port, out } = await receiver(credentialsFile);
    const url = `http://127.0.0.1:${port}/v1.0/payment-link/notify`;
    const linkId = randomUUID();
    const body = JSON.stringify({
      paymentLinkId: linkId,
      paymentFlagStatus: "00",
      paymentFlagReason: { english: "Success", indonesia: "Sukses" },
    });
    // Signed as the gateway's notifier signs (lib/notify/sign), with the key the receiver trusts or another.
    const send = (opts: { key?: string; at?: Date; sentBody?: string; deliveryId?: string } = {}) =>
      fetch(url, {
        method: "POST",
        headers: callbackHeaders({
          privateKeyPem: opts.key ?? gateway.privateKeyPem,
          url,
          body,
          deliveryId: opts.deliveryId ?? randomUUID(),
          partnerId: "check",
          channelId: "check",
          now: opts.at ?? new Date(),
        }),
        body: opts.sentBody ?? body,
      }).then((r) => r.status);

    expect(await send({ sentBody: body.replace('"00"', '"01"') }), "tampered-body").toBe(401);
    expect(await send({ key: stranger.privateKeyPem }), "wrong-key").toBe(401);
    expect(await send({ at: new Date(Date.now() - 10 * 60_000) }), "stale-timestamp").toBe(401);
    expect(out()).not.toContain("credited");
    const deliveryId = randomUUID();
    expect(await send({ deliveryId }), "valid").toBe(200);
    expect(await send({ deliveryId }), "duplicate").toBe(200);
    await expect.poll(out).toContain("(duplicate, ignored)");
    expect(out().split(`credited link ${linkId}`)).toHaveLength(2);
  });
});
