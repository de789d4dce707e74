import { GatewayClient } from "@/lib/clients/gateway-client";
import { simulateWalletPayment } from "@/lib/clients/simulator";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import type { SandboxCredentials } from "@/lib/gateway/sandbox/seed";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoHorizontalOverflow, linkRequest, test, VIEWPORTS } from "./fixtures";
import { fill, messages } from "./pages/checkout-page";
import { startProductionServer, type StartedServer } from "./support/server";

type Lang = "en" | "id";
const GROUP = { en: "E-Wallet", id: "Dompet Digital" } as const;
const PHONE = "0812 3456 7890";

/** The e-wallet group's item in the method picker. */
const walletGroup = (page: Page, lang: Lang) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: GROUP[lang], exact: true }) });

/** Pick a wallet and press the group's button (the phone number first for OVO). */
async function chooseWallet(page: Page, lang: Lang, wallet: string, phone?: string) {
  const group = walletGroup(page, lang);
  await group.getByRole("radio", { name: new RegExp(`^${wallet}\\b`) }).check();
  if (phone !== undefined) await group.getByLabel(messages(lang).Methods.phoneLabel).fill(phone);
  await group.getByRole("button").click();
}

const approveWithin = (lang: Lang) => fill(messages(lang).Wallet.approveWithin, { wallet: "OVO", time: "" }).trim();

