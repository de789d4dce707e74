import { randomUUID } from "node:crypto";
import type { Page, Response } from "@playwright/test";
import { IntentsClient } from "@/lib/clients/intents-client";
import { expect, expectNoAxeViolations, expectNoHorizontalOverflow, test, type Gateway, type Lang } from "./fixtures";
import { CheckoutPage, fill, messages } from "./pages/checkout-page";

/** docs/contract.md §3.4 sandbox cards, typed as a payer types them. */
const SUCCESS = "4111 1111 1111 1111";
const THREE_DS = "4000 0000 0000 3220";
const CVC = "739";
const digits = (s: string) => s.replace(/\D/g, "");

/** Phone width for Indonesian, desktop for English: both languages, both widths, one run each. */
const CASES: { lang: Lang; viewport: { width: number; height: number } }[] = [
  { lang: "en", viewport: { width: 1280, height: 800 } },
  { lang: "id", viewport: { width: 375, height: 667 } },
];

/** Each test its own customer: the saved cards of one never leak into another's run. */
const newCustomer = () => `cus-e2e-${randomUUID().slice(0, 18)}`;

/** The merchant's own view of the customer's cards (docs/contract.md §10), from outside. */
const merchantCards = async (gateway: Gateway, customerId: string) =>
  (
    await new IntentsClient(gateway.baseUrl, gateway.credentials.merchant.secretKey).listPaymentMethods(customerId)
  ).data.map((pm) => `${pm.brand} ${pm.last4}`);

/**
 * What the browser sends, and what the gateway and this app's action routes answer it, as
 * text: after entry, the card number must be in none of them. (The page's HTML lists the
 * sandbox's test numbers in its hint, so documents are left out.)
 */
function recordTraffic(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  page.on("request", (r) => bodies.push(Promise.resolve(`${r.url()} ${r.postData() ?? ""}`)));
  page.on("response", (r: Response) => {
    const path = new URL(r.url()).pathname;
    const api = path.startsWith("/v1/") || /^\/pay\/[^/]+\/actions\//.test(path);
    if (api) bodies.push(r.text().catch(() => ""));
  });
  return bodies;
}

