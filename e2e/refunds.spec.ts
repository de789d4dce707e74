import type { Page } from "@playwright/test";
import { ConsoleClient } from "@/lib/clients/console-client";
import { fromWholeRupiah } from "@/lib/contract/money";
import { rupiahInWords } from "@/lib/i18n/amount-words";
import { rupiah } from "@/lib/i18n/format";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { expect, expectNoAxeViolations, test, type Gateway, type Lang } from "./fixtures";
import { CheckoutPage, fill, messages } from "./pages/checkout-page";

/**
 * Refunds end to end (docs/contract.md §9), on the shared server, in both languages: a card
 * link paid through the checkout, refunded in part and then in full from the console (the
 * confirmation says the amount in figures and words, each refund's state follows the
 * acquirer's answer without a reload), a refund racing the console from the API refused as
 * more than remains, the payer's page saying what was refunded, and a VA link that offers no
 * refund and says why.
 */
test.describe.configure({ mode: "serial" });
// Two sign-ins (scrypt), a card payment and four refunds per language on a loaded 2-core machine.
test.setTimeout(240_000);

const CARD = "4111 1111 1111 1111";
const idr = (whole: number, lang: Lang) => rupiah(fromWholeRupiah(whole), lang);

function consoleLogin(gateway: Gateway) {
  const login = gateway.credentials.console?.[0];
  if (!login) throw new Error("the sandbox seeds console logins");
  return login;
}

async function signIn(page: Page, gateway: Gateway, lang: Lang) {
  const m = messages(lang).ConsoleSignIn;
  const login = consoleLogin(gateway);
  await page.goto(`${gateway.baseUrl}/merchant?lang=${lang}`);
  await expect(page).toHaveURL(/\/merchant\/sign-in/);
  await page.getByLabel(m.email).fill(login.email);
  await page.getByLabel(m.password).fill(login.password);
  await page.getByRole("button", { name: m.submit }).click();
  await expect(page.getByRole("heading", { level: 1, name: messages(lang).ConsoleOverview.title })).toBeVisible({
    timeout: 60_000,
  });
}

/** A card link paid as a payer pays it: the checkout's card form, the sandbox's success card. */
async function paidCardLink(page: Page, gateway: Gateway, lang: Lang): Promise<PaymentLinkData> {
  const link = await gateway.createLink({ additionalInfo: { language: lang } });
  const checkout = new CheckoutPage(page);
  await checkout.open(link.paymentLinkUri);
  await checkout.chooseCard(lang);
  const form = await checkout.fillCard(lang, { number: CARD, cvc: "739" });
  await form.getByRole("button", { name: /^(Pay|Bayar) / }).click();
  await expect(page.getByRole("heading", { name: messages(lang).Paid.heading })).toBeVisible();
  return link;
}

