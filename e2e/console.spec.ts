import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ConsoleClient } from "@/lib/clients/console-client";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { simulateVaPayment, simulateWalletPayment } from "@/lib/clients/simulator";
import { startReceiver } from "@/tests/support/receiver";
import { startSilentServer } from "@/tests/support/silent-server";
import { expectNoAxeViolations, expectNoHorizontalOverflow, MATRIX, type Lang } from "./fixtures";
import { CheckoutPage, fill, messages } from "./pages/checkout-page";
import { startProductionServer, type StartedServer } from "./support/server";

type Login = { merchant: string; email: string; password: string };

/**
 * The merchant console end to end, on a server of its own: a short key-rotation grace
 * period, quick callback retries, and a sign-in limit that may lock 127.0.0.1 without
 * touching the other specs' server. Serial: the last test locks sign-in on purpose.
 */
test.describe.configure({ mode: "serial" });
// Each flow signs in (scrypt), pays and waits for callbacks: minutes on a loaded 2-core machine.
test.setTimeout(420_000);

let server: StartedServer;
let logins: Login[];
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let gatewayKey: string;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startProductionServer({
    KEY_ROTATION_GRACE_SECONDS: "3",
    CALLBACK_RETRY_SCHEDULE: "0.5,0.5",
    CALLBACK_POLL_MS: "100",
  });
  const creds = JSON.parse(fs.readFileSync(path.join(server.dataDir, "sandbox-credentials.json"), "utf8")) as {
    console: Login[];
    gatewayPublicKeyPem: string;
  };
  logins = creds.console;
  gatewayKey = creds.gatewayPublicKeyPem;
  receiver = await startReceiver(() => gatewayKey);
});
test.afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

async function signIn(page: Page, lang: Lang, who: Login) {
  const m = messages(lang).ConsoleSignIn;
  await page.goto(`${server.baseUrl}/merchant?lang=${lang}`);
  await expect(page).toHaveURL(/\/merchant\/sign-in/);
  await page.getByLabel(m.email).fill(who.email);
  await page.getByLabel(m.password).fill(who.password);
  await page.getByRole("button", { name: m.submit }).click();
  await expect(page.getByRole("heading", { level: 1, name: messages(lang).ConsoleOverview.title })).toBeVisible({
    timeout: 60_000,
  });
}

/**
 * Sign `page` in as the first demo merchant, create a link through the console's client and
 * choose `method` on it as the hosted checkout does; answers the link, the chosen payment and
 * the acquirer's credentials (to pay it as the bank or wallet would).
 */
async function consoleLinkWithMethod(
  page: Page,
  lang: Lang,
  item: { title: string; name: string; price: string },
  method: { groupId: string; methodId: string; phoneNumber?: string },
) {
  await signIn(page, lang, logins[0]!);
  const session = await new ConsoleClient(server.baseUrl, null).signIn(logins[0]!.email, logins[0]!.password);
  const link = await new ConsoleClient(server.baseUrl, { sessionToken: session.token }).createLink({
    additionalInfo: {
      invoiceTitle: item.title,
      itemDetails: [{ name: item.name, price: item.price, quantity: 1 }],
      customerDetail: {},
    },
  });
  const creds = JSON.parse(fs.readFileSync(path.join(server.dataDir, "sandbox-credentials.json"), "utf8")) as {
    acquirer: ConstructorParameters<typeof GatewayClient>[1];
  };
  const checkoutClient = JSON.parse(
    fs.readFileSync(path.join(server.dataDir, "checkout-client.json"), "utf8"),
  ) as ConstructorParameters<typeof GatewayClient>[1];
  const chosen = await new GatewayClient(server.baseUrl, checkoutClient).payPaymentLink({
    additionalInfo: { paymentLinkId: link.paymentLinkId, paymentMethod: method },
  });
  return { link, payment: chosen.paymentLinkData.payment, acquirer: creds.acquirer };
}

/** The stylesheets a document links: each links one, the console's or the payer's, never both. */
async function stylesheets(page: Page): Promise<string[]> {
  return page.locator('link[rel="stylesheet"]').evaluateAll((ls) => ls.map((l) => l.getAttribute("href") ?? ""));
}

