import { expect, test } from "./fixtures";
import { messages } from "./pages/checkout-page";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

test.describe("secret, cookie and 404 (docs/contract.md §4.1)", () => {
  test("a right secret becomes an HttpOnly SameSite=Lax cookie for /pay/{id}; the URL loses the secret; reload works", async ({
    page,
    gateway,
    context,
  }) => {
    const link = await gateway.createLink();
    const secret = new URL(link.paymentLinkUri).searchParams.get("secret")!;
    const redirects: number[] = [];
    page.on("response", (r) => {
      if (r.url().includes("secret=")) redirects.push(r.status());
    });
    await page.goto(link.paymentLinkUri);
    expect(redirects).toEqual([303]);
    expect(page.url()).toBe(`${gateway.baseUrl}/pay/${link.paymentLinkId}`);
    expect(page.url()).not.toContain(secret);
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "nusapay_link");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: `/pay/${link.paymentLinkId}` });
    expect(session!.value).not.toContain(secret);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kopi order");
    const reload = await page.reload();
    expect(reload!.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kopi order");
  });

  test("the cookie for one link does not open another", async ({ page, gateway }) => {
    const a = await gateway.createLink();
    const b = await gateway.createLink();
    await page.goto(a.paymentLinkUri);
    const res = await page.goto(`${gateway.baseUrl}/pay/${b.paymentLinkId}`);
    expect(res!.status()).toBe(404);
  });

  test("wrong secret, missing or wrong cookie, unknown link: one 404, same status and body", async ({
    request,
    gateway,
    page,
  }) => {
    const link = await gateway.createLink();
    const other = await gateway.createLink();
    // a real cookie, for the other link: it must not open this one
    const swap = await request.get(other.paymentLinkUri, { maxRedirects: 0 });
    const otherCookie = /nusapay_link=([^;]+)/.exec(swap.headers()["set-cookie"] ?? "")![1]!;
    const base = `${gateway.baseUrl}/pay`;
    const cases: { url: string; cookie?: string }[] = [
      { url: `${base}/${link.paymentLinkId}?secret=wrong-secret-value` },
      { url: `${base}/${link.paymentLinkId}?secret=` },
      { url: `${base}/${link.paymentLinkId}` },
      { url: `${base}/${UNKNOWN}?secret=${new URL(link.paymentLinkUri).searchParams.get("secret")}` },
      { url: `${base}/${UNKNOWN}` },
      { url: `${base}/not-a-link-id` },
      { url: `${base}/${link.paymentLinkId}/qr.png` },
      { url: `${base}/${link.paymentLinkId}`, cookie: "nusapay_link=garbage" },
      { url: `${base}/${link.paymentLinkId}`, cookie: `nusapay_link=${otherCookie}` },
      { url: `${base}/${UNKNOWN}`, cookie: `nusapay_link=${otherCookie}` },
      { url: `${base}/not-a-link-id`, cookie: "nusapay_link=garbage" },
      { url: `${base}/${link.paymentLinkId}/preview`, cookie: "nusapay_link=garbage" },
    ];
    const answers = await Promise.all(
      cases.map(async ({ url, cookie }) => {
        const res = await request.get(url, {
          maxRedirects: 0,
          headers: { "Accept-Language": "en", ...(cookie ? { Cookie: cookie } : {}) },
        });
        return {
          url: `${url} ${cookie ?? ""}`,
          status: res.status(),
          body: await res.text(),
          setCookie: res.headers()["set-cookie"] ?? null,
        };
      }),
    );
    const urls = cases.map((c) => c.url);
    for (const a of answers) {
      expect(a.status, a.url).toBe(404);
      expect(a.body, a.url).toBe(answers[0]!.body);
      expect(a.setCookie, a.url).toBeNull();
      expect(a.body).not.toContain(link.paymentLinkId);
    }
    await page.goto(urls[0]!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(messages("en").NotFound.heading);
  });

  test("security headers on the page, the redirect, the 404 and the QR download", async ({
    request,
    gateway,
    page,
  }) => {
    const link = await gateway.createLink();
    await page.goto(link.paymentLinkUri);
    const cookie = (await page.context().cookies()).find((c) => c.name === "nusapay_link")!;
    const responses = {
      redirect: await request.get(link.paymentLinkUri, { maxRedirects: 0 }),
      page: await request.get(`${gateway.baseUrl}/pay/${link.paymentLinkId}`, {
        headers: { Cookie: `nusapay_link=${cookie.value}` },
      }),
      notFound: await request.get(`${gateway.baseUrl}/pay/${UNKNOWN}`),
    };
    expect(responses.redirect.status()).toBe(303);
    expect(responses.page.status()).toBe(200);
    for (const [name, res] of Object.entries(responses)) {
      const h = res.headers();
      expect(h["referrer-policy"], name).toBe("no-referrer");
      expect(h["cache-control"], name).toBe("no-store");
      expect(h["content-security-policy"], name).toContain("frame-ancestors 'none'");
      expect(h["content-security-policy"], name).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      expect(h["x-frame-options"], name).toBe("DENY");
    }
  });

  test("no secret reaches the server log", async ({ page, gateway }) => {
    const link = await gateway.createLink();
    await page.goto(link.paymentLinkUri);
    await page.goto(`${gateway.baseUrl}/pay/${link.paymentLinkId}?secret=also-not-logged-${Date.now()}`);
    const fs = await import("node:fs");
    const log = fs.readFileSync(gateway.logFile, "utf8");
    const secretOf = (uri: string) => new URL(uri).searchParams.get("secret")!;
    // The links the checkout handled: nowhere in the output.
    expect(log).not.toContain(secretOf(link.paymentLinkUri));
    expect(log).not.toContain("also-not-logged-");
    // Structured log lines carry no link secret at all (the start banner prints the sandbox's
    // demo links on purpose; it is not a log line).
    const lines = log.split("\n").filter((l) => l.startsWith("{"));
    expect(lines.length).toBeGreaterThan(0);
    for (const d of gateway.credentials.demoLinks)
      for (const l of lines) expect(l).not.toContain(secretOf(d.paymentLinkUri));
  });
});
