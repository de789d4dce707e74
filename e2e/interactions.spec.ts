import { expect, expectNoAxeViolations, test } from "./fixtures";
import { fill, messages } from "./pages/checkout-page";

test.describe("VA copy buttons", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"], viewport: { width: 375, height: 667 } });

  test("copies the bare number (no SNAP padding, no grouping) and the plain amount, and announces each", async ({
    page,
    gateway,
    checkoutPage,
  }) => {
    const m = messages("en");
    const link = await gateway.createLink({ additionalInfo: { language: "en" } });
    await checkoutPage.open(link.paymentLinkUri);
    await checkoutPage.chooseVa("BCA");
    const va = ((await gateway.inquiry(link.paymentLinkId)).payment.content as { value: string }).value;
    expect(va.startsWith(" ")).toBe(true); // SNAP pads partnerServiceId with spaces
    const copyNumber = page.getByRole("button", { name: m.Payment.copyNumber });
    await copyNumber.focus();
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(va.trim());
    await expect(page.getByRole("status").filter({ hasText: m.Payment.copiedNumber })).toBeVisible();
    await page.getByRole("button", { name: m.Payment.copyAmount }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("300500");
    await expect(page.getByRole("status").filter({ hasText: m.Payment.copiedAmount })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a payer whose page has no script yet still gets a VA number from the plain form post", async ({
    page,
    gateway,
    checkoutPage,
  }) => {
    const link = await gateway.createLink({ additionalInfo: { language: "en" } });
    const posts: { origin?: string; status: number }[] = [];
    page.on("response", (res) => {
      if (res.request().method() === "POST")
        posts.push({ origin: res.request().headers().origin, status: res.status() });
    });
    await checkoutPage.open(link.paymentLinkUri);
    await checkoutPage.chooseVa("BCA");
    const va = ((await gateway.inquiry(link.paymentLinkId)).payment.content as { value: string }).value;
    expect((await checkoutPage.vaNumber().textContent())?.replace(/\s/g, "")).toBe(va.trim());
    // under the page's no-referrer policy the browser sent Origin: null, and it was not refused;
    // the action answers a plain post by sending the browser to the page itself
    expect(posts).toEqual([{ origin: "null", status: 303 }]);

    // nothing updates by itself without script: a plain link to the page says how to look again
    expect(await page.locator("#payment noscript").textContent()).toContain(messages("en").Payment.checkAgain);
    // and the server rendered all of it: no part was left for script to render (a boundary the
    // server gave up on, as `next/dynamic` with `ssr: false` does, leaves a <template data-dgst>)
    expect(await page.locator("template[data-dgst]").count()).toBe(0);

    // switching from `?change=1` lands on the new method, not on the picker again
    await page.goto(`${gateway.baseUrl}/pay/${link.paymentLinkId}?change=1#payment`);
    await checkoutPage.chooseQr();
    expect(new URL(page.url()).search).toBe("");
    expect((await gateway.inquiry(link.paymentLinkId)).payment.type).toBe("qr");
  });

  test("the card form is inert until its script runs: no field to type a card into, none that a native submit would send", async ({
    page,
    gateway,
    checkoutPage,
  }) => {
    const m = messages("id");
    await checkoutPage.open((await gateway.createLink({ additionalInfo: { language: "id" } })).paymentLinkUri);
    await checkoutPage.chooseCard("id");
    const form = page.getByRole("form", { name: m.Card.heading });
    const inputs = form.locator("input");
    expect(await inputs.count()).toBe(4);
    for (const input of await inputs.all()) {
      await expect(input).toBeDisabled();
      expect(await input.getAttribute("name")).toBeNull();
    }
    await expect(form.getByRole("button", { name: /Rp/ })).toBeDisabled();
    // it says why (Chromium under Playwright parses <noscript> as text with script off)
    expect(await form.locator("noscript").textContent()).toContain(m.Card.needsScript);
    expect(page.url()).not.toContain("?");
  });
});

