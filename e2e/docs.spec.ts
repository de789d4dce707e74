import { expect, test } from "./fixtures";

/**
 * The API reference at /docs (issue 13): Scalar's bundle served by the gateway, under its CSP.
 * It renders the operations and the webhooks, and the browser reports no CSP violation.
 */
test("the API reference renders every operation and webhook under its CSP", async ({ page, gateway }) => {
  test.setTimeout(120_000); // a 4 MB bundle on a busy machine
  const violations: string[] = [];
  page.on("console", (m) => {
    // The bundle's own @font-face rules name fonts.scalar.com; font-src blocks them (system fonts instead).
    if (m.type() === "error" && /Content Security Policy/i.test(m.text()) && !/Loading the font/.test(m.text()))
      violations.push(m.text());
  });
  const loaded: string[] = [];
  page.on("requestfinished", (r) => loaded.push(r.url()));
  // Reached from the home page's link.
  await page.goto(`${gateway.baseUrl}/`);
  const [res] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/docs"),
    page.getByRole("link", { name: "API reference" }).click(),
  ]);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-security-policy"]).toMatch(/script-src 'nonce-[^']+'/);

  const doc = (await (await page.request.get(`${gateway.baseUrl}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { summary: string }>>;
    webhooks: Record<string, Record<string, { summary: string }>>;
  };
  await expect(page.getByRole("heading", { name: "Nusapay gateway" }).first()).toBeVisible({ timeout: 60_000 });
  for (const item of [...Object.values(doc.paths), ...Object.values(doc.webhooks)]) {
    for (const op of Object.values(item))
      await expect(page.getByText(op.summary, { exact: true }).first()).toBeAttached();
  }
  expect(violations).toEqual([]);
  // Everything from the gateway itself: nothing was fetched from a CDN or anywhere else.
  expect(
    loaded.filter((u) => !u.startsWith(gateway.baseUrl) && !u.startsWith("data:") && !u.startsWith("blob:")),
  ).toEqual([]);
});

test("try it sends to the origin the page was opened at, not only to the document's server", async ({
  page,
  gateway,
}) => {
  test.setTimeout(120_000); // a 4 MB bundle on a busy machine
  // The document's server is PUBLIC_BASE_URL (127.0.0.1 here); open the page at another name of
  // the same gateway, as a developer does at localhost or a LAN address.
  const opened = gateway.baseUrl.replace("127.0.0.1", "localhost");
  expect(opened).not.toBe(gateway.baseUrl);
  await page.goto(`${opened}/docs`);
  await expect(page.getByRole("heading", { name: "Nusapay gateway" }).first()).toBeVisible({ timeout: 60_000 });
  const token = page.locator("[id='nusapay/tag/auth/POST/v1.0/access-token/b2b']");
  await token.scrollIntoViewIfNeeded(); // the bundle renders sections as they come into view
  await token
    .getByRole("button", { name: /Test Request/i })
    .first()
    .click();
  const client = page.getByRole("dialog");
  await expect(client).toContainText(opened, { timeout: 30_000 });
  const [answer] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/v1.0/access-token/b2b",
    ),
    client.getByRole("button", { name: /Send post request/i }).click(),
  ]);
  expect(new URL(answer.url()).origin).toBe(opened);
  // The example has no valid signature: the gateway's own refusal, read by the page.
  expect(answer.status()).toBe(401);
  await expect(client.getByText("4017300").first()).toBeVisible();
  await expect(client.getByText("Failed to fetch")).toHaveCount(0);
});
