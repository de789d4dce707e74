import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { startCallbackReceiver } from "@/tests/support/callback-receivers";
import { expectNoAxeViolations, LANGS, type Lang } from "./fixtures";
import { messages } from "./pages/checkout-page";
import { startProductionServer, type StartedServer } from "./support/server";

type Login = { email: string; password: string };

/**
 * The callback check on the console's Developers page (docs/callback-check.md), on a server of
 * its own (two sign-ins, six checks): a correct endpoint passes every case; an endpoint that
 * accepts anything fails exactly the three forged ones; each case shows its requests and replies.
 */
test.describe.configure({ mode: "serial" });
test.setTimeout(300_000);

let server: StartedServer;
let login: Login;
let gatewayKey: string;
const receivers: { close(): Promise<void> }[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startProductionServer();
  const creds = JSON.parse(fs.readFileSync(path.join(server.dataDir, "sandbox-credentials.json"), "utf8")) as {
    console: Login[];
    gatewayPublicKeyPem: string;
  };
  login = creds.console[0]!;
  gatewayKey = creds.gatewayPublicKeyPem;
});
test.afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await server?.stop();
});

async function developers(page: Page, lang: Lang) {
  const m = messages(lang);
  await page.goto(`${server.baseUrl}/merchant?lang=${lang}`);
  await page.getByLabel(m.ConsoleSignIn.email).fill(login.email);
  await page.getByLabel(m.ConsoleSignIn.password).fill(login.password);
  await page.getByRole("button", { name: m.ConsoleSignIn.submit }).click();
  await expect(page.getByRole("heading", { level: 1, name: m.ConsoleOverview.title })).toBeVisible({
    timeout: 60_000,
  });
  await page.goto(`${server.baseUrl}/merchant/developers`);
  await expect(page.getByRole("heading", { level: 2, name: m.ConsoleDevelopers.callbackCheck })).toBeVisible();
}

async function runCheck(page: Page, lang: Lang, url: string) {
  const d = messages(lang).ConsoleDevelopers;
  await page.getByLabel(d.checkUrl).fill(url);
  await page.getByRole("button", { name: d.checkRun }).click();
  const report = page.getByTestId("check-report");
  await expect(report).toBeVisible({ timeout: 60_000 });
  return report;
}

for (const lang of LANGS) {
  test(`the Developers page runs the callback check and shows each case (${lang})`, async ({ page }) => {
    const d = messages(lang).ConsoleDevelopers;
    await developers(page, lang);

    const good = await startCallbackReceiver("correct", gatewayKey);
    receivers.push(good);
    let report = await runCheck(page, lang, good.url);
    await expect(report).toHaveAttribute("data-passed", "true");
    await expect(report.getByRole("heading", { name: d.checkPassed })).toBeVisible();
    for (const name of ["valid", "tampered-body", "wrong-key", "stale-timestamp", "duplicate"] as const) {
      const row = page.getByTestId(`check-case-${name}`);
      await expect(row).toHaveAttribute("data-pass", "true");
      await expect(row).toContainText(d.checkCase[name]);
      await expect(row).toContainText(d.checkPass);
    }
    // Each case's requests and replies, as sent and got.
    const dup = page.getByTestId("check-case-duplicate");
    await dup.locator("summary").click();
    await expect(dup.locator("pre")).toHaveCount(4);
    await expect(dup.locator("pre").first()).toContainText("X-NUSAPAY-CHECK: 1");
    await expect(dup.locator("pre").nth(1)).toContainText("HTTP 200");
    await expectNoAxeViolations(page, `callback check passed ${lang}`);

    const bad = await startCallbackReceiver("accept-all", gatewayKey);
    receivers.push(bad);
    report = await runCheck(page, lang, bad.url);
    await expect(report).toHaveAttribute("data-passed", "false");
    await expect(report.getByRole("heading", { level: 3 })).toHaveText(
      d.checkFailed.replace("{failed}", "3").replace("{total}", "5"),
    );
    for (const name of ["tampered-body", "wrong-key", "stale-timestamp"] as const) {
      const row = page.getByTestId(`check-case-${name}`);
      await expect(row).toHaveAttribute("data-pass", "false");
      await expect(row).toContainText(d.checkFail);
      await expect(row).toContainText(d.checkWhyFail[name]);
    }
    for (const name of ["valid", "duplicate"] as const)
      await expect(page.getByTestId(`check-case-${name}`)).toHaveAttribute("data-pass", "true");
    await expectNoAxeViolations(page, `callback check failed ${lang}`);
  });
}
