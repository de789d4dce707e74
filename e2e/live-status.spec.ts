import type { Page, Request } from "@playwright/test";
import { expect, test, type Gateway } from "./fixtures";
import { messages } from "./pages/checkout-page";

const m = messages("en");

/** What the page asks of the server while it waits: event streams, and status polls (its status route). */
function watchRequests(page: Page, linkId: string) {
  const streams: string[] = [];
  const polls: string[] = [];
  page.on("request", (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname === `/v1/payment-links/${linkId}/events`) streams.push(r.url());
    else if (r.method() === "POST" && url.pathname === `/pay/${linkId}/actions/status`) polls.push(r.url());
  });
  return { streams, polls };
}

/**
 * An English link with a BCA virtual account chosen, so its page waits for the transfer, and
 * what that page will ask of the server (watchRequests).
 */
async function waitingVaLink(page: Page, gateway: Gateway) {
  const link = await gateway.createLink({ additionalInfo: { language: "en" } });
  await gateway.checkout.payPaymentLink({
    additionalInfo: { paymentLinkId: link.paymentLinkId, paymentMethod: { groupId: "va", methodId: "bca" } },
  });
  return { link, seen: watchRequests(page, link.paymentLinkId) };
}

test.describe("live status", () => {
  test.use({ locale: "en-US" });
  test.describe.configure({ timeout: 60_000 });

  // The fallback polls every 10 s, first after a 4 s grace for the stream: 30 s of waiting
  // (issue 12's measure) would show three polls if the page were polling. It shows none, and
  // one stream.
  test("a waiting page turns paid from its event stream, without a single poll", async ({
    page,
    gateway,
    checkoutPage,
  }) => {
    const { link, seen } = await waitingVaLink(page, gateway);
    const streamOpen = page.waitForResponse(
      (r) => r.url().includes(`/v1/payment-links/${link.paymentLinkId}/events`) && r.status() === 200,
    );
    await checkoutPage.open(link.paymentLinkUri);
    await checkoutPage.vaNumber().waitFor();
    expect((await streamOpen).headers()["content-type"]).toMatch(/^text\/event-stream/);

    await page.waitForTimeout(30_000);
    await gateway.payVa(await gateway.inquiry(link.paymentLinkId));
    // No poll may happen before the page turns paid, so the paid state came by the stream. How
    // fast it comes is measured by the bench (settle → event), not asserted here.
    await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible({ timeout: 15_000 });
    expect(seen.polls).toEqual([]);
    expect(seen.streams).toHaveLength(1);
  });

  test("with the event stream blocked, the page falls back to polling and still turns paid", async ({
    page,
    gateway,
    checkoutPage,
  }) => {
    const { link, seen } = await waitingVaLink(page, gateway);
    await page.route(`**/v1/payment-links/${link.paymentLinkId}/events**`, (route) => route.abort());
    await checkoutPage.open(link.paymentLinkUri);
    await checkoutPage.vaNumber().waitFor();
    await gateway.payVa(await gateway.inquiry(link.paymentLinkId));
    // First poll after the 4 s grace, then every 10 s.
    await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible({ timeout: 20_000 });
    expect(seen.streams.length).toBeGreaterThan(0);
    expect(seen.polls.length).toBeGreaterThan(0);
  });

  test("a live-status chunk that does not load is asked for again, and the page still turns paid", async ({
    page,
    gateway,
    checkoutPage,
  }) => {
    const { link, seen } = await waitingVaLink(page, gateway);
    // The chunk that opens the event stream fails as on a dropped network, twice.
    const refused: string[] = [];
    await page.route("**/_next/static/islands/*.js", async (route) => {
      const response = await route.fetch();
      if (refused.length < 2 && (await response.text()).includes("new EventSource")) {
        refused.push(route.request().url());
        await route.abort("internetdisconnected");
      } else await route.fulfill({ response });
    });
    await checkoutPage.open(link.paymentLinkUri);
    await expect.poll(() => refused.length).toBe(2);
    // The checkout stays on screen without it (no error page in its place)…
    await expect(checkoutPage.vaNumber()).toBeVisible();
    // …and 10 s later the chunk is asked for again, loads, and opens the stream.
    await expect.poll(() => seen.streams.length, { timeout: 20_000 }).toBe(1);
    await gateway.payVa(await gateway.inquiry(link.paymentLinkId));
    await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible({ timeout: 15_000 });
    expect(seen.polls).toEqual([]);
  });
});
