import fs from "node:fs";
import type { Page, Request } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoHorizontalOverflow, test, type Lang } from "./fixtures";
import { messages } from "./pages/checkout-page";

/** docs/contract.md §3.4 sandbox cards, typed as a payer types them. */
const CARDS = {
  success: "4111 1111 1111 1111",
  declined: "4000 0000 0000 0002",
  threeDs: "4000 0000 0000 3220",
} as const;
const CVC = "739";
const digits = (s: string) => s.replace(/\D/g, "");

/** Every request the page makes, with its body, to prove where the card number went. */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (r) => seen.push(r));
  return seen;
}

function cardCarriers(requests: Request[], pan: string) {
  return requests.filter(
    (r) =>
      r.url().includes(digits(pan)) || (r.postData() ?? "").includes(digits(pan)) || (r.postData() ?? "").includes(pan),
  );
}

/** Phone width for Indonesian, desktop for English: both languages, both widths, one run each. */
const CASES: { lang: Lang; viewport: { width: number; height: number } }[] = [
  { lang: "en", viewport: { width: 1280, height: 800 } },
  { lang: "id", viewport: { width: 375, height: 667 } },
];

for (const { lang, viewport } of CASES) {
  const m = messages(lang);
  test.describe(`card (${lang}, ${viewport.width} px)`, () => {
    test.use({ viewport, locale: lang === "id" ? "id-ID" : "en-US" });

    test("the success card pays the link; the number goes only to the gateway's confirm, never to a log line", async ({
      page,
      gateway,
      checkoutPage,
    }) => {
      const link = await gateway.createLink({ additionalInfo: { language: lang } });
      const requests = recordRequests(page);
      await checkoutPage.open(link.paymentLinkUri);
      await checkoutPage.chooseCard(lang);
      await expect(page.getByRole("note").filter({ hasText: "4111 1111 1111 1111" })).toBeVisible(); // sandbox test-card hint
      await expectNoAxeViolations(page, `card form/${lang}`);
      await expectNoHorizontalOverflow(page, `card form/${lang}`);
      const form = await checkoutPage.fillCard(lang, { number: CARDS.success, cvc: CVC });
      await expect(form).toContainText(m.Card.brand.replace("{brand}", "Visa"));
      await form.getByRole("button", { name: /^(Pay|Bayar) / }).click();

      await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible();
      await expect(checkoutPage.paymentSection()).toContainText("•••• 1111");
      await expect(checkoutPage.paymentSection()).toContainText(m.Card.method);
      const paid = await gateway.inquiry(link.paymentLinkId);
      expect(paid).toMatchObject({
        paymentFlagStatus: "00",
        payment: { type: "cc", bank: "card", content: { value: "•••• 1111" } },
      });

      // Where the card number travelled: one POST, to the gateway's confirm endpoint.
      const carriers = cardCarriers(requests, CARDS.success);
      expect(carriers.map((r) => `${r.method()} ${new URL(r.url()).pathname}`)).toEqual([
        expect.stringMatching(/^POST \/v1\/payment-intents\/[0-9a-f-]{36}\/confirm$/),
      ]);
      expect(carriers[0]!.headers()["next-action"]).toBeUndefined();
      expect(requests.filter((r) => (r.postData() ?? "").includes(`"${CVC}"`))).toHaveLength(1);
      await expect.poll(() => fs.readFileSync(gateway.logFile, "utf8")).toContain(link.paymentLinkId);
      const log = fs.readFileSync(gateway.logFile, "utf8");
      expect(log).not.toContain(digits(CARDS.success));
      expect(log).not.toContain(CARDS.success);
      expect(log).not.toContain(`"${CVC}"`);
    });

    test("a declined card rejects the attempt with the reason; another method still works", async ({
      page,
      gateway,
      checkoutPage,
    }) => {
      const link = await gateway.createLink({ additionalInfo: { language: lang } });
      await checkoutPage.open(link.paymentLinkUri);
      await checkoutPage.chooseCard(lang);
      const form = await checkoutPage.fillCard(lang, { number: CARDS.declined, cvc: CVC });
      await form.getByRole("button", { name: /^(Pay|Bayar) / }).click();
      await expect(page.getByRole("heading", { name: m.Rejected.heading })).toBeVisible();
      await expect(checkoutPage.paymentSection()).toContainText(
        m.Rejected.reason.replace("{reason}", lang === "en" ? "Rejected" : "Ditolak"),
      );
      expect(await gateway.inquiry(link.paymentLinkId)).toMatchObject({ paymentFlagStatus: "01" });
      await expectNoAxeViolations(page, `card declined/${lang}`);
      await page.getByRole("link", { name: m.Rejected.tryAnother }).click();
      await checkoutPage.chooseVa("BCA");
      await expect(checkoutPage.vaNumber()).toBeVisible();
    });

    for (const answer of ["approve", "decline"] as const) {
      test(`3-D Secure: the bank's page in the payer's language, ${answer}, back to the checkout`, async ({
        page,
        gateway,
        checkoutPage,
      }) => {
        const link = await gateway.createLink({ additionalInfo: { language: lang } });
        await checkoutPage.open(link.paymentLinkUri);
        await checkoutPage.chooseCard(lang);
        const form = await checkoutPage.fillCard(lang, { number: CARDS.threeDs, cvc: CVC });
        await form.getByRole("button", { name: /^(Pay|Bayar) / }).click();

        await expect(
          page.getByRole("heading", { name: lang === "en" ? "Confirm this payment" : "Konfirmasi pembayaran ini" }),
        ).toBeVisible();
        expect(new URL(page.url()).pathname).toMatch(/^\/v1\/payment-intents\/[0-9a-f-]{36}\/3ds$/);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.locator("main")).toContainText("•••• 3220");
        await expect(page.locator("main")).toContainText("300.500");
        const button = { approve: lang === "en" ? "Approve" : "Setujui", decline: lang === "en" ? "Decline" : "Tolak" }[
          answer
        ];
        await page.getByRole("button", { name: button, exact: true }).click();

        await page.waitForURL((u) => u.pathname === `/pay/${link.paymentLinkId}`);
        const heading = answer === "approve" ? m.Paid.heading : m.Rejected.heading;
        await expect(page.getByRole("heading", { name: heading })).toBeVisible();
        expect(await gateway.inquiry(link.paymentLinkId)).toMatchObject({
          paymentFlagStatus: answer === "approve" ? "00" : "01",
        });
      });
    }

    test("inline errors for a bad number, a card outside the sandbox, an expired card and a missing CVC", async ({
      page,
      gateway,
      checkoutPage,
    }) => {
      const link = await gateway.createLink({ additionalInfo: { language: lang } });
      const requests = recordRequests(page);
      await checkoutPage.open(link.paymentLinkUri);
      await checkoutPage.chooseCard(lang);
      const form = await checkoutPage.fillCard(lang, { number: "4111 1111 1111 1112", expiry: "01/20", cvc: "" });
      const pay = form.getByRole("button", { name: /^(Pay|Bayar) / });
      await pay.click();
      const number = form.getByLabel(m.Card.number);
      await expect(number).toHaveAttribute("aria-invalid", "true");
      await expect(number).toBeFocused();
      await expect(form).toContainText(m.Card.errorNumber);
      await expect(form).toContainText(m.Card.errorExpired);
      await expect(form).toContainText(m.Card.errorCvc);
      await expectNoAxeViolations(page, `card errors/${lang}`);
      await expectNoHorizontalOverflow(page, `card errors/${lang}`);
      // Luhn catches the typo in the browser: nothing left for the gateway
      expect(requests.filter((r) => r.url().includes("/v1/payment-intents"))).toHaveLength(0);

      // A real-looking card that is not a sandbox card: the gateway says so, the form explains.
      await number.fill("");
      await number.pressSequentially("5555 5555 5555 4444");
      await form.getByLabel(m.Card.expiry).fill("12/34");
      await form.getByLabel(m.Card.cvc).fill(CVC);
      await pay.click();
      await expect(form).toContainText(m.Card.errorTestCard);
      await expect(number).toHaveAttribute("aria-invalid", "true");
      expect(await gateway.inquiry(link.paymentLinkId)).toMatchObject({
        paymentFlagStatus: "02",
        payment: { type: "cc" },
      });

      // Corrected, the same form (and the same intent) goes through.
      await number.fill("");
      await number.pressSequentially(CARDS.success);
      await pay.click();
      await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible();
    });
  });
}