for (const { lang, viewport } of CASES) {
  const m = messages(lang);
  const card = (brand: string, last4: string) => fill(m.Card.savedCard, { brand, last4 });

  test.describe(`saved cards (${lang}, ${viewport.width} px)`, () => {
    test.use({ viewport, locale: lang === "id" ? "id-ID" : "en-US" });

    /** A new link of `customerId`, at its card step once the saved cards have loaded. */
    async function openCardStep(page: Page, gateway: Gateway, customerId: string) {
      const link = await gateway.createLink({ additionalInfo: { language: lang, customerId } });
      const checkoutPage = new CheckoutPage(page);
      await checkoutPage.open(link.paymentLinkUri);
      await checkoutPage.chooseCard(lang);
      const form = page.getByRole("form", { name: m.Card.heading });
      await expect(form.getByRole("button", { name: /^(Pay|Bayar) / })).toBeEnabled(); // the list has loaded
      return { link, form };
    }

    test("save a card with consent, pay the next link with its CVC only, remove it, and it is gone", async ({
      page,
      gateway,
    }) => {
      test.slow(); // one payer's story across five links: three payments and a removal
      const customerId = newCustomer();

      // First link: the box is there and unticked; paid without ticking, nothing is saved.
      let { form } = await openCardStep(page, gateway, customerId);
      const save = form.getByRole("checkbox", { name: m.Card.saveCard });
      await expect(save).not.toBeChecked();
      await expect(form.getByRole("radiogroup")).toHaveCount(0);
      await form.getByLabel(m.Card.number).pressSequentially(SUCCESS);
      await form.getByLabel(m.Card.expiry).fill("12/34");
      await form.getByLabel(m.Card.cvc).fill(CVC);
      await form.getByLabel(m.Card.name).fill("Siti Rahmawati");
      await form.getByRole("button", { name: /^(Pay|Bayar) / }).click();
      await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible();
      expect(await merchantCards(gateway, customerId)).toEqual([]);

      // Second link: ticked this time, so the card is saved when the payment succeeds.
      ({ form } = await openCardStep(page, gateway, customerId));
      await expect(form.getByRole("radiogroup")).toHaveCount(0);
      await expectNoAxeViolations(page, `card step with save box/${lang}`);
      await form.getByLabel(m.Card.number).pressSequentially(SUCCESS);
      await form.getByLabel(m.Card.expiry).fill("12/34");
      await form.getByLabel(m.Card.cvc).fill(CVC);
      await form.getByLabel(m.Card.name).fill("Siti Rahmawati");
      await form.getByRole("checkbox", { name: m.Card.saveCard }).check();
      await form.getByRole("button", { name: /^(Pay|Bayar) / }).click();
      await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible();
      expect(await merchantCards(gateway, customerId)).toEqual(["visa 1111"]);

      // Third link: the saved card is listed and chosen; only its CVC is asked for.
      const traffic = recordTraffic(page);
      const third = await openCardStep(page, gateway, customerId);
      form = third.form;
      const group = form.getByRole("radiogroup", { name: m.Card.savedHeading });
      const saved = group.getByRole("radio", { name: new RegExp(`^${card("Visa", "1111")}`) });
      await expect(saved).toBeChecked();
      await expect(group).toContainText(fill(m.Card.savedExpires, { expiry: "12/34" }));
      await expect(form.getByLabel(m.Card.number)).toHaveCount(0);
      await expect(form.getByLabel(m.Card.name)).toHaveCount(0);
      await expect(form.getByRole("checkbox", { name: m.Card.saveCard })).toHaveCount(0);
      await expectNoAxeViolations(page, `saved cards/${lang}`);
      await expectNoHorizontalOverflow(page, `saved cards/${lang}`);

      // The keyboard moves through the group: down to "use a new card" (the full form), and back.
      await saved.focus();
      await page.keyboard.press("ArrowDown");
      const newCard = group.getByRole("radio", { name: m.Card.newCard });
      await expect(newCard).toBeChecked();
      await expect(form.getByLabel(m.Card.number)).toBeVisible();
      await page.keyboard.press("ArrowUp");
      await expect(saved).toBeChecked();
      await expect(form.getByLabel(m.Card.number)).toHaveCount(0);

      // A wrong-looking CVC is caught here, in the payer's language.
      const pay = form.getByRole("button", { name: /^(Pay|Bayar) / });
      await pay.click();
      await expect(form.getByLabel(m.Card.cvc)).toHaveAttribute("aria-invalid", "true");
      await expect(form).toContainText(m.Card.errorCvc);
      await form.getByLabel(m.Card.cvc).fill(CVC);
      const confirm = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith("/confirm"));
      await pay.click();
      // The saved card goes by its id and the CVC the payer just typed; no card object at all.
      const sent = (await confirm).postDataJSON() as Record<string, unknown>;
      expect(Object.keys(sent).sort()).toEqual(["clientSecret", "cvc", "paymentMethod", "returnUrl"]);
      expect(sent).toMatchObject({ paymentMethod: expect.stringMatching(/^pm_/), cvc: CVC });
      await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible();
      expect(await gateway.inquiry(third.link.paymentLinkId)).toMatchObject({
        paymentFlagStatus: "00",
        payment: { type: "cc", bank: "card", content: { value: "•••• 1111" } },
      });
      // After entry, the number never travelled again: no request carried it, no answer brought it back.
      expect(traffic.length).toBeGreaterThan(3);
      for (const body of await Promise.all(traffic)) {
        expect(body).not.toContain(digits(SUCCESS));
        expect(body).not.toContain(SUCCESS);
      }

      // Fourth link: remove the card, with a confirm (kept first, then removed).
      const fourth = await openCardStep(page, gateway, customerId);
      form = fourth.form;
      const remove = form.getByRole("button", { name: fill(m.Card.removeLabel, { card: card("Visa", "1111") }) });
      await remove.click();
      const asked = form.getByRole("group", {
        name: fill(m.Card.removeConfirm, { card: card("Visa", "1111") }),
      });
      await expect(asked.getByRole("button", { name: m.Card.removeNo })).toBeFocused();
      await expectNoAxeViolations(page, `remove confirm/${lang}`);
      await asked.getByRole("button", { name: m.Card.removeNo }).click();
      await expect(remove).toBeFocused();
      expect(await merchantCards(gateway, customerId)).toEqual(["visa 1111"]);
      await remove.click();
      await form.getByRole("button", { name: m.Card.removeYes }).click();
      await expect(
        form.getByRole("status").filter({ hasText: fill(m.Card.removed, { card: card("Visa", "1111") }) }),
      ).toBeVisible();
      await expect(form.getByRole("radiogroup")).toHaveCount(0);
      await expect(form.getByLabel(m.Card.number)).toBeFocused(); // the only card gone: on to a new one
      expect(await merchantCards(gateway, customerId)).toEqual([]);

      // Fifth link: the card is gone for good.
      ({ form } = await openCardStep(page, gateway, customerId));
      await expect(form.getByRole("radiogroup")).toHaveCount(0);
      await expect(form.getByLabel(m.Card.number)).toBeVisible();
    });

    test("a saved 3-D Secure card asks for 3-D Secure again, as a new card would", async ({ page, gateway }) => {
      const customerId = newCustomer();
      const approve = lang === "en" ? "Approve" : "Setujui";
      const bankHeading = lang === "en" ? "Confirm this payment" : "Konfirmasi pembayaran ini";

      let { form } = await openCardStep(page, gateway, customerId);
      await form.getByLabel(m.Card.number).pressSequentially(THREE_DS);
      await form.getByLabel(m.Card.expiry).fill("12/34");
      await form.getByLabel(m.Card.cvc).fill(CVC);
      await form.getByLabel(m.Card.name).fill("Siti Rahmawati");
      await form.getByRole("checkbox", { name: m.Card.saveCard }).check();
      await form.getByRole("button", { name: /^(Pay|Bayar) / }).click();
      await expect(page.getByRole("heading", { name: bankHeading })).toBeVisible();
      await page.getByRole("button", { name: approve, exact: true }).click();
      await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible();
      expect(await merchantCards(gateway, customerId)).toEqual(["visa 3220"]);

      const second = await openCardStep(page, gateway, customerId);
      form = second.form;
      await expect(form.getByRole("radio", { name: new RegExp(`^${card("Visa", "3220")}`) })).toBeChecked();
      await form.getByLabel(m.Card.cvc).fill(CVC);
      await form.getByRole("button", { name: /^(Pay|Bayar) / }).click();
      // The bank's page again, in the payer's language, for the saved card.
      await expect(page.getByRole("heading", { name: bankHeading })).toBeVisible();
      expect(new URL(page.url()).pathname).toMatch(/^\/v1\/payment-intents\/[0-9a-f-]{36}\/3ds$/);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.locator("main")).toContainText("•••• 3220");
      await page.getByRole("button", { name: approve, exact: true }).click();
      await page.waitForURL((u) => u.pathname === `/pay/${second.link.paymentLinkId}`);
      await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible();
      expect(await gateway.inquiry(second.link.paymentLinkId)).toMatchObject({ paymentFlagStatus: "00" });
    });
  });
}