test.describe("switching method", () => {
  test("a clear control, a sentence on the old VA, and the old VA retired by the switch", async ({
    page,
    gateway,
    checkoutPage,
  }) => {
    const m = messages("id");
    const link = await gateway.createLink({ additionalInfo: { language: "id" } });
    await checkoutPage.open(link.paymentLinkUri);
    await checkoutPage.chooseVa("BCA");
    const first = await checkoutPage.vaNumber().textContent();
    await page.getByRole("link", { name: m.Payment.changeMethod }).click();
    await expect(page.getByRole("heading", { name: m.Methods.changeHeading })).toBeVisible();
    await expect(page.getByText(fill(m.Methods.switchNoteVa, { bank: "BCA", number: first! }))).toBeVisible();
    await expectNoAxeViolations(page, "change method");
    // keeping the method changes nothing
    await page.getByRole("link", { name: m.Methods.keepCurrent }).click();
    await expect(checkoutPage.vaNumber()).toHaveText(first!);
    // switching to QRIS, then back to BCA, gives a new number: the old one was retired
    await page.getByRole("link", { name: m.Payment.changeMethod }).click();
    await checkoutPage.chooseQr();
    await page.getByRole("link", { name: m.Payment.changeMethod }).click();
    await expect(page.getByText(m.Methods.switchNoteQr)).toBeVisible();
    await checkoutPage.chooseVa("BCA");
    await expect(checkoutPage.vaNumber()).not.toHaveText(first!);
  });

  test("choosing a method works with the keyboard alone", async ({ page, gateway, checkoutPage }) => {
    const link = await gateway.createLink({ additionalInfo: { language: "en" } });
    await checkoutPage.open(link.paymentLinkUri);
    const bri = page.getByRole("radio", { name: /^BRI\b/ });
    await bri.focus();
    await page.keyboard.press("Space");
    await expect(bri).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Pay with Virtual Account" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(checkoutPage.vaNumber()).toBeVisible();
  });
});

test.describe("language (docs/contract.md §4.2 order)", () => {
  test("the switcher changes the language on every state and the choice sticks in a cookie", async ({
    page,
    gateway,
    checkoutPage,
    context,
  }) => {
    const link = await gateway.createLink(); // no link language
    await checkoutPage.open(link.paymentLinkUri);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("link", { name: "Bahasa Indonesia" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "id");
    await expect(page.getByRole("heading", { name: messages("id").Methods.heading })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === "nusapay_lang")?.value).toBe("id");
    // the cookie beats Accept-Language on a later visit without ?lang
    await page.goto(`${gateway.baseUrl}/pay/${link.paymentLinkId}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "id");
    await expect(page.getByRole("link", { name: "Bahasa Indonesia" })).toHaveAttribute("aria-current", "true");
  });

  test("?lang beats the link's language, which beats the cookie, which beats Accept-Language", async ({
    browser,
    gateway,
  }) => {
    // Chromium sends Accept-Language from the context's locale
    const context = await browser.newContext({ locale: "id-ID" });
    const page = await context.newPage();
    const idLink = await gateway.createLink({ additionalInfo: { language: "id" } });
    const plain = await gateway.createLink();
    await context.addCookies([{ name: "nusapay_lang", value: "en", url: gateway.baseUrl }]);
    await page.goto(idLink.paymentLinkUri);
    await expect(page.locator("html")).toHaveAttribute("lang", "id"); // link language over cookie
    await page.goto(`${gateway.baseUrl}/pay/${idLink.paymentLinkId}?lang=en`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en"); // ?lang over link language
    await page.goto(plain.paymentLinkUri);
    await expect(page.locator("html")).toHaveAttribute("lang", "en"); // cookie over Accept-Language
    await context.clearCookies({ name: "nusapay_lang" });
    await page.goto(`${gateway.baseUrl}/pay/${plain.paymentLinkId}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "id"); // Accept-Language last
    await context.close();
  });

  test("final states switch language too", async ({ page, gateway, checkoutPage }) => {
    const link = await gateway.createLink();
    await checkoutPage.open(link.paymentLinkUri, { lang: "en" });
    await checkoutPage.chooseVa("BCA");
    await gateway.payVa(await gateway.inquiry(link.paymentLinkId));
    await expect(page.getByRole("heading", { name: messages("en").Paid.heading })).toBeVisible();
    await page.getByRole("link", { name: "Bahasa Indonesia" }).click();
    await expect(page.getByRole("heading", { name: messages("id").Paid.heading })).toBeVisible();
  });
});

test.describe("layout stability", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("the countdown, the deadline in the payer's zone and the late status poller shift nothing", async ({
    page,
    gateway,
    checkoutPage,
  }) => {
    const link = await gateway.createLink({ additionalInfo: { language: "en" } });
    await checkoutPage.open(link.paymentLinkUri);
    await checkoutPage.chooseVa("BCA");
    await page.reload();
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
              if (!e.hadRecentInput) total += e.value;
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(total), 3_500);
        }),
    );
    expect(shift).toBeLessThanOrEqual(0.02);
  });
});
