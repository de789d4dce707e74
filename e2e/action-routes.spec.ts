import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { messages } from "./pages/checkout-page";

/**
 * The checkout's action routes (docs/checkout.md "Action routes"): the page's calls as plain
 * HTTP, behind the same session cookie as the page. `page.request` shares the page's cookies,
 * so a page opened with the link's secret holds the session; the bare `request` holds none.
 */
test.describe("action routes", () => {
  const path = (id: string, action: string) => `/pay/${id}/actions/${action}`;

  /** A JSON POST as the page's script sends it: own Origin, so the server's edge lets it in. */
  const postJson = (api: APIRequestContext, base: string, url: string, data: unknown, headers = {}) =>
    api.post(`${base}${url}`, {
      headers: { Origin: base, "Content-Type": "application/json", Accept: "application/json", ...headers },
      data: Buffer.from(typeof data === "string" ? data : JSON.stringify(data)),
      maxRedirects: 0,
    });

  test("no session cookie: the page's 404; another site's request: 403", async ({ request, page, gateway }) => {
    const link = await gateway.createLink();
    const base = gateway.baseUrl;
    const page404 = await request.get(`${base}/pay/${link.paymentLinkId}`);
    for (const action of ["choose", "status", "card", "remove-card", "simulate"]) {
      const res = await postJson(request, base, path(link.paymentLinkId, action), {});
      expect(res.status(), action).toBe(404);
      expect(await res.text(), action).toBe(await page404.text());
    }

    await page.goto(link.paymentLinkUri);
    const url = path(link.paymentLinkId, "status");
    expect((await postJson(page.request, base, url, {}, { Origin: "https://evil.example" })).status()).toBe(403);
    // own Origin, but the browser says another site's page sent it: the route's own check
    const crossSite = await postJson(page.request, base, url, {}, { "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.json()).toMatchObject({ ok: false, error: "cross_site" });
  });

  test("malformed bodies and other methods: a 4xx with a JSON error", async ({ page, gateway }) => {
    const link = await gateway.createLink();
    const base = gateway.baseUrl;
    await page.goto(link.paymentLinkUri);
    const api = page.request;
    const id = link.paymentLinkId;
    const cases: { url: string; data: unknown; headers?: Record<string, string>; status: number; error: string }[] = [
      { url: path(id, "status"), data: "{not json", status: 400, error: "malformed_json" },
      { url: path(id, "status"), data: "[1]", status: 400, error: "invalid_body" },
      { url: path(id, "simulate"), data: { outcome: 1 }, status: 400, error: "invalid_body" },
      { url: path(id, "remove-card"), data: { clientSecret: "x" }, status: 400, error: "invalid_body" },
      { url: path(id, "card"), data: { pad: "x".repeat(17 * 1024) }, status: 413, error: "body_too_large" },
      {
        url: path(id, "status"),
        data: {},
        headers: { "Content-Type": "text/plain" },
        status: 415,
        error: "unsupported_media_type",
      },
      { url: path(id, "choose"), data: {}, status: 415, error: "unsupported_media_type" },
    ];
    for (const c of cases) {
      const res = await postJson(api, base, c.url, c.data, c.headers);
      expect(res.status(), `${c.url} ${c.error}`).toBe(c.status);
      expect(res.headers()["cache-control"]).toBe("no-store");
      expect(await res.json(), c.url).toMatchObject({ ok: false, error: c.error });
    }
    const get = await api.get(`${base}${path(id, "status")}`);
    expect(get.status()).toBe(405);
    expect(get.headers().allow).toBe("POST");
  });

  test("a plain form post chooses the VA (303 to the page); status and simulate answer JSON", async ({
    page,
    gateway,
    checkoutPage,
  }) => {
    const link = await gateway.createLink({ additionalInfo: { language: "en" } });
    const base = gateway.baseUrl;
    const id = link.paymentLinkId;
    await page.goto(link.paymentLinkUri);
    const api = page.request;

    // refused (no bank picked), without script: a page the payer can read, with the way back
    const refused = await api.post(`${base}${path(id, "choose")}`, {
      headers: { Origin: base },
      form: { linkId: id, groupId: "va" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(200);
    expect(refused.headers()["content-type"]).toContain("text/html");
    const html = await refused.text();
    expect(html).toContain(messages("en").Methods.errorChooseBank);
    expect(html).toContain(`href="/pay/${id}"`);

    const chosen = await api.post(`${base}${path(id, "choose")}`, {
      headers: { Origin: base },
      form: { linkId: id, groupId: "va", methodId: "bca" },
      maxRedirects: 0,
    });
    expect(chosen.status()).toBe(303);
    expect(chosen.headers().location).toBe(`/pay/${id}`);
    expect(chosen.headers()["cache-control"]).toBe("no-store");
    await page.goto(`${base}${chosen.headers().location}`);
    await expect(checkoutPage.vaNumber()).toBeVisible();

    const waiting = await postJson(api, base, path(id, "status"), {});
    expect(waiting.status()).toBe(200);
    expect(waiting.headers()["cache-control"]).toBe("no-store");
    expect(await waiting.json()).toMatchObject({ ok: true, status: "02" });

    const simulated = await postJson(api, base, path(id, "simulate"), { outcome: "pay" });
    expect(simulated.status()).toBe(200);
    expect(await simulated.json()).toMatchObject({ ok: true, status: 200 });

    const paid = await postJson(api, base, path(id, "status"), {});
    expect(await paid.json()).toMatchObject({ ok: true, status: "00" });
  });

  test("choose with Accept: application/json answers the ChooseResult", async ({ page, gateway }) => {
    const link = await gateway.createLink({ additionalInfo: { language: "en" } });
    const base = gateway.baseUrl;
    await page.goto(link.paymentLinkUri);
    const res = await page.request.post(`${base}${path(link.paymentLinkId, "choose")}`, {
      headers: { Origin: base, Accept: "application/json" },
      multipart: { linkId: link.paymentLinkId, groupId: "va", methodId: "bni", lang: "en" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ ok: true, href: `/pay/${link.paymentLinkId}?lang=en` });
  });
});