async function createInForm(page: Page, lang: Lang, title: string) {
  const c = messages(lang).ConsoleCreate;
  await page.goto(`${server.baseUrl}/merchant/links/new`);
  await page.getByLabel(c.invoiceTitle, { exact: true }).fill(title);
  await page.getByLabel(fill(c.itemName, { n: 1 })).fill("Kain tenun ikat");
  await page.getByLabel(fill(c.itemPrice, { n: 1 })).fill("abc");
  await page.getByRole("button", { name: c.submit }).click();
  // Refused inline, in the page's language, and nothing typed is lost.
  await expect(page.getByText(c.errAmount)).toBeVisible();
  await expect(page.getByLabel(c.invoiceTitle, { exact: true })).toHaveValue(title);
  await page.getByLabel(fill(c.itemPrice, { n: 1 })).fill("250000");
  await page.getByLabel(fill(c.itemQuantity, { n: 1 })).fill("2");
  await page.getByRole("button", { name: c.addFee }).click();
  await page.getByLabel(fill(c.feeText, { n: 1 })).fill("Diskon");
  await page.getByLabel(fill(c.feeValue, { n: 1 })).fill("-50000");
  await expect(page.getByTestId("live-total")).toHaveText(/450[.,]000/);
  await page.getByLabel(c.firstName).fill("Made");
  await page.getByLabel(c.email).fill("made@example.id");
  await page.getByRole("button", { name: c.submit }).click();
  await expect(page.getByRole("heading", { name: new RegExp(c.created) })).toBeVisible({ timeout: 30_000 });
  const uri = (await page.getByTestId("payment-link-uri").textContent())!.trim();
  await expect(page.getByRole("img", { name: c.qr })).toBeVisible();
  return { uri, id: /\/pay\/([0-9a-f-]{36})/.exec(uri)![1]! };
}

async function payerContext(browser: Browser, vp: { width: number; height: number }) {
  const ctx = await browser.newContext({ viewport: { width: vp.width, height: vp.height } });
  return { ctx, page: await ctx.newPage() };
}

