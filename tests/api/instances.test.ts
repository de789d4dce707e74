import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GatewayClient, type SnapCredentials } from "@/lib/clients/gateway-client";
import { vaNotification } from "@/lib/clients/simulator";
import type { SandboxCredentials } from "@/lib/gateway/sandbox/seed";
import { linkRequest } from "@/tests/support/factories";
import { startReceiver } from "@/tests/support/receiver";
import { expectRefusal, newDatabaseUrl, spawnServer, waitHealthy, type ServerProcess } from "@/tests/support/server";

/**
 * Several instances, one PostgreSQL, each with its own DATA_DIR (as containers run): they
 * share the master key, and everything else that must agree comes from the database — the
 * gateway's signing key, the checkout's client. An instance with another key refuses to
 * start instead of answering 500s and signing callbacks no one can verify.
 */
vi.setConfig({ testTimeout: 240_000, hookTimeout: 360_000 });

describe("instances with their own DATA_DIR on one PostgreSQL", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let databaseUrl: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let creds: SandboxCredentials;
  const masterKey = randomBytes(32).toString("base64");

  beforeAll(async () => {
    receiver = await startReceiver(() => creds?.gatewayPublicKeyPem ?? null);
    databaseUrl = await newDatabaseUrl();
    const env = { GATEWAY_MASTER_KEY: masterKey, SANDBOX_CALLBACK_BASE_URL: receiver.url, CALLBACK_POLL_MS: "100" };
    // Started at once on an empty database: both migrate and seed, one after the other.
    [a, b] = await Promise.all([
      spawnServer({ db: "postgres", databaseUrl, env }),
      spawnServer({ db: "postgres", databaseUrl, env }),
    ]);
    await Promise.all([waitHealthy(a, 200_000), waitHealthy(b, 200_000)]);
    const seeder = [a, b].filter((p) => fs.existsSync(path.join(p.dataDir, "sandbox-credentials.json")));
    expect(seeder).toHaveLength(1); // the seed ran once
    creds = JSON.parse(
      fs.readFileSync(path.join(seeder[0]!.dataDir, "sandbox-credentials.json"), "utf8"),
    ) as SandboxCredentials;
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await receiver?.close();
  });

  it("start together without an error in either", () => {
    for (const p of [a, b]) {
      // Nor node-postgres's warning of a query sent while another runs on its connection
      // (readTogether, lib/db/transaction.ts): the seed's transaction did that.
      expect(p.logs()).not.toMatch(
        /"level":"(error|fatal)"|failed to start|refusing to start|client is already executing a query/,
      );
    }
  });

  it("serve tokens and the hosted checkout's client on both", async () => {
    const checkoutA = fs.readFileSync(path.join(a.dataDir, "checkout-client.json"), "utf8");
    expect(JSON.parse(fs.readFileSync(path.join(b.dataDir, "checkout-client.json"), "utf8"))).toEqual(
      JSON.parse(checkoutA),
    );
    for (const p of [a, b]) {
      const merchant = new GatewayClient(p.baseUrl, creds.merchant);
      expect((await merchant.createPaymentLink(linkRequest())).responseCode).toBe("2002700");
      const checkout = new GatewayClient(p.baseUrl, JSON.parse(checkoutA) as SnapCredentials);
      expect((await checkout.snap.accessToken()).length).toBeGreaterThan(20);
    }
  });

  it("sign callbacks from either instance with the key of gatewayPublicKeyPem", async () => {
    // One instance at a time does the work, so each one's worker signs its own callbacks.
    for (const first of [true, false]) {
      const [live, down] = first ? [a, b] : [b, a];
      await down.stop();
      const merchant = new GatewayClient(live.baseUrl, creds.merchant);
      const { paymentLinkData: d } = await merchant.createPaymentLink(linkRequest());
      const chosen = await merchant.payPaymentLink({
        additionalInfo: { paymentLinkId: d.paymentLinkId, paymentMethod: { groupId: "va", methodId: "bca" } },
      });
      const va = (chosen.paymentLinkData.payment.content as { value: string }).value;
      await new GatewayClient(live.baseUrl, creds.acquirer).notifyVaPayment(
        vaNotification({ virtualAccountNo: va, amount: d.totalAmount.value }),
      );
      const got = await receiver.waitFor((all) => all.some((r) => r.json.paymentLinkId === d.paymentLinkId), 30_000);
      expect(got.filter((r) => r.json.paymentLinkId === d.paymentLinkId).every((r) => r.signatureValid)).toBe(true);
      // Bring the stopped one back on its own data dir: it starts as it did.
      const again = await spawnServer({
        db: "postgres",
        databaseUrl,
        dataDir: down.dataDir,
        env: { GATEWAY_MASTER_KEY: masterKey, SANDBOX_CALLBACK_BASE_URL: receiver.url, CALLBACK_POLL_MS: "100" },
      });
      await waitHealthy(again, 200_000);
      if (down === a) a = again;
      else b = again;
    }
  });

  // With two processes the refusal comes from the process that prepares the database, and the
  // primary exits with it without a line of its own.
  it.each(["1", "2"])(
    "refuse a third instance holding another master key, saying why once (WEB_CONCURRENCY=%s)",
    async (processes) => {
      const { code, output } = await expectRefusal({
        db: "postgres",
        databaseUrl,
        env: { GATEWAY_MASTER_KEY: randomBytes(32).toString("base64"), WEB_CONCURRENCY: processes },
      });
      expect(code).toBe(1);
      const lines = output.split("\n").filter((l) => /refusing to start|failed to start/.test(l));
      expect(lines).toEqual([
        expect.stringMatching(
          /^refusing to start: GATEWAY_MASTER_KEY: this database was set up with a different master key/,
        ),
      ]);
    },
  );
});
