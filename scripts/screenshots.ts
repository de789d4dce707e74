// `npm run screenshots`: docs/screenshots/*.png of every checkout state and the merchant console, taken from the
// production build against a fresh server (real links, real settlement notifications).
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { simulateQrPayment, simulateVaPayment } from "@/lib/clients/simulator";
import { parseQris } from "@/lib/qris";
import type { SandboxCredentials } from "@/lib/gateway/sandbox/seed";
import { linkRequest } from "@/e2e/fixtures-data";
import { startProductionServer } from "@/e2e/support/server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "@/tests/support/chromium";
import { startCallbackReceiver } from "@/tests/support/callback-receivers";

const OUT = path.resolve(import.meta.dirname, "../docs/screenshots");
const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const server = await startProductionServer({ LOG_LEVEL: "warn" });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const creds = JSON.parse(
      fs.readFileSync(path.join(server.dataDir, "sandbox-credentials.json"), "utf8"),
    ) as SandboxCredentials;
    const merchant = new GatewayClient(server.baseUrl, creds.merchant);
    const link = async (lang: "en" | "id", expiresInSeconds?: number) =>
      (
        await merchant.createPaymentLink(
          linkRequest({ additionalInfo: { language: lang }, ...(expiresInSeconds ? { expiresInSeconds } : {}) }),
        )
      ).paymentLinkData;
    const inquiry = async (id: string) =>
      (await merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: id } })).paymentLinkData;
    const shoot = async (page: Page, name: string, fullPage = true) => {
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
      console.log(`docs/screenshots/${name}.png`);
    };
    const session = async (viewport: { width: number; height: number }, locale: string) =>
      (await browser.newContext({ viewport, locale, timezoneId: "Asia/Jakarta" })).newPage();

    for (const lang of ["en", "id"] as const) {
      const locale = lang === "id" ? "id-ID" : "en-US";
      const page = await session(PHONE, locale);
      // open → VA → paid
      const a = await link(lang);
      await page.goto(a.paymentLinkUri);
      await shoot(page, `${lang}-open-phone`);
      await page.getByRole("radio", { name: /^BCA\b/ }).check();
      await page.locator("li[aria-labelledby^='group-']").first().getByRole("button").click();
      await page.getByTestId("va-number").waitFor();
      await page.getByText(lang === "en" ? "Mobile banking" : "Mobile banking", { exact: true }).click();
      await shoot(page, `${lang}-va-phone`);
      await simulateVaPayment(server.baseUrl, creds.acquirer, {
        virtualAccountNo: ((await inquiry(a.paymentLinkId)).payment.content as { value: string }).value,
        amount: a.totalAmount.value,
      });
      await page.locator("[data-state=paid]").waitFor();
      await shoot(page, `${lang}-paid-phone`);
      // QR (above the fold: viewport-only shot) → rejected
      const b = await link(lang);
      await page.goto(b.paymentLinkUri);
      await page.locator("li[aria-labelledby^='group-']").nth(1).getByRole("button").click();
      await page.getByTestId("qr-svg").waitFor();
      await shoot(page, `${lang}-qr-phone`, false);
      const ref = parseQris(
        ((await inquiry(b.paymentLinkId)).payment.content as { value: string }).value,
      ).referenceLabel!;
      await simulateQrPayment(server.baseUrl, creds.acquirer, {
        referenceNo: ref,
        status: "06",
        amount: b.totalAmount.value,
      });
      await page.locator("[data-state=rejected]").waitFor();
      await shoot(page, `${lang}-rejected-phone`);
      // change method
      await page.goto(`${server.baseUrl}/pay/${b.paymentLinkId}?change=1`);
      await shoot(page, `${lang}-change-method-phone`);
      // expired
      const c = await link(lang, 6);
      await page.goto(c.paymentLinkUri);
      await page.locator("li[aria-labelledby^='group-']").nth(1).getByRole("button").click();
      await page.locator("[data-state=expired]").waitFor({ timeout: 15_000 });
      await shoot(page, `${lang}-expired-phone`);
      // card: the form with an inline error, then the sandbox 3-D Secure page
      const f = await link(lang);
      await page.goto(f.paymentLinkUri);
      await page.locator("li[aria-labelledby^='group-']").nth(2).getByRole("button").click();
      const form = page.getByTestId("card-form");
      await form.waitFor();
      await form.locator("input[autocomplete=cc-number]").pressSequentially("4000 0000 0000 3220");
      await form.locator("input[autocomplete=cc-exp]").fill("12/34");
      await form.locator("input[autocomplete=cc-name]").fill("Siti Rahmawati");
      await form.locator("button[type=submit]").click();
      await shoot(page, `${lang}-card-phone`);
      await form.locator("input[autocomplete=cc-csc]").fill("123");
      await form.locator("button[type=submit]").click();
      await page.waitForURL(/\/3ds\?/);
      await shoot(page, `${lang}-3ds-phone`);
      // 404
      await page.goto(`${server.baseUrl}/pay/00000000-0000-4000-8000-000000000000`);
      await shoot(page, `${lang}-not-found-phone`);
      await page.context().close();
    }

    const desk = await session(DESKTOP, "en-US");
    const d = await link("en");
    await desk.goto(d.paymentLinkUri);
    await shoot(desk, "en-open-desktop");
    await desk.getByRole("radio", { name: /^Mandiri\b/ }).check();
    await desk.locator("li[aria-labelledby^='group-']").first().getByRole("button").click();
    await desk.getByTestId("va-number").waitFor();
    await shoot(desk, "en-va-desktop");
    // the sandbox panel: simulate the bank's transfer, the page turns paid, the exchange stays
    await desk.getByRole("complementary").getByRole("button", { name: "Simulate payment" }).click();
    await desk.locator("[data-state=paid]").waitFor();
    await desk.getByTestId("simulated-reply").waitFor();
    await shoot(desk, "en-sandbox-paid-desktop");
    const e = await link("id");
    await desk.goto(e.paymentLinkUri);
    await desk.locator("li[aria-labelledby^='group-']").nth(1).getByRole("button").click();
    await desk.getByTestId("qr-svg").waitFor();
    await shoot(desk, "id-qr-desktop");
    // E-wallets on a phone: the redirect step, the sandbox wallet's page, OVO's countdown.
    for (const lang of ["en", "id"] as const) {
      const page = await session(PHONE, lang === "id" ? "id-ID" : "en-US");
      const wallets = page.locator("li[aria-labelledby='group-ew']");
      const w = await link(lang);
      await page.goto(w.paymentLinkUri);
      await wallets.getByRole("radio", { name: /^DANA\b/ }).check();
      await wallets.getByRole("button").click();
      await page.getByTestId("wallet-continue").waitFor();
      await shoot(page, `${lang}-wallet-redirect-phone`);
      await page.getByTestId("wallet-continue").click();
      await page.waitForURL((u) => !u.pathname.startsWith("/pay/"));
      await shoot(page, `${lang}-wallet-page-phone`);
      const o = await link(lang);
      await page.goto(o.paymentLinkUri);
      await wallets.getByRole("radio", { name: /^OVO\b/ }).check();
      await wallets.locator("input[name=phoneNumber]").fill("0812 3456 7890");
      await shoot(page, `${lang}-wallet-ovo-number-phone`);
      await wallets.getByRole("button").click();
      await page.getByTestId("push-countdown").waitFor();
      await shoot(page, `${lang}-wallet-ovo-countdown-phone`);
      await page.context().close();
    }
    // Saved cards (docs/contract.md §10): one customer per language saves two cards (the second
    // through 3-D Secure), then the card step of their next link lists them; then a remove's confirm.
    for (const [lang, viewport, form] of [
      ["en", DESKTOP, "desktop"],
      ["id", PHONE, "phone"],
    ] as const) {
      const page = await session(viewport, lang === "id" ? "id-ID" : "en-US");
      const customerId = `cus-screenshots-${lang}`;
      const cardStep = async () => {
        const l = (await merchant.createPaymentLink(linkRequest({ additionalInfo: { language: lang, customerId } })))
          .paymentLinkData;
        await page.goto(l.paymentLinkUri);
        await page.locator("li[aria-labelledby^='group-']").nth(2).getByRole("button").click();
        const step = page.getByTestId("card-form");
        await step.locator("button[type=submit]:enabled").waitFor(); // the saved cards have loaded
        return step;
      };
      for (const [number, threeDs] of [
        ["4111 1111 1111 1111", false],
        ["4000 0000 0000 3220", true],
      ] as const) {
        const step = await cardStep();
        const newCard = step.locator("input[type=radio][value=new]");
        if (await newCard.count()) await newCard.check();
        await step.locator("input[autocomplete=cc-number]").pressSequentially(number);
        await step.locator("input[autocomplete=cc-exp]").fill(threeDs ? "08/31" : "12/34");
        await step.locator("input[autocomplete=cc-csc]").fill("123");
        await step.locator("input[autocomplete=cc-name]").fill("Siti Rahmawati");
        await step.locator("input[type=checkbox]").check();
        if (!threeDs) await shoot(page, `${lang}-card-save-${form}`);
        await step.locator("button[type=submit]").click();
        if (threeDs) {
          await page.waitForURL(/\/3ds\?/);
          await page.getByRole("button", { name: lang === "en" ? "Approve" : "Setujui", exact: true }).click();
        }
        await page.locator("[data-state=paid]").waitFor();
      }
      const step = await cardStep();
      await step.getByTestId("saved-cards").waitFor();
      await shoot(page, `${lang}-saved-cards-${form}`);
      await step
        .getByRole("button", { name: lang === "en" ? /^Remove Visa/ : /^Hapus Visa/ })
        .first()
        .click();
      await shoot(page, `${lang}-saved-card-remove-${form}`);
      await page.context().close();
    }
    // merchant preview (maintenance state)
    await desk.goto(d.paymentLinkUri.replace(`/pay/${d.paymentLinkId}?`, `/pay/${d.paymentLinkId}/preview?`));
    await desk.getByLabel("Secret key").fill(creds.merchant.secretKey);
    await desk.getByRole("button", { name: "Open preview" }).click();
    await desk.getByTestId("preview-banner").waitFor();
    await desk.goto(`${server.baseUrl}/pay/${d.paymentLinkId}/preview?state=maintenance`);
    await shoot(desk, "en-preview-maintenance-desktop");
    await desk.goto(`${server.baseUrl}/pay/${d.paymentLinkId}/preview?state=paid`);
    await shoot(desk, "en-preview-paid-desktop");
    // The API reference at /docs (docs/api-reference.md), once Scalar has rendered it. Taken
    // here, not by its e2e spec: `npm test` must leave the tree as it found it.
    await desk.goto(`${server.baseUrl}/docs`);
    await desk.getByRole("heading", { name: "Nusapay gateway" }).first().waitFor({ timeout: 60_000 });
    await shoot(desk, "en-api-reference-desktop", false);

    // A card link paid through the checkout, for the console's Refund (below).
    const g = await link("en");
    await desk.goto(g.paymentLinkUri);
    await desk.locator("li[aria-labelledby^='group-']").nth(2).getByRole("button").click();
    const cardForm = desk.getByTestId("card-form");
    await cardForm.locator("input[autocomplete=cc-number]").pressSequentially("4111 1111 1111 1111");
    await cardForm.locator("input[autocomplete=cc-exp]").fill("12/34");
    await cardForm.locator("input[autocomplete=cc-csc]").fill("123");
    await cardForm.locator("input[autocomplete=cc-name]").fill("Siti Rahmawati");
    await cardForm.locator("button[type=submit]").click();
    await desk.locator("[data-state=paid]").waitFor();

    // The merchant console, as the first demo merchant (whose links these are): EN on a
    // desktop, ID on a phone. The paid link `d` has a delivered-or-pending callback by now.
    const login = creds.console![0]!;
    for (const [lang, viewport, form] of [
      ["en", DESKTOP, "desktop"],
      ["id", PHONE, "phone"],
    ] as const) {
      const page = await session(viewport, lang === "id" ? "id-ID" : "en-US");
      await page.goto(`${server.baseUrl}/merchant?lang=${lang}`);
      await page.waitForURL(/\/merchant\/sign-in/);
      await shoot(page, `${lang}-console-sign-in-${form}`);
      await page.locator("input[name=email]").fill(login.email);
      await page.locator("input[name=password]").fill(login.password);
      await page.locator("button[type=submit]").click();
      await page.waitForURL(/\/merchant$/, { timeout: 60_000 });
      await shoot(page, `${lang}-console-overview-${form}`);
      await page.goto(`${server.baseUrl}/merchant/links`);
      await shoot(page, `${lang}-console-links-${form}`);
      await page.goto(`${server.baseUrl}/merchant/links/new`);
      await shoot(page, `${lang}-console-new-link-${form}`);
      await page.goto(`${server.baseUrl}/merchant/links/${d.paymentLinkId}`);
      await shoot(page, `${lang}-console-link-${form}`);
      // Refund part of the paid card link: the confirmation in figures and words, then the
      // refund in the timeline once the sandbox's acquirer has answered.
      await page.goto(`${server.baseUrl}/merchant/links/${g.paymentLinkId}`);
      await page.locator("#refund-amount").fill(lang === "en" ? "100000" : "50000");
      await page.locator("#refund-reason").fill(lang === "en" ? "Returned one bag" : "Croissant habis");
      await page.locator("form:has(#refund-amount) button[type=submit]").click();
      await page.getByRole("alertdialog").waitFor();
      await page.locator("#refund-heading").scrollIntoViewIfNeeded();
      await shoot(page, `${lang}-console-refund-confirm-${form}`, false);
      await page.getByRole("alertdialog").getByRole("button").first().click();
      await page.locator("ol li .bg-ok-soft").last().waitFor({ timeout: 15_000 });
      await page.waitForFunction(() => !document.querySelector("ol li .bg-warn-soft"), null, { timeout: 15_000 });
      await shoot(page, `${lang}-console-refund-${form}`);
      await page.goto(`${server.baseUrl}/merchant/methods`);
      await shoot(page, `${lang}-console-methods-${form}`);
      await page.goto(`${server.baseUrl}/merchant/developers`);
      await shoot(page, `${lang}-console-developers-${form}`);
      // The callback check's report (docs/callback-check.md) of an endpoint that accepts anything:
      // the forged cases fail; one of them unfolded to its request and reply.
      const careless = await startCallbackReceiver("accept-all", creds.gatewayPublicKeyPem);
      try {
        await page.locator("#check-url").fill(`${careless.url}/v1.0/payment-link/notify`);
        await page.locator("#check-url").press("Enter");
        await page.getByTestId("check-report").waitFor({ timeout: 60_000 });
        await page.getByTestId("check-case-tampered-body").locator("summary").click();
        await page.waitForTimeout(400);
        const file = `${lang}-console-callback-check-${form}`;
        await page
          .locator("section[aria-labelledby=check-heading]")
          .screenshot({ path: path.join(OUT, `${file}.png`) });
        console.log(`docs/screenshots/${file}.png`);
      } finally {
        await careless.close();
      }
      await page.context().close();
    }
    // The payer's page of the link refunded in part (Rp 150.000 of Rp 300.500, above).
    for (const lang of ["en", "id"] as const) {
      const page = await session(PHONE, lang === "id" ? "id-ID" : "en-US");
      const uri = new URL(g.paymentLinkUri);
      uri.searchParams.set("lang", lang);
      await page.goto(uri.toString());
      await page.locator("[data-refunded]").waitFor();
      await shoot(page, `${lang}-refunded-phone`);
      await page.context().close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
