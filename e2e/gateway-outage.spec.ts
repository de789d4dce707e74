import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type Response } from "@playwright/test";
import { GatewayClient, type SnapCredentials } from "@/lib/clients/gateway-client";
import { linkRequest } from "./fixtures-data";
import { messages } from "./pages/checkout-page";
import { startGatewayProxy, type GatewayProxy } from "./support/gateway-proxy";
import { startProductionServer, type StartedServer } from "./support/server";

type Login = { merchant: string; email: string; password: string };

/**
 * The pages when the gateway fails them. The pages' server reaches the gateway through a proxy
 * here (GATEWAY_BASE_URL, e2e/support/gateway-proxy.ts) that passes every call on, except: it
 * loses the answer to a key rotation (the rotation is made and its new key is lost with the
 * answer, so the merchant must be told, and the page must show it, before they press again: a
 * second rotation inside the grace period ends the key their systems still use); it holds,
 * without an answer, a sign-in for one address and, when asked, the session checks; and it cuts
 * the calls a test names at once, as a gateway that is down would.
 */
test.describe("the pages, when a gateway call fails", () => {
  test.describe.configure({ mode: "serial" });
  let server: StartedServer;
  let proxy: GatewayProxy;
  let holdSession = false;
  let cut: RegExp | null = null;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    proxy = await startGatewayProxy((req, body) => {
      if (cut?.test(req.url ?? "")) return "cut";
      if (req.method === "POST" && req.url === "/v1/account/secret-key/rotate") return "lose-answer";
      if (
        (req.url === "/v1/console/sessions" && body.includes("slow@example.test")) ||
        (holdSession && req.url === "/v1/console/session")
      )
        return "hold";
      return "pass";
    });
    // The checkout calls over HTTP too (CHECKOUT_TRANSPORT), so its calls pass the proxy.
    server = await startProductionServer({ GATEWAY_BASE_URL: proxy.url, CHECKOUT_TRANSPORT: "http" });
    proxy.target = server.baseUrl;
  });

  test.afterEach(() => {
    cut = null;
    holdSession = false;
    proxy.held.length = 0;
  });

  test.afterAll(async () => {
    try {
      await server?.stop();
    } finally {
      await proxy?.close();
    }
  });

  const sandbox = () =>
    JSON.parse(fs.readFileSync(path.join(server.dataDir, "sandbox-credentials.json"), "utf8")) as {
      console: Login[];
      merchant: SnapCredentials;
    };

  /** The seeded merchant's console user signs in, in English. */
  const signIn = async (page: Page) => {
    const m = messages("en");
    const who = sandbox().console[0]!;
    await page.goto(`${server.baseUrl}/merchant?lang=en`);
    await page.getByLabel(m.ConsoleSignIn.email).fill(who.email);
    await page.getByLabel(m.ConsoleSignIn.password).fill(who.password);
    await page.getByRole("button", { name: m.ConsoleSignIn.submit }).click();
    await expect(page.getByRole("heading", { level: 1, name: m.ConsoleOverview.title })).toBeVisible({
      timeout: 60_000,
    });
  };

  test("a rotation whose answer is lost says so, and the page then shows the previous key's grace", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const m = messages("en");
    await signIn(page);
    await page.goto(`${server.baseUrl}/merchant/developers`);
    await expect(page.getByTestId("previous-secretKey")).toHaveCount(0);
    await page.getByRole("button", { name: m.ConsoleDevelopers.rotateSecretKey }).click();
    // The console's own 10 s bound ends the call; the proxy still holds its answer.
    await expect(page.getByText(m.ConsoleDevelopers.rotateNoAnswer)).toBeVisible({ timeout: 40_000 });
    expect(proxy.held).toHaveLength(1);
    expect(server.logs()).toContain("gateway call failed");
    // What the message asks the merchant to look for is there after a reload.
    await page.reload();
    await expect(page.getByTestId("previous-secretKey")).toHaveText(
      new RegExp(`^${m.ConsoleDevelopers.previousUntil.split("{at}")[0]!}\\S.*\\d`),
    );
    // Signing out while the gateway does not answer still signs this browser out.
    holdSession = true;
    await page.getByRole("button", { name: m.Console.signOut }).click();
    await expect(page).toHaveURL(/\/merchant\/sign-in/, { timeout: 40_000 });
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("nusapay_console");
  });

  test("a sign-in that gets no answer says so", async ({ page }) => {
    test.setTimeout(120_000);
    const m = messages("en").ConsoleSignIn;
    await page.goto(`${server.baseUrl}/merchant/sign-in?lang=en`);
    await page.getByLabel(m.email).fill("slow@example.test");
    await page.getByLabel(m.password).fill("any password at all");
    await page.getByRole("button", { name: m.submit }).click();
    await expect(page.getByText(m.noAnswer)).toBeVisible({ timeout: 40_000 });
    expect(proxy.held).toHaveLength(1);
  });

  /**
   * The failure is logged once: one error line for the answer's request id, "page failed". The
   * error code shown is that request id (the proxy's static page) or the error's digest, which
   * the line carries (the error pages). The failure's own words stay in the log.
   */
  const expectLoggedOnce = async (page: Page, res: Response | null, code: "request id" | "digest") => {
    const requestId = res?.headers()["x-request-id"];
    expect(requestId).toBeTruthy();
    const shown = code === "request id" ? requestId! : ((await page.getByTestId("error-code").textContent()) ?? "");
    expect(shown).toMatch(code === "request id" ? /\S{8,}/ : /^\d+$/);
    await expect(page.getByText(shown, { exact: true })).toBeVisible();
    const errors = () =>
      server
        .logs()
        .split("\n")
        .filter((l) => l.includes(`"requestId":"${requestId}"`) && l.includes('"level":"error"'));
    await expect.poll(() => errors().length).toBe(1);
    expect(errors()[0]).toContain('"msg":"page failed"');
    if (code === "digest") expect(errors()[0]).toContain(`"digest":"${shown}"`);
    expect(await page.content()).not.toMatch(/fetch failed|ECONNRESET|socket hang up|other side closed/i);
  };

  test("the checkout says the payment page cannot load, in the payer's language, and loads again", async ({ page }) => {
    test.setTimeout(120_000);
    const link = (await new GatewayClient(server.baseUrl, sandbox().merchant).createPaymentLink(linkRequest()))
      .paymentLinkData;
    const m = messages("id").CheckoutError;
    const invoice = page.getByRole("heading", { level: 1, name: link.additionalInfo.invoiceTitle });

    // The payer's first visit: the proxy checks the secret with the gateway, which is down.
    cut = /^\/v1\.0\/payment-link\/inquiry$/;
    const entry = await page.goto(`${link.paymentLinkUri}&lang=id`);
    expect(entry?.status()).toBe(503);
    expect(entry?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { level: 1, name: m.heading })).toBeVisible();
    await expectLoggedOnce(page, entry, "request id");
    // "Try again" is a plain link to the same address, secret included: it works without script.
    cut = null;
    await page.getByRole("link", { name: m.retry }).click();
    await expect(invoice).toBeVisible();

    // Later, the cookie's check is remembered and the page's own Inquiry fails. Without
    // `?lang=` the language is asked of the link too (the same failed Inquiry: not a second line);
    // the cookie the first visit set keeps it Indonesian.
    cut = /^\/v1\.0\/payment-link\/inquiry$/;
    const render = await page.goto(`${server.baseUrl}/pay/${link.paymentLinkId}`);
    expect(render?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1, name: m.heading })).toBeVisible();
    await expect(page.getByText(m.explain)).toBeVisible();
    await expectLoggedOnce(page, render, "digest");
    cut = null;
    await page.getByRole("button", { name: m.retry }).click();
    await expect(invoice).toBeVisible();
    await expect(page.getByTestId("page-error")).toHaveCount(0);
  });

  test("the console says a page cannot load, inside its chrome or, when the session check fails, alone", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const m = messages("en");
    await signIn(page);

    // The methods page's own call fails: the console's chrome stays, its page says so.
    cut = /^\/v1\/payment-methods$/;
    const pageFailed = await page.goto(`${server.baseUrl}/merchant/methods`);
    expect(pageFailed?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1, name: m.ConsoleError.heading })).toBeVisible();
    await expect(page.getByRole("navigation", { name: m.Console.nav })).toBeVisible();
    await expectLoggedOnce(page, pageFailed, "digest");

    // The session check itself fails: no chrome to keep, one card.
    cut = /^\/v1\/console\/session$/;
    const layoutFailed = await page.reload();
    expect(layoutFailed?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1, name: m.ConsoleError.heading })).toBeVisible();
    await expect(page.getByRole("navigation", { name: m.Console.nav })).toHaveCount(0);
    await expectLoggedOnce(page, layoutFailed, "digest");

    cut = null;
    await page.getByRole("button", { name: m.ConsoleError.retry }).click();
    await expect(page.getByRole("heading", { level: 1, name: m.ConsoleMethods.title })).toBeVisible();
  });
});