/** Amount (and reason) in the Refund card, then the confirmation, checked word for word. */
async function refund(page: Page, lang: Lang, amount: number, reason = "") {
  const r = messages(lang).ConsoleRefund;
  if (amount > 0) await page.getByLabel(r.amount).fill(String(amount));
  if (reason) await page.getByLabel(r.reason).fill(reason);
  await page.getByRole("button", { name: r.review }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(
    fill(r.confirm, { amount: idr(amount, lang), words: rupiahInWords(fromWholeRupiah(amount), lang) }),
  );
  await dialog.getByRole("button", { name: fill(r.confirmYes, { amount: idr(amount, lang) }) }).click();
}

for (const lang of ["en", "id"] as const) {
  const m = messages(lang);
  const r = m.ConsoleRefund;

  test(`${lang}: a paid card link refunded in part, then the rest, from the console; the payer's page says so`, async ({
    page,
    browser,
    gateway,
  }) => {
    const link = await paidCardLink(page, gateway, lang);
    const paid = 300_500;
    await signIn(page, gateway, lang);
    await page.goto(`${gateway.baseUrl}/merchant/links/${link.paymentLinkId}`);
    const card = page.getByRole("region", { name: r.heading, exact: true });
    await expect(card).toContainText(fill(r.refundable, { amount: idr(paid, lang), paid: idr(paid, lang) }));
    // Prefilled with all that remains.
    await expect(page.getByLabel(r.amount)).toHaveValue(String(paid));

    // A grouped figure is refused, not guessed; more than remains is refused before any confirmation.
    await page.getByLabel(r.amount).fill("100.000");
    await page.getByRole("button", { name: r.review }).click();
    await expect(card.getByText(r.errAmount)).toBeVisible();
    await page.getByLabel(r.amount).fill(String(paid + 1));
    await page.getByRole("button", { name: r.review }).click();
    await expect(card.getByText(fill(r.errTooLarge, { remaining: idr(paid, lang) }))).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    // Part: the confirmation says 100000 in figures and in words; Cancel sends nothing.
    await page.getByLabel(r.amount).fill("100000");
    await page.getByRole("button", { name: r.review }).click();
    await expect(page.getByRole("alertdialog")).toContainText(
      lang === "en" ? "(one hundred thousand rupiah)" : "(seratus ribu rupiah)",
    );
    await page.getByRole("button", { name: r.cancel }).click();
    await refund(page, lang, 100_000, "Returned one bag");
    await expect(card.getByRole("status")).toHaveText(fill(r.requested, { amount: idr(100_000, lang) }));
    const timeline = page.getByRole("region", { name: m.ConsoleLink.timeline, exact: true });
    const first = timeline.getByRole("listitem").filter({ hasText: fill(r.timeline, { amount: idr(100_000, lang) }) });
    await expect(first).toContainText(fill(r.reasonShown, { reason: "Returned one bag" }));
    // The acquirer answers within 2 s: the entry turns succeeded without a reload.
    await expect(first).toContainText(r.status_succeeded, { timeout: 15_000 });
    await expect(card).toContainText(fill(r.refundedSoFar, { amount: idr(100_000, lang) }));
    await expect(page.getByLabel(r.amount)).toHaveValue(String(paid - 100_000));
    await expectNoAxeViolations(page, `console refund ${lang}`);

    // An API refund lands while the confirmation for all that remained is open: the page sees it
    // live, withdraws the confirmation (more than now remains) and prefills the new remainder.
    const login = consoleLogin(gateway);
    const session = await new ConsoleClient(gateway.baseUrl, null).signIn(login.email, login.password);
    const api = new ConsoleClient(gateway.baseUrl, { sessionToken: session.token });
    await page.getByRole("button", { name: r.review }).click();
    await expect(page.getByRole("alertdialog")).toContainText(idr(paid - 100_000, lang));
    await api.refund({ paymentLinkId: link.paymentLinkId, amount: 500 });
    await expect(page.getByRole("alertdialog")).toHaveCount(0, { timeout: 15_000 });
    await expect(card.getByRole("status")).toHaveText(r.errTooLargeNow);
    await expect(page.getByLabel(r.amount)).toHaveValue(String(paid - 100_500));

    // The rest, as prefilled.
    await refund(page, lang, paid - 100_500);
    await expect(card).toContainText(r.fullyRefunded, { timeout: 15_000 });
    await expect(page.getByRole("button", { name: r.review })).toHaveCount(0);
    await expect(timeline.getByRole("listitem").filter({ hasText: r.status_succeeded })).toHaveCount(3, {
      timeout: 15_000,
    });
    const refunds = await api.listRefunds({ paymentLinkId: link.paymentLinkId });
    expect(refunds.data.map((x) => [x.amount, x.status])).toEqual([
      [paid - 100_500, "succeeded"],
      [500, "succeeded"],
      [100_000, "succeeded"],
    ]);

    // The payer's page, in a browser of its own.
    const ctx = await browser.newContext();
    const payer = await ctx.newPage();
    const uri = new URL(link.paymentLinkUri);
    uri.searchParams.set("lang", lang);
    await payer.goto(uri.toString());
    await expect(payer.getByRole("heading", { name: m.Paid.heading })).toBeVisible();
    await expect(payer.locator("[data-refunded]")).toContainText(fill(m.Paid.refunded, { amount: idr(paid, lang) }));
    await expect(payer.locator("[data-refunded] time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    await expectNoAxeViolations(payer, `payer refunded ${lang}`);
    await ctx.close();
  });

  test(`${lang}: a paid VA link offers no refund and says why`, async ({ page, gateway }) => {
    const link = await gateway.createLink({ additionalInfo: { language: lang } });
    const chosen = await gateway.checkout.payPaymentLink({
      additionalInfo: { paymentLinkId: link.paymentLinkId, paymentMethod: { groupId: "va", methodId: "bca" } },
    });
    await gateway.payVa(chosen.paymentLinkData);
    await signIn(page, gateway, lang);
    await page.goto(`${gateway.baseUrl}/merchant/links/${link.paymentLinkId}`);
    const card = page.getByRole("region", { name: r.heading, exact: true });
    await expect(card).toContainText(r.va);
    await expect(page.getByRole("button", { name: r.review })).toHaveCount(0);
    await expect(page.getByLabel(r.amount)).toHaveCount(0);
  });
}