for (const { lang, vp } of MATRIX) {
  test(`${lang} ${vp.name}: create in the form, pay as the payer, see it paid with a delivered callback, Resend now`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    const m = messages(lang);
    await signIn(page, lang, logins[0]!);
    await expectNoAxeViolations(page, `overview ${lang} ${vp.name}`);
    await expectNoHorizontalOverflow(page, `overview ${lang} ${vp.name}`);
    // Callbacks of this merchant go to the local receiver.
    await page.goto(`${server.baseUrl}/merchant/developers`);
    await page
      .getByRole("textbox", { name: m.ConsoleDevelopers.callbackBaseUrl })
      .fill(`${receiver.url}/${lang}-${vp.name}`);
    await page.getByRole("button", { name: m.ConsoleDevelopers.saveUrl }).click();
    await expect(page.getByText(m.ConsoleDevelopers.saved)).toBeVisible();
    await expectNoAxeViolations(page, `developers ${lang} ${vp.name}`);

    const { uri, id } = await createInForm(page, lang, `Tenun ${lang} ${vp.name}`);
    await expectNoAxeViolations(page, `create result ${lang} ${vp.name}`);

    // The payer, in a browser context of their own.
    const payer = await payerContext(browser, vp);
    const checkout = new CheckoutPage(payer.page);
    await checkout.open(uri, { lang });
    const consoleSheets = await stylesheets(page);
    const payerSheets = await stylesheets(payer.page);
    expect(consoleSheets).toHaveLength(1);
    expect(payerSheets).toHaveLength(1);
    expect(payerSheets).not.toEqual(consoleSheets);
    await checkout.chooseVa("BNI");
    await payer.page
      .getByRole("complementary", { name: m.Sandbox.heading })
      .getByRole("button", { name: m.Sandbox.pay })
      .click();
    await expect(payer.page.getByRole("heading", { name: m.Paid.heading })).toBeVisible({ timeout: 30_000 });
    await payer.ctx.close();

    await receiver.waitFor((all) => all.some((r) => r.json.paymentLinkId === id), 30_000);
    const t = m.ConsoleLink;
    await expect
      .poll(
        async () => {
          await page.goto(`${server.baseUrl}/merchant/links/${id}`);
          return page.getByText(t.deliveryStatus_delivered).count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await expect(page.getByRole("heading", { level: 1 }).getByText(m.ConsoleLinks.status00)).toBeVisible();
    // The method by its name, not the wire's id (va.bni).
    await expect(page.getByText(fill(t.paid, { method: fill(m.Va.title, { bank: "BNI" }) })).first()).toBeVisible();
    await expectNoAxeViolations(page, `link detail ${lang} ${vp.name}`);
    await expectNoHorizontalOverflow(page, `link detail ${lang} ${vp.name}`);

    const before = receiver.received.filter((r) => r.json.paymentLinkId === id).length;
    const linkDelivery = page.getByRole("article").filter({ hasText: "/v1.0/payment-link/notify" }).first();
    // A delivery by what it is in the merchant's language, not the outbox's kind (link, va, qr, ew).
    await expect(linkDelivery.getByText(t.deliveryKind_link, { exact: true })).toBeVisible();
    await linkDelivery.getByRole("button", { name: t.resend }).click();
    await receiver.waitFor((all) => all.filter((r) => r.json.paymentLinkId === id).length > before, 30_000);
    await expect
      .poll(
        async () => {
          // Resend now refreshes the page in place once it is done; a navigation here may race it.
          if (!(await page.goto(`${server.baseUrl}/merchant/links/${id}`).catch(() => null))) return 0;
          return page.getByText(new RegExp(fill(t.resendOf, { id: "" }).trim())).count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);

    await page.goto(`${server.baseUrl}/merchant/links?q=made%40example.id`);
    await expect(page.getByRole("link", { name: /INV-/ }).first()).toBeVisible();
    await expectNoAxeViolations(page, `links ${lang} ${vp.name}`);
    await expectNoHorizontalOverflow(page, `links ${lang} ${vp.name}`);
    await page.goto(`${server.baseUrl}/merchant/methods`);
    await expectNoAxeViolations(page, `methods ${lang} ${vp.name}`);
  });
}

test("a method switched off shows inactive with its reason on the payer's page", async ({ page, browser }) => {
  const m = messages("en");
  const c = m.ConsoleMethods;
  await signIn(page, "en", logins[1]!);
  const { uri } = await createInForm(page, "en", "Songket");
  await page.goto(`${server.baseUrl}/merchant/methods`);
  const bri = fill(m.Va.title, { bank: "BRI" });
  await page.getByRole("switch", { name: fill(c.switchState, { name: bri, state: c.on }) }).click();
  await page.getByLabel(fill(c.reasonFor, { name: bri })).selectOption("maintenance");
  await page.getByRole("button", { name: fill(c.turnOff, { name: bri }) }).click();
  const off = page.getByRole("switch", { name: fill(c.switchState, { name: bri, state: c.off }) });
  await expect(off).toHaveAttribute("aria-checked", "false");
  // BRI's own line (the seed's CIMB is under maintenance too, with the same text).
  await expect(off).toHaveAccessibleDescription(
    fill(c.payerSees, { text: "Under maintenance. Please choose another method." }),
  );
  const payer = await payerContext(browser, { width: 1280, height: 800 });
  await new CheckoutPage(payer.page).open(uri, { lang: "en" });
  const va = new CheckoutPage(payer.page).group("Virtual Account");
  await expect(va.getByRole("radio", { name: /^BRI\b/ })).toBeDisabled();
  // The checkout shows each inactive method's reason under it (the seed's CIMB has one too): BRI's own line.
  await expect(va.locator("#method-va-bri-why")).toHaveText(
    fill(m.Methods.unavailable, { reason: "Under maintenance. Please choose another method." }),
  );
  await payer.ctx.close();
  await off.click();
  await expect(page.getByRole("switch", { name: fill(c.switchState, { name: bri, state: c.on }) })).toHaveAttribute(
    "aria-checked",
    "true",
  );
});

for (const lang of ["en", "id"] as const) {
  test(`${lang}: the methods page has one switch per group and method, its state in its label, the reason asked only when switching off, by keyboard, without a reload`, async ({
    page,
  }) => {
    const m = messages(lang);
    const c = m.ConsoleMethods;
    await signIn(page, lang, logins[1]!);
    await page.goto(`${server.baseUrl}/merchant/methods`);
    const mandiri = fill(m.Va.title, { bank: "Mandiri" });
    const permata = fill(m.Va.title, { bank: "Permata" });
    const on = page.getByRole("switch", { name: fill(c.switchState, { name: mandiri, state: c.on }) });
    // One switch per group and per method, each saying its state; nothing to fill in while all is well.
    await expect(page.getByRole("switch", { name: fill(c.wholeGroup, { name: "Virtual Account" }) })).toHaveCount(1);
    await expect(on).toHaveAttribute("aria-checked", "true");
    await expect(on).toHaveAccessibleDescription(fill(c.payerSees, { text: c.available }));
    // The seed's Permata is off: its label says so (it said "On" before), and payers see its reason.
    const permataOff = page.getByRole("switch", { name: fill(c.switchState, { name: permata, state: c.off }) });
    await expect(permataOff).toHaveAttribute("aria-checked", "false");
    await expect(permataOff).toHaveAccessibleDescription(
      fill(c.payerSees, { text: lang === "en" ? "Registration in progress." : "Pendaftaran sedang diproses." }),
    );
    await expect(page.getByRole("combobox")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^(Save|Simpan)\b/ })).toHaveCount(0);
    await expectNoAxeViolations(page, `methods ${lang}`);

    // By keyboard: Space on the switch asks why, and nothing changes until the merchant says so.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await on.focus();
    await page.keyboard.press("Space");
    const why = page.getByRole("combobox", { name: fill(c.reasonFor, { name: mandiri }) });
    await expect(why).toBeFocused();
    await expect(on).toHaveAttribute("aria-checked", "true");
    await why.selectOption("registration");
    await page.getByRole("button", { name: fill(c.turnOff, { name: mandiri }) }).focus();
    await page.keyboard.press("Enter");
    const off = page.getByRole("switch", { name: fill(c.switchState, { name: mandiri, state: c.off }) });
    await expect(off).toHaveAttribute("aria-checked", "false");
    await expect(off).toHaveAccessibleDescription(
      fill(c.payerSees, { text: lang === "en" ? "Registration in progress." : "Pendaftaran sedang diproses." }),
    );
    await expect(page.getByRole("combobox")).toHaveCount(0);
    // On again: one press, no reason asked.
    await off.focus();
    await page.keyboard.press("Enter");
    await expect(on).toHaveAttribute("aria-checked", "true");
    await expect(on).toHaveAccessibleDescription(fill(c.payerSees, { text: c.available }));
    // Refreshed in place: the document was never loaded again.
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });
}

