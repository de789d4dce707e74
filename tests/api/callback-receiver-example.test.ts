import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { simulateVaPayment } from "@/lib/clients/simulator";
import { linkRequest } from "@/tests/support/factories";
import { freePort } from "@/tests/support/production-server";
import { startServer, type RunningServer } from "@/tests/support/server";

/** docs/callback-receiver.mjs is documentation that runs: prove it verifies real callbacks. */
describe("the callback receiver example in docs/", () => {
  let srv: RunningServer;
  beforeAll(async () => {
    srv = await startServer({ db: "pglite", env: { CALLBACK_POLL_MS: "100" } });
  });
  afterAll(async () => {
    await srv.stop();
  });

  it("verifies the gateway's signature on VA and link callbacks", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [
      path.resolve("docs/callback-receiver.mjs"),
      String(port),
      path.join(srv.dataDir, "sandbox-credentials.json"),
    ]);
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    try {
      await expect.poll(() => out, { timeout: 5000 }).toContain("callback receiver on");
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
      await expect.poll(() => out, { timeout: 10_000 }).toContain(`link ${d.paymentLinkId} → 00 Success`);
      expect(out).toContain(`signature OK /v1.0/transfer-va/payment`);
      expect(out).not.toContain("REJECTED");
      // A forged callback is refused.
      const forged = await fetch(`http://127.0.0.1:${port}/v1.0/payment-link/notify`, {
        method: "POST",
        headers: { "X-TIMESTAMP": "2026-01-01T00:00:00+07:00", "X-SIGNATURE": "Zm9yZ2Vk", "X-EXTERNAL-ID": "x" },
        body: "{}",
      });
      expect(forged.status).toBe(401);
    } finally {
      child.kill();
    }
  });
});
