import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ConsoleClient } from "@/lib/clients/console-client";
import { GatewayClient } from "@/lib/clients/gateway-client";
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
    await expect(page.getByText(fill(t.paid, { method: "va.bni" })).first()).toBeVisible();
    await expectNoAxeViolations(page, `link detail ${lang} ${vp.name}`);
    await expectNoHorizontalOverflow(page, `link detail ${lang} ${vp.name}`);

    const before = receiver.received.filter((r) => r.json.paymentLinkId === id).length;
    const linkDelivery = page.getByRole("article").filter({ hasText: "/v1.0/payment-link/notify" }).first();
    await linkDelivery.getByRole("button", { name: t.resend }).click();
    await receiver.waitFor((all) => all.filter((r) => r.json.paymentLinkId === id).length > before, 30_000);
    await expect
      .poll(
        async () => {
          // Resend now reloads the page itself once it is done: that reload may abort this one.
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
  await signIn(page, "en", logins[1]!);
  const { uri } = await createInForm(page, "en", "Songket");
  await page.goto(`${server.baseUrl}/merchant/methods`);
  const bri = page.getByRole("form", { name: "BRI" });
  await bri.getByRole("checkbox").uncheck();
  await bri.getByLabel(/Reason/).selectOption("maintenance");
  await bri.getByRole("button", { name: /Save/ }).click();
  // BRI's own row (the seed's CIMB is under maintenance too, with the same text).
  const briRow = page.getByRole("listitem").filter({ has: bri });
  await expect(
    briRow.getByText(fill(m.ConsoleMethods.payerSees, { text: "Under maintenance. Please choose another method." })),
  ).toBeVisible();
  const payer = await payerContext(browser, { width: 1280, height: 800 });
  await new CheckoutPage(payer.page).open(uri, { lang: "en" });
  const va = new CheckoutPage(payer.page).group("Virtual Account");
  await expect(va.getByRole("radio", { name: /^BRI\b/ })).toBeDisabled();
  // The checkout shows each inactive method's reason under it (the seed's CIMB has one too): BRI's own line.
  await expect(va.locator("#method-va-bri-why")).toHaveText(
    fill(m.Methods.unavailable, { reason: "Under maintenance. Please choose another method." }),
  );
  await payer.ctx.close();
  await bri.getByRole("checkbox").check();
  await bri.getByRole("button", { name: /Save/ }).click();
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
  // Then the page loads again, from the gateway: the link is paid.
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