test("a link without a customer shows neither saved cards nor the save box", async ({
  page,
  gateway,
  checkoutPage,
}) => {
  const m = messages("en");
  const link = await gateway.createLink({ additionalInfo: { language: "en" } });
  await checkoutPage.open(link.paymentLinkUri);
  await checkoutPage.chooseCard("en");
  const form = page.getByRole("form", { name: m.Card.heading });
  await expect(form.getByLabel(m.Card.number)).toBeEnabled();
  await expect(form.getByRole("checkbox")).toHaveCount(0);
  await expect(form.getByRole("radiogroup")).toHaveCount(0);
});

test("the card step of a link with a customer creates its one payment intent, however often it renders", async ({
  page,
  gateway,
  checkoutPage,
}) => {
  // Its effect depends on the action functions: a fresh set per render (the payer's page has no
  // provider above its islands) once started an intent on every render, without end.
  const m = messages("en");
  const link = await gateway.createLink({ additionalInfo: { language: "en", customerId: "cus_once_per_step" } });
  const starts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === `/pay/${link.paymentLinkId}/actions/card`)
      starts.push(r.url());
  });
  await checkoutPage.open(link.paymentLinkUri);
  await checkoutPage.chooseCard("en");
  const form = page.getByRole("form", { name: m.Card.heading });
  await expect(form.getByRole("button", { name: /^Pay / })).toBeEnabled();
  // The form renders again as the payer types: still the one intent.
  await form.getByLabel(m.Card.number).fill("4111 1111 1111 1111");
  await form.getByLabel(m.Card.cvc).fill("123");
  await expect(form.getByLabel(m.Card.cvc)).toHaveValue("123");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
  expect(starts).toHaveLength(1);
});
