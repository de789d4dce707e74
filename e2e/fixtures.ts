import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { GatewayClient, type SnapCredentials } from "@/lib/clients/gateway-client";
import { simulateQrPayment, simulateVaPayment } from "@/lib/clients/simulator";
import type { SandboxCredentials } from "@/lib/gateway/sandbox/seed";
import { CheckoutPage } from "./pages/checkout-page";
import { linkRequest, type LinkOverrides } from "./fixtures-data";

export { linkRequest, type LinkOverrides };

export type Lang = "en" | "id";

/** The same screen in both languages and at both widths the issue names. */
export const LANGS: Lang[] = ["en", "id"];
export const VIEWPORTS = [
  { name: "phone", width: 375, height: 667 },
  { name: "desktop", width: 1280, height: 800 },
] as const;
export const MATRIX = LANGS.flatMap((lang) => VIEWPORTS.map((vp) => ({ lang, vp })));

export interface Gateway {
  baseUrl: string;
  dataDir: string;
  logFile: string;
  credentials: SandboxCredentials;
  merchant: GatewayClient;
  checkout: GatewayClient;
  /** Create a real link through the API; `language` and expiry are the usual knobs. */
  createLink(overrides?: LinkOverrides): Promise<PaymentLinkData>;
  payVa(link: PaymentLinkData): Promise<void>;
  settleQr(link: PaymentLinkData, status: "00" | "06"): Promise<void>;
  inquiry(id: string): Promise<PaymentLinkData>;
}

const content = (l: PaymentLinkData) => {
  if (l.payment.content === "") throw new Error("no payment chosen");
  return l.payment.content;
};

export const test = base.extend<{ checkoutPage: CheckoutPage }, { gateway: Gateway }>({
  gateway: [
    // Playwright reads the fixture arguments from the destructuring pattern, so it must be there.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const baseUrl = process.env.E2E_BASE_URL!;
      const dataDir = process.env.E2E_DATA_DIR!;
      const credentials = JSON.parse(
        fs.readFileSync(path.join(dataDir, "sandbox-credentials.json"), "utf8"),
      ) as SandboxCredentials;
      const checkoutCreds = JSON.parse(
        fs.readFileSync(path.join(dataDir, "checkout-client.json"), "utf8"),
      ) as SnapCredentials;
      const merchant = new GatewayClient(baseUrl, credentials.merchant);
      const checkout = new GatewayClient(baseUrl, checkoutCreds);
      await use({
        baseUrl,
        dataDir,
        logFile: process.env.E2E_LOG_FILE!,
        credentials,
        merchant,
        checkout,
        async createLink(o = {}) {
          return (await merchant.createPaymentLink(linkRequest(o))).paymentLinkData;
        },
        async payVa(link) {
          const r = await simulateVaPayment(baseUrl, credentials.acquirer, {
            virtualAccountNo: content(link).value,
            amount: link.totalAmount.value,
          });
          expect(r.status, JSON.stringify(r.reply)).toBe(200);
        },
        async settleQr(link, status) {
          const { parseQris } = await import("@/lib/qris");
          const referenceNo = parseQris(content(link).value).referenceLabel!;
          const r = await simulateQrPayment(baseUrl, credentials.acquirer, {
            referenceNo,
            status,
            amount: link.totalAmount.value,
          });
          expect(r.status, JSON.stringify(r.reply)).toBe(200);
        },
        async inquiry(id) {
          return (await merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: id } })).paymentLinkData;
        },
      });
    },
    { scope: "worker" },
  ],
  checkoutPage: async ({ page }, use) => {
    await use(new CheckoutPage(page));
  },
});

export { expect };

/** axe-core on the page as it is now: every rule axe runs by default, zero violations. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, `axe violations on ${what}`).toEqual([]);
}

/** Nothing wider than the viewport: a phone must never scroll sideways. */
export async function expectNoHorizontalOverflow(page: Page, what: string): Promise<void> {
  const { scroll, viewport } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scroll, `page wider than the viewport on ${what}`).toBeLessThanOrEqual(viewport);
}
