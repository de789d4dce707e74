import { expect, test, type Gateway } from "./fixtures";

/** An English link with a BCA virtual account chosen: its page waits, with the live status running. */
async function waitingVaLink(gateway: Gateway) {
  const link = await gateway.createLink({ additionalInfo: { language: "en" } });
  await gateway.checkout.payPaymentLink({
    additionalInfo: { paymentLinkId: link.paymentLinkId, paymentMethod: { groupId: "va", methodId: "bca" } },
  });
  return link;
}

/**
 * Issue 29: on a slow phone, work started during hydration lands in hydration's long task. The
 * live status (its chunk and the event stream) waits for the page's load event
 * and an idle moment instead. Held here by the bank logo, which the load event waits for.
 */
test.describe("checkout load order", () => {
  test.use({ locale: "en-US" });

  test("the live status starts after the page's load: no event stream while an image still loads, one once it has", async ({
    page,
    gateway,
  }) => {
    const link = await waitingVaLink(gateway);
    const streams: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === `/v1/payment-links/${link.paymentLinkId}/events`) streams.push(r.url());
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/logos/**", async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(link.paymentLinkUri, { waitUntil: "commit" });
      // Hydrated and running: the countdown's timer, which ticks only once hydrated, has ticked twice.
      const timer = page.getByRole("timer");
      const first = await timer.textContent();
      await expect(timer).not.toHaveText(first ?? "");
      const second = await timer.textContent();
      await expect(timer).not.toHaveText(second ?? "");

      expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
      expect(streams).toEqual([]);

      const stream = page.waitForRequest((r) => r.url().includes(`/v1/payment-links/${link.paymentLinkId}/events`));
      release();
      await stream;
      expect(streams).toHaveLength(1);
    } finally {
      release();
    }
  });

  test("every script the payer's page loads asks V8 to compile it eagerly, on the streaming thread", async ({
    page,
    gateway,
  }) => {
    // Issue 29: without the hint V8 compiles each function when it is first called, on the main
    // thread, in the load's tasks (scripts/build-islands.mjs writes it at the top of each chunk).
    const link = await waitingVaLink(gateway);
    const scripts: Promise<[string, string]>[] = [];
    page.on("response", (r) => {
      if (/\/_next\/static\/.+\.js$/.test(new URL(r.url()).pathname))
        scripts.push(r.text().then((body) => [new URL(r.url()).pathname, body.slice(0, 40)]));
    });
    // The live status's chunk is the last to load: its stream opens once it has run.
    const stream = page.waitForRequest((r) => r.url().includes(`/v1/payment-links/${link.paymentLinkId}/events`));
    await page.goto(link.paymentLinkUri);
    await stream;
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(3);
    for (const [file, start] of loaded) expect(start, file).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
  });

  test("the payer's page runs no framework: its scripts are the islands' chunks, and it carries no page data", async ({
    page,
    gateway,
  }) => {
    // Issue 29: the App Router's client runtime alone was over the first-load budget; the page
    // is server HTML whose islands one small module hydrates (docs/checkout.md).
    const link = await waitingVaLink(gateway);
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    const stream = page.waitForRequest((r) => r.url().includes(`/v1/payment-links/${link.paymentLinkId}/events`));
    await page.goto(link.paymentLinkUri);
    await stream;
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).toMatch(/^\/_next\/static\/islands\/[\w-]+\.js$/);
    const html = await page.content();
    expect(html).not.toContain("__NEXT_DATA__");
    expect(html).not.toContain("self.__next_f");
    expect(await page.evaluate(() => "React" in window || "next" in window)).toBe(false);
  });
});