/** SNAP Card Pay: a merchant's webRedirectUrl, paid in the browser, back at its PAY_RETURN. */
for (const [card, answer, status] of [
  [CARDS.success, null, "00"],
  [CARDS.threeDs, "Setujui", "00"],
  [CARDS.threeDs, "Tolak", "06"],
] as const) {
  test(`SNAP Card Pay's hosted page: ${answer ? `3-D Secure, ${answer},` : "a card"} then back to PAY_RETURN with latestTransactionStatus ${status}`, async ({
    page,
    gateway,
  }) => {
    const m = messages("id");
    const ref = `HOSTED-${Date.now()}-${status}-${answer ?? "none"}`;
    const snap = await gateway.merchant.cardPay({
      partnerReferenceNo: ref,
      amount: { value: "75000.00", currency: "IDR" },
      urlParams: [{ url: "https://merchant.example/card-return", type: "PAY_RETURN", isDeeplink: "N" }],
    });
    // the merchant's return page, answered here (no network leaves the machine)
    let returned: URL | null = null;
    await page.route("https://merchant.example/**", async (route) => {
      returned = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: "text/plain", body: "back at the merchant" });
    });
    const requests = recordRequests(page);
    await page.goto(`${gateway.baseUrl}/v1.0/debit/redirect/${snap.referenceNo}?lang=id`);
    const pay = page.getByRole("button", { name: /Rp/ });
    await expect(pay).toBeEnabled(); // enabled by the page's script, not before
    await page.getByLabel(m.Card.number).fill(card);
    await page.getByLabel(m.Card.expiry).fill("12/34");
    await page.getByLabel(m.Card.cvc).fill(CVC);
    await page.getByLabel(m.Card.name).fill("Siti Rahmawati");
    await pay.click();
    if (answer) await page.getByRole("button", { name: answer, exact: true }).click();
    // It looped before: the confirm replaced PAY_RETURN with the hosted page's own address.
    await expect(page.getByText("back at the merchant")).toBeVisible();
    expect(Object.fromEntries(returned!.searchParams)).toEqual({
      referenceNo: snap.referenceNo,
      partnerReferenceNo: ref,
      latestTransactionStatus: status,
    });
    // the number went to the gateway's confirm only, in its body
    expect(cardCarriers(requests, card).map((r) => new URL(r.url()).pathname)).toEqual([
      expect.stringMatching(/^\/v1\/payment-intents\/[^/]+\/confirm$/),
    ]);
  });
}

test("SNAP Card Pay's hosted page says so when its SDK cannot load, and its fields stay shut", async ({
  page,
  gateway,
}) => {
  const m = messages("id");
  const snap = await gateway.merchant.cardPay({
    partnerReferenceNo: `HOSTED-NOSDK-${Date.now()}`,
    amount: { value: "75000.00", currency: "IDR" },
    urlParams: [{ url: "https://merchant.example/card-return", type: "PAY_RETURN", isDeeplink: "N" }],
  });
  await page.route("**/v1/sdk.js", (route) => route.abort("connectionfailed"));
  await page.goto(`${gateway.baseUrl}/v1.0/debit/redirect/${snap.referenceNo}?lang=id`);
  await expect(page.getByRole("alert")).toHaveText(m.Card.errorNetwork);
  await expect(page.getByLabel(m.Card.number)).toBeDisabled();
  await expect(page.getByRole("button", { name: /Rp/ })).toBeDisabled();
});
