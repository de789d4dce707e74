import { PREVIEW_STATES } from "@/lib/checkout/preview-data";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { messages } from "./pages/checkout-page";

const HEADINGS = (lang: "en" | "id") => {
  const m = messages(lang);
  return {
    open: m.Methods.heading,
    va: m.Payment.heading,
    qr: m.Payment.heading,
    paid: m.Paid.heading,
    rejected: m.Rejected.heading,
    expired: m.Expired.heading,
    maintenance: m.Methods.heading,
  } as const;
};

test.describe("merchant preview", () => {
  test("needs the merchant's secret key; a wrong key is refused", async ({ page, gateway }) => {
    const m = messages("en");
    const link = await gateway.createLink({ additionalInfo: { language: "en" } });
    const previewUrl = link.paymentLinkUri.replace(
      `/pay/${link.paymentLinkId}?`,
      `/pay/${link.paymentLinkId}/preview?`,
    );
    await page.goto(previewUrl);
    expect(page.url()).toBe(`${gateway.baseUrl}/pay/${link.paymentLinkId}/preview`);
    await expect(page.getByRole("heading", { name: m.Preview.signInHeading })).toBeVisible();
    await expect(page.getByText(m.Preview.banner)).toHaveCount(0);
    await page.getByLabel(m.Preview.secretKey).fill("sk_test_definitely-not-the-key");
    await page.getByRole("button", { name: m.Preview.signIn }).click();
    await expect(page.getByRole("alert").filter({ hasText: m.Preview.badKey })).toBeVisible();
    await expect(page.getByText(m.Preview.banner)).toHaveCount(0);
    // without the link's secret there is no preview at all: the same 404
    const res = await page.request.get(`${gateway.baseUrl}/pay/00000000-0000-4000-8000-000000000000/preview`);
    expect(res.status()).toBe(404);
  });

  for (const lang of ["en", "id"] as const) {
    test(`renders every state from a real link with the banner and nothing payable (${lang})`, async ({
      page,
      gateway,
    }) => {
      test.setTimeout(120_000); // every state of the link, each checked by axe
      const m = messages(lang);
      const link = await gateway.createLink({ additionalInfo: { language: lang } });
      await page.goto(
        link.paymentLinkUri.replace(`/pay/${link.paymentLinkId}?`, `/pay/${link.paymentLinkId}/preview?`),
      );
      await page.getByLabel(m.Preview.secretKey).fill(gateway.credentials.merchant.secretKey);
      await page.getByRole("button", { name: m.Preview.signIn }).click();
      await expect(page.getByText(m.Preview.banner)).toBeVisible();
      for (const state of PREVIEW_STATES) {
        await page
          .getByRole("navigation", { name: m.Preview.state })
          .getByRole("link", { name: m.Preview.states[state] })
          .click();
        await expect(
          page.getByRole("navigation", { name: m.Preview.state }).getByRole("link", { name: m.Preview.states[state] }),
        ).toHaveAttribute("aria-current", "page");
        await expect(page.getByText(m.Preview.banner)).toBeVisible();
        await expect(page.getByRole("heading", { name: HEADINGS(lang)[state], exact: true })).toBeVisible();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kopi order");
        // nothing to pay with: every method control and action button is disabled
        await expect(page.locator("main form")).toHaveCount(0);
        for (const b of await page.locator("main button:not([aria-label])").all()) await expect(b).toBeDisabled();
        await expect(page.getByRole("link", { name: m.Qr.download })).toHaveCount(0);
        if (state === "maintenance") {
          await expect(page.getByRole("radio", { name: /^BCA\b/ })).toBeDisabled();
          await expect(page.getByText(m.Preview.maintenanceText).first()).toBeVisible();
        }
        if (state === "va") await expect(page.getByText(m.Preview.sampleNumber)).toBeVisible();
        await expectNoAxeViolations(page, `preview ${state}/${lang}`);
      }
      // the real link was never touched
      const after = await gateway.inquiry(link.paymentLinkId);
      expect(after.paymentFlagStatus).toBe("02");
      expect(after.payment).toEqual({ type: "", bank: "", content: "" });
    });
  }
});
