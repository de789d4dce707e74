import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { GatewayClient, type SnapCredentials } from "../lib/clients/gateway-client";
import type { SandboxCredentials } from "@/lib/gateway/sandbox/seed";
import { linkRequest } from "./fixtures-data";
import { CheckoutPage, messages } from "./pages/checkout-page";
import { startProductionServer, type StartedServer } from "./support/server";

/**
 * Deployment shape (b): the checkout alone, in front of a gateway elsewhere (docs/contract.md §6.5).
 * Two processes: a sandbox gateway, and a checkout-only process given the gateway's address
 * and the checkout's credentials as environment and secret files. The payer's whole VA flow
 * runs through the second; it serves no API and opens no database.
 */
test.describe("checkout only, in front of a separate gateway", () => {
  test.describe.configure({ mode: "serial" });
  let gateway: StartedServer;
  let checkout: StartedServer;
  let merchant: GatewayClient;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    gateway = await startProductionServer();
    const creds = JSON.parse(
      fs.readFileSync(path.join(gateway.dataDir, "checkout-client.json"), "utf8"),
    ) as SnapCredentials & { secretKey: string };
    const secrets = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-secrets-"));
    const secretFile = (name: string, value: string) => {
      const file = path.join(secrets, name);
      fs.writeFileSync(file, value, { mode: 0o600 });
      return file;
    };
    checkout = await startProductionServer({
      GATEWAY_BASE_URL: gateway.baseUrl,
      // The payer's page listens to the gateway's own event stream (docs/contract.md §7), cross-origin.
      GATEWAY_PUBLIC_URL: gateway.baseUrl,
      CHECKOUT_PARTNER_ID: creds.partnerId,
      CHECKOUT_CLIENT_KEY: creds.clientKey,
      CHECKOUT_CHANNEL_ID: creds.channelId,
      CHECKOUT_CLIENT_SECRET_FILE: secretFile("client-secret", creds.clientSecret),
      CHECKOUT_PRIVATE_KEY_FILE: secretFile("private-key.pem", creds.privateKeyPem),
      CHECKOUT_SECRET_KEY_FILE: secretFile("secret-key", creds.secretKey),
      // the sandbox panel acts as the gateway's sandbox acquirer
      SANDBOX_CREDENTIALS_FILE: path.join(gateway.dataDir, "sandbox-credentials.json"),
    });
    const sandbox = JSON.parse(
      fs.readFileSync(path.join(gateway.dataDir, "sandbox-credentials.json"), "utf8"),
    ) as SandboxCredentials;
    merchant = new GatewayClient(gateway.baseUrl, sandbox.merchant);
  });
  test.afterAll(async () => {
    await Promise.all([checkout?.stop(), gateway?.stop()]);
  });

  test("serves no gateway API and keeps no database", async () => {
    for (const [method, p] of [
      ["POST", "/v1.0/access-token/b2b"],
      ["POST", "/v1.0/payment-link/inquiry"],
      ["GET", "/v1/callback-deliveries"],
      ["POST", `/v1/payment-intents/00000000-0000-4000-8000-000000000000/confirm`],
      ["GET", "/openapi.json"],
    ] as const) {
      const res = await fetch(`${checkout.baseUrl}${p}`, { method });
      expect(res.status, `${method} ${p}`).toBe(404);
    }
    expect(await (await fetch(`${checkout.baseUrl}/api/health`)).json()).toEqual({ status: "ok", role: "checkout" });
    // nothing but the log file in its data dir: no PGlite, no vault, no credentials written
    expect(fs.readdirSync(checkout.dataDir)).toEqual([path.basename(checkout.logFile)]);
  });

  test("the payer opens the link, chooses a VA, the bank pays, the page turns paid", async ({ page }) => {
    test.slow(); // two servers and a browser on a shared machine
    const m = messages("en");
    const link = (await merchant.createPaymentLink(linkRequest({ additionalInfo: { language: "en" } })))
      .paymentLinkData;
    // The gateway's links name its own address; the same path and secret open them here.
    const uri = new URL(link.paymentLinkUri);
    const checkoutPage = new CheckoutPage(page);
    await checkoutPage.open(`${checkout.baseUrl}${uri.pathname}${uri.search}`);
    await expect(page).toHaveURL(`${checkout.baseUrl}${uri.pathname}`);
    await checkoutPage.chooseVa("BCA");
    await page
      .getByRole("complementary", { name: m.Sandbox.heading })
      .getByRole("button", { name: m.Sandbox.pay })
      .click();
    await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible();
    const after = await merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.paymentLinkId } });
    expect(after.paymentLinkData.paymentFlagStatus).toBe("00");
    // every gateway call went to the gateway process; the checkout answered none (only the 404 probes above)
    expect(fs.readFileSync(gateway.logFile, "utf8")).toContain('"url":"/v1.0/payment-link/pay"');
    expect(fs.readFileSync(checkout.logFile, "utf8")).not.toMatch(/"url":"\/v1(\.0)?\/[^"]*","status":[1-35]/);
  });
});