test("a link's page in the console turns paid by itself when a signed notification pays it, with the method by its name", async ({
  page,
}) => {
  const m = messages("en");
  const t = m.ConsoleLink;
  const { link, payment, acquirer } = await consoleLinkWithMethod(
    page,
    "en",
    { title: "Batik live", name: "Batik", price: "120000.00" },
    { groupId: "va", methodId: "bni" },
  );
  const content = payment.content;
  if (content === "") throw new Error("no VA");

  await page.goto(`${server.baseUrl}/merchant/links/${link.paymentLinkId}`);
  const bni = fill(m.Va.title, { bank: "BNI" });
  await expect(page.getByText(fill(t.method_chosen, { method: bni }))).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(m.ConsoleLinks.status02);
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  const paid = await simulateVaPayment(server.baseUrl, acquirer, {
    virtualAccountNo: content.value,
    amount: link.totalAmount.value,
  });
  expect(paid.status).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(m.ConsoleLinks.status00, { timeout: 30_000 });
  await expect(page.getByText(fill(t.paid, { method: bni })).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  await page.goto(`${server.baseUrl}/merchant/links?q=${link.partnerReferenceNo}`);
  await expect(page.getByRole("row").filter({ hasText: link.partnerReferenceNo })).toContainText(bni);
});

test("a wallet payment in the console: the timeline names the wallet and the payer's masked number", async ({
  page,
}) => {
  const m = messages("id");
  const t = m.ConsoleLink;
  const { link, payment, acquirer } = await consoleLinkWithMethod(
    page,
    "id",
    { title: "Kopi OVO", name: "Kopi", price: "45000.00" },
    { groupId: "ew", methodId: "ovo", phoneNumber: "081234567890" },
  );
  const referenceNo = payment.referenceNo;
  if (!referenceNo) throw new Error("no wallet reference");
  const paid = await simulateWalletPayment(server.baseUrl, acquirer, {
    referenceNo,
    status: "00",
    amount: link.totalAmount.value,
    methodId: "ovo",
  });
  expect(paid.status).toBe(200);

  await page.goto(`${server.baseUrl}/merchant/links/${link.paymentLinkId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(m.ConsoleLinks.status00);
  const timeline = page.getByRole("region", { name: t.timeline });
  await expect(timeline.getByText(fill(t.method_chosen, { method: "OVO" }))).toBeVisible();
  await expect(timeline.getByText("0812*****890").first()).toBeVisible();
  await expect(page.getByText(fill(t.paid, { method: "OVO" })).first()).toBeVisible();
});

test("the create form checks the contract's rules in the browser, in the page's language", async ({ page }) => {
  const c = messages("id").ConsoleCreate;
  await signIn(page, "id", logins[0]!);
  await page.goto(`${server.baseUrl}/merchant/links/new`);
  const posts: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "POST" && req.headers()["next-action"]) posts.push(req.url());
  });
  await page.getByLabel(c.invoiceTitle, { exact: true }).fill("x".repeat(256));
  await page.getByLabel(fill(c.itemName, { n: 1 })).fill("Kopi");
  await page.getByLabel(fill(c.itemPrice, { n: 1 })).fill("30000");
  // The contract takes any address of up to 255 characters: the form has no pattern of its own.
  await page.getByLabel(c.email).fill("kasir@toko");
  await page.getByLabel(c.expiry).fill("129601");
  await page.getByRole("button", { name: c.submit }).click();
  await expect(page.getByText("Paling banyak 255 karakter.")).toBeVisible();
  await expect(page.getByText("Masukkan menit dari 1 sampai 129.600.")).toBeVisible();
  await expect(page.getByLabel(c.invoiceTitle, { exact: true })).toBeFocused();
  expect(posts).toEqual([]); // refused in the browser, before any request
  await page.getByLabel(c.invoiceTitle, { exact: true }).fill("Kopi kontrak");
  await page.getByLabel(c.expiry).fill("129600");
  await page.getByRole("button", { name: c.submit }).click();
  await expect(page.getByRole("heading", { name: new RegExp(c.created) })).toBeVisible({ timeout: 30_000 });
  // Create another: a fresh form in place, not a reload.
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await page.getByRole("button", { name: c.another }).click();
  await expect(page.getByLabel(c.invoiceTitle, { exact: true })).toHaveValue("");
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test("rotating the sk_ key shows the new one once; the old one stops after the grace period", async ({ page }) => {
  const m = messages("en").ConsoleDevelopers;
  await signIn(page, "en", logins[1]!);
  await page.goto(`${server.baseUrl}/merchant/developers`);
  await page.getByRole("button", { name: m.rotateSecretKey }).click();
  const first = (await page.getByTestId("new-secretKey").textContent())!.trim();
  // The old key's end of grace, formatted by the ICU message with a date argument (a filled-in
  // date, never the bare placeholder).
  const until = page.getByText(m.oldUntil.split("{at}")[0]!);
  await expect(until).toBeVisible();
  await expect(until).toHaveText(/\d{4}/);
  await expect(until).not.toContainText("{");
  await page.reload();
  await expect(page.getByText(first)).toHaveCount(0); // shown once
  await page.getByRole("button", { name: m.rotateSecretKey }).click();
  const second = (await page.getByTestId("new-secretKey").textContent())!.trim();
  expect(second).not.toBe(first);
  const old = new ConsoleClient(server.baseUrl, { secretKey: first });
  await old.account(); // within the grace period
  await new Promise((r) => setTimeout(r, 3_500));
  await expect(old.account()).rejects.toMatchObject({ status: 401 });
  expect((await new ConsoleClient(server.baseUrl, { secretKey: second }).account()).partnerId).toBe(
    logins[1]!.merchant,
  );
});

test("send test callback to an endpoint that never answers reports the gateway's own timeout, not a console error", async ({
  page,
}) => {
  const m = messages("en").ConsoleDevelopers;
  // Accepts the connection and says nothing: the gateway gives up after CALLBACK_TIMEOUT_MS
  // (10 s). The console must wait for that answer rather than end the call itself.
  const silent = await startSilentServer();
  const api = new ConsoleClient(server.baseUrl, {
    sessionToken: (await new ConsoleClient(server.baseUrl, null).signIn(logins[1]!.email, logins[1]!.password)).token,
  });
  const before = (await api.account()).callbackBaseUrl;
  try {
    await api.setCallbackBaseUrl(silent.url);
    await signIn(page, "en", logins[1]!);
    await page.goto(`${server.baseUrl}/merchant/developers`);
    await page.getByRole("button", { name: m.testCallback }).click();
    await expect(page.getByTestId("test-reply")).toHaveText(/^No reply: \w*Error: no complete answer within 10000 ms/, {
      timeout: 60_000,
    });
    expect(silent.connections).toBeGreaterThan(0);
  } finally {
    await api.setCallbackBaseUrl(before);
    await silent.close();
  }
});

test("Simulate VA payment on the link page announces the notification's HTTP status in the page's language, then the link is paid", async ({
  page,
}) => {
  await signIn(page, "id", logins[0]!);
  const { id } = await createInForm(page, "id", "Simulasi");
  // The payer chooses BCA (the checkout's own client, as the page would).
  const checkoutClient = JSON.parse(
    fs.readFileSync(path.join(server.dataDir, "checkout-client.json"), "utf8"),
  ) as ConstructorParameters<typeof GatewayClient>[1];
  await new GatewayClient(server.baseUrl, checkoutClient).payPaymentLink({
    additionalInfo: { paymentLinkId: id, paymentMethod: { groupId: "va", methodId: "bca" } },
  });
  const t = messages("id").ConsoleLink;
  await page.goto(`${server.baseUrl}/merchant/links/${id}`);
  await page.getByRole("button", { name: t.simulateVa }).click();
  // The catalogue's ICU message with its {status} argument, formatted on the server.
  await expect(page.getByRole("status").filter({ hasText: fill(t.simulated, { status: 200 }) })).toBeVisible();
  // Then the page is refreshed in place, from the gateway: the link is paid.
  await expect(page.getByRole("heading", { level: 1 })).toContainText(messages("id").ConsoleLinks.status00, {
    timeout: 30_000,
  });
});

test("merchant A cannot reach merchant B's link by URL: the same page as an unknown link", async ({ page }) => {
  const b = await new ConsoleClient(server.baseUrl, null).signIn(logins[1]!.email, logins[1]!.password);
  const bLink = (await new ConsoleClient(server.baseUrl, { sessionToken: b.token }).listLinks({ limit: 1 })).data[0]!;
  await signIn(page, "en", logins[0]!);
  const foreign = await page.goto(`${server.baseUrl}/merchant/links/${bLink.paymentLinkId}`);
  const foreignText = await page.locator("main, body").first().innerText();
  const unknown = await page.goto(`${server.baseUrl}/merchant/links/00000000-0000-4000-8000-000000000000`);
  expect(foreign!.status()).toBe(404);
  expect(unknown!.status()).toBe(404);
  expect(await page.locator("main, body").first().innerText()).toBe(foreignText);
  // The console's own 404, in the console's chrome and sheet (not the payer's page and sheet).
  await expect(page.getByRole("heading", { level: 1, name: messages("en").ConsoleLink.notFound })).toBeVisible();
  const sheets = await stylesheets(page);
  await page.goto(`${server.baseUrl}/merchant/links`);
  expect(sheets).toEqual(await stylesheets(page));
  const qr = await page.request.get(`${server.baseUrl}/merchant/links/${bLink.paymentLinkId}/qr.svg`);
  expect(qr.status()).toBe(404);
});

test("keyboard only: a link is created without touching the mouse", async ({ page }) => {
  const c = messages("id").ConsoleCreate;
  await signIn(page, "id", logins[0]!);
  await page.goto(`${server.baseUrl}/merchant/links/new`);
  await page.getByLabel(c.invoiceTitle, { exact: true }).focus();
  await page.keyboard.type("Kopi keyboard");
  const tabTo = async (label: string) => {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const name = await page.evaluate(
        () =>
          (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ??
          document.activeElement?.textContent ??
          "",
      );
      if (name.trim() === label) return;
    }
    throw new Error(`never reached ${label}`);
  };
  await tabTo(fill(c.itemName, { n: 1 }));
  await page.keyboard.type("Kopi");
  await tabTo(fill(c.itemPrice, { n: 1 }));
  await page.keyboard.type("30000");
  await tabTo(c.submit);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: new RegExp(c.created) })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: new RegExp(c.created) })).toBeFocused();
});

test("signs in without JavaScript (its own post gets through although no-referrer makes its Origin null) and says what needs it", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const posts: { origin?: string; status: number }[] = [];
  page.on("response", (res) => {
    if (res.request().method() === "POST") posts.push({ origin: res.request().headers().origin, status: res.status() });
  });
  await signIn(page, "id", logins[0]!);
  // the browser's native form post, as a payer's or merchant's phone sends it before scripts load
  expect(posts).toEqual([{ origin: "null", status: 303 }]);
  // what does need script says so, instead of a form that does nothing. (Chromium under
  // Playwright still parses <noscript> as text with script off, so its markup is read, not seen.)
  expect(await page.locator("main noscript").textContent()).toContain(messages("id").Console.needsScript);
  await context.close();
});

test("server actions refuse a post from another origin", async ({ page }) => {
  await page.goto(`${server.baseUrl}/merchant/sign-in`);
  let captured: { headers: Record<string, string>; body: string } | null = null;
  page.on("request", (req) => {
    if (req.method() === "POST" && req.headers()["next-action"])
      captured = { headers: req.headers(), body: req.postData() ?? "" };
  });
  const m = messages("en").ConsoleSignIn;
  await page.getByLabel(m.email).fill("nobody@example.id");
  await page.getByLabel(m.password).fill("wrong");
  await page.getByRole("button", { name: m.submit }).click();
  await expect(page.getByRole("alert")).toBeVisible({ timeout: 60_000 });
  expect(captured).not.toBeNull();
  const { headers, body } = captured!;
  const { host: _host, "content-length": _length, ...rest } = headers;
  const replay = (origin: string) =>
    fetch(`${server.baseUrl}/merchant/sign-in`, { method: "POST", headers: { ...rest, origin }, body });
  // Refused by the server before Next, which would throw (a 500 and a stack trace) on it.
  for (const origin of ["https://evil.example", "null"]) expect((await replay(origin)).status).toBe(403);
  expect((await replay(server.baseUrl)).status).toBeLessThan(400); // the same request from its own origin passes
  // `null` is taken as our own form's only when the browser says it loads a page from this
  // origin. (Sent with node:http: fetch adds a Sec-Fetch-Mode of its own.)
  const replayNull = (site: string, mode = "navigate") =>
    new Promise<{ status: number }>((resolve, reject) => {
      const req = http.request(`${server.baseUrl}/merchant/sign-in`, {
        method: "POST",
        headers: {
          ...rest,
          origin: "null",
          "sec-fetch-site": site,
          "sec-fetch-mode": mode,
          "sec-fetch-dest": "document",
        },
      });
      req.on("response", (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0 });
      });
      req.on("error", reject);
      req.end(body);
    });
  for (const site of ["cross-site", "same-site", "none"]) expect((await replayNull(site)).status, site).toBe(403);
  expect((await replayNull("same-origin", "cors")).status).toBe(403);
  expect((await replayNull("same-origin")).status).toBeLessThan(400);
});

test("the sign-in limit engages after five failures (last: it locks this address)", async ({ page }) => {
  const m = messages("en").ConsoleSignIn;
  // The form's own alert (Next's route announcer is an alert region too).
  for (let i = 0; i < 5; i++) {
    await page.goto(`${server.baseUrl}/merchant/sign-in`);
    await page.getByLabel(m.email).fill(logins[1]!.email);
    await page.getByLabel(m.password).fill(`wrong-${i}`);
    await page.getByRole("button", { name: m.submit }).click();
    await expect(page.locator("#sign-in-error")).toHaveText(m.refused, { timeout: 60_000 });
  }
  await page.goto(`${server.baseUrl}/merchant/sign-in`);
  await page.getByLabel(m.email).fill(logins[1]!.email);
  await page.getByLabel(m.password).fill(logins[1]!.password);
  await page.getByRole("button", { name: m.submit }).click();
  await expect(page.locator("#sign-in-error")).toHaveText(m.refused, { timeout: 60_000 });
  await expect(page).toHaveURL(/\/merchant\/sign-in/);
});