test.describe("e-wallets in the checkout (docs/contract.md §8)", () => {
  test("redirect: DANA approved on the wallet's page, back on a paid checkout (EN, phone)", async ({
    page,
    gateway,
  }) => {
    const vp = VIEWPORTS[0];
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const m = messages("en");
    const link = await gateway.createLink({ additionalInfo: { language: "en" } });
    await page.goto(link.paymentLinkUri);
    await chooseWallet(page, "en", "DANA");
    const go = page.getByRole("link", { name: fill(m.Wallet.continue, { wallet: "DANA" }) });
    await expect(go).toBeVisible();
    await expect(page.getByText(fill(m.Wallet.comeBack, { wallet: "DANA" }))).toBeVisible();
    await expectNoHorizontalOverflow(page, "the DANA step on a phone");
    await expectNoAxeViolations(page, "the DANA step");
    const current = await gateway.inquiry(link.paymentLinkId);
    expect(await go.getAttribute("href")).toBe((current.payment.content as { value: string }).value);

    await go.click();
    await page.getByRole("button", { name: m.WalletPage.approve }).click();
    await expect(page).toHaveURL(new RegExp(`/pay/${link.paymentLinkId}`));
    await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible();
    // The receipt names the wallet and the attempt's reference, not the authorization URL.
    await expect(page.getByText("DANA", { exact: true })).toBeVisible();
    await expect(page.getByText(current.payment.referenceNo!, { exact: true })).toBeVisible();
    expect((await gateway.inquiry(link.paymentLinkId)).paymentFlagStatus).toBe("00");
  });

  test("redirect: ShopeePay declined on the wallet's page, back on a rejected checkout (ID, desktop)", async ({
    page,
    gateway,
  }) => {
    const vp = VIEWPORTS[1];
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const m = messages("id");
    const link = await gateway.createLink({ additionalInfo: { language: "id" } });
    await page.goto(link.paymentLinkUri);
    await chooseWallet(page, "id", "ShopeePay");
    await page.getByRole("link", { name: fill(m.Wallet.continue, { wallet: "ShopeePay" }) }).click();
    await page.getByRole("button", { name: m.WalletPage.decline }).click();
    await expect(page).toHaveURL(new RegExp(`/pay/${link.paymentLinkId}`));
    await expect(page.getByRole("heading", { name: m.Rejected.heading })).toBeVisible();
    expect((await gateway.inquiry(link.paymentLinkId)).paymentFlagStatus).toBe("01");
  });

  for (const lang of ["en", "id"] as const) {
    test(`push: OVO's number checked, the request counted down, approved by the provider → paid without reload (${lang})`, async ({
      page,
      gateway,
    }) => {
      const m = messages(lang);
      const link = await gateway.createLink({ additionalInfo: { language: lang } });
      await page.goto(link.paymentLinkUri);

      // Without a number, then with one that is not a mobile number: the payer's language, in place.
      await chooseWallet(page, lang, "OVO");
      await expect(walletGroup(page, lang).getByRole("alert")).toHaveText(m.Methods.errorPhoneMissing);
      await chooseWallet(page, lang, "OVO", "0212345678");
      await expect(walletGroup(page, lang).getByRole("alert")).toHaveText(m.Methods.errorPhoneFormat);

      await chooseWallet(page, lang, "OVO", PHONE);
      await expect(page.getByTestId("push-countdown")).toContainText(approveWithin(lang));
      await expect(page.getByRole("timer").last()).toHaveText(/^[01]:\d\d$/);
      await expect(page.getByText(fill(m.Wallet.pushSent, { phone: "0812*****890" }))).toBeVisible();
      await expectNoAxeViolations(page, `the OVO step (${lang})`);

      // From here the page only waits: it must learn of the approval by its event stream, not a status poll.
      const polls: string[] = [];
      page.on("request", (req) => {
        if (req.method() === "POST" && new URL(req.url()).pathname.endsWith("/actions/status")) polls.push(req.url());
      });
      const current = await gateway.inquiry(link.paymentLinkId);
      expect(current.payment).toMatchObject({ type: "ew", bank: "ovo", content: { name: "phoneNumber" } });
      const r = await simulateWalletPayment(gateway.baseUrl, gateway.credentials.acquirer, {
        referenceNo: current.payment.referenceNo!,
        status: "00",
        amount: current.totalAmount.value,
        methodId: "ovo",
      });
      expect(r.status, JSON.stringify(r.reply)).toBe(200);
      await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible();
      expect(polls).toEqual([]);
    });
  }

  test("sandbox panel: approving and declining a wallet attempt as its provider", async ({ page, gateway }) => {
    const m = messages("en");
    for (const [button, heading] of [
      [m.Sandbox.pay, m.Paid.heading],
      [m.Sandbox.fail, m.Rejected.heading],
    ] as const) {
      const link = await gateway.createLink({ additionalInfo: { language: "en" } });
      await page.goto(link.paymentLinkUri);
      await chooseWallet(page, "en", "GoPay");
      await page.getByRole("button", { name: button, exact: true }).click();
      await expect(page.getByTestId("simulated-request")).toContainText('"originalReferenceNo"');
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
  });
});

test.describe("e-wallets: an OVO request that lapses is sent again", () => {
  test.describe.configure({ mode: "serial" });
  let server: StartedServer;
  let merchant: GatewayClient;
  let acquirer: SandboxCredentials["acquirer"];

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startProductionServer({ WALLET_PUSH_TTL_SECONDS: "2" });
    const creds = JSON.parse(
      fs.readFileSync(path.join(server.dataDir, "sandbox-credentials.json"), "utf8"),
    ) as SandboxCredentials;
    merchant = new GatewayClient(server.baseUrl, creds.merchant);
    acquirer = creds.acquirer;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  for (const lang of ["en", "id"] as const) {
    test(`lapse, then Send again with the same number makes a new request (${lang})`, async ({ page }) => {
      const m = messages(lang);
      const link: PaymentLinkData = (
        await merchant.createPaymentLink(linkRequest({ additionalInfo: { language: lang } }))
      ).paymentLinkData;
      await page.goto(link.paymentLinkUri);
      await chooseWallet(page, lang, "OVO", PHONE);
      await expect(page.getByTestId("push-countdown")).toBeVisible();
      const inquiry = async () =>
        (await merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.paymentLinkId } })).paymentLinkData;
      const first = (await inquiry()).payment.referenceNo;

      // The request lapses: "Send again" takes the countdown's place, the number already in it.
      const again = page.getByRole("button", { name: m.Wallet.sendAgain });
      await expect(again).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(m.Wallet.lapsed)).toBeVisible();
      await expect(page.getByLabel(m.Methods.phoneLabel)).toHaveValue(PHONE);
      await again.click();
      await expect(page.getByTestId("push-countdown")).toBeVisible();
      const second = await inquiry();
      expect(second.payment.referenceNo).not.toBe(first);
      expect(second.paymentFlagStatus).toBe("02");

      const r = await simulateWalletPayment(server.baseUrl, acquirer, {
        referenceNo: second.payment.referenceNo!,
        status: "00",
        amount: second.totalAmount.value,
        methodId: "ovo",
      });
      expect(r.status, JSON.stringify(r.reply)).toBe(200);
      await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible();
    });
  }
});
