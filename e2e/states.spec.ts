import { PNG } from "pngjs";
import jsQR from "jsqr";
import { parseQris } from "@/lib/qris";
import { expect, expectNoAxeViolations, MATRIX, test } from "./fixtures";
import { fill, messages } from "./pages/checkout-page";

const nbsp = (s: string | null) => (s ?? "").replace(/\u00a0/g, " ");
// linkRequest(): 2 × 125.000 + 3 × 18.500 = 305.500; + 15.000 − 20.000 = 300.500
const TOTAL_TEXT = "Rp 300.500";

for (const { lang, vp } of MATRIX) {
  const m = messages(lang);
  test.describe(`${lang} at ${vp.width} px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height }, locale: lang === "id" ? "id-ID" : "en-US" });

    test("open: invoice, totals, method groups with reasons", async ({ page, gateway, checkoutPage }) => {
      const link = await gateway.createLink({ additionalInfo: { language: lang } });
      await checkoutPage.open(link.paymentLinkUri);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kopi order");
      expect(nbsp(await page.getByTestId("total").textContent())).toBe(TOTAL_TEXT);
      const invoice = page.getByRole("region", { name: m.Invoice.heading });
      await expect(invoice.getByRole("row", { name: /Gayo Arabica/ })).toContainText("2 × Rp");
      await expect(invoice.getByRole("row", { name: /Voucher/ })).toContainText(m.Invoice.discount);
      expect(
        nbsp(
          await invoice
            .getByRole("row", { name: /Voucher/ })
            .getByRole("cell")
            .textContent(),
        ),
      ).toBe("-Rp 20.000");
      await expect(invoice.getByRole("row", { name: m.Invoice.subtotal })).toContainText("305.500");
      // groups in the payer's language, inactive ones with the gateway's reason
      await expect(page.getByRole("heading", { name: m.Methods.heading })).toBeVisible();
      const cimb = page.getByRole("radio", { name: /CIMB Niaga/ });
      await expect(cimb).toBeDisabled();
      await expect(page.getByText(lang === "en" ? /Under maintenance/ : /Sedang dalam pemeliharaan/)).toBeVisible();
      await expect(page.getByRole("radio", { name: /Permata/ })).toBeDisabled();
      // the e-wallet group (docs/contract.md §8) offers its four wallets
      const wallet = checkoutPage.group(lang === "en" ? "E-Wallet" : "Dompet Digital");
      for (const name of ["DANA", "ShopeePay", "GoPay", "OVO"])
        await expect(wallet.getByRole("radio", { name: new RegExp(name) })).toBeEnabled();
      // the card group is offered
      await expect(
        checkoutPage
          .group(lang === "en" ? "Credit / Debit Card" : "Kartu Kredit / Debit")
          .getByRole("button", { name: lang === "en" ? "Pay by card" : "Bayar dengan kartu" }),
      ).toBeEnabled();
      // customer detail: a disclosure on phones, open on wide screens
      const email = page.getByText(link.additionalInfo.customerDetail.email).filter({ visible: true });
      if (vp.width < 900) {
        await expect(email).toHaveCount(0);
        await page.locator("summary", { hasText: m.Invoice.showCustomer }).click();
      }
      await expect(email).toHaveCount(1);
      await expect(page.getByText("Jl. Sudirman 1").filter({ visible: true })).toHaveCount(1);
      await expect(page.getByRole("timer")).toHaveText(/^\d{2}:\d{2}:\d{2}$|^\dd /);
      await expectNoAxeViolations(page, `open/${lang}/${vp.name}`);
    });

    test("VA: number grouped, amount, steps per channel; reopening shows the same number", async ({
      page,
      gateway,
      checkoutPage,
    }) => {
      const link = await gateway.createLink({ additionalInfo: { language: lang } });
      await checkoutPage.open(link.paymentLinkUri);
      await checkoutPage.chooseVa("BNI");
      const chosen = await gateway.inquiry(link.paymentLinkId);
      const vaValue = (chosen.payment.content as { value: string }).value;
      const digits = vaValue.replace(/\s/g, "");
      await expect(checkoutPage.vaNumber()).toHaveText(digits.replace(/(.{4})(?=.)/g, "$1 "));
      await expect(page.getByRole("heading", { name: fill(m.Va.title, { bank: "BNI" }) })).toBeVisible();
      expect(nbsp(await page.getByTestId("va-amount").textContent())).toBe(TOTAL_TEXT);
      await page.getByText(m.Va.mobile, { exact: true }).click();
      await expect(page.getByRole("listitem").filter({ hasText: digits }).first()).toBeVisible();
      await expectNoAxeViolations(page, `va/${lang}/${vp.name}`);
      await page.reload();
      await expect(checkoutPage.vaNumber()).toHaveText(digits.replace(/(.{4})(?=.)/g, "$1 "));
    });

    test("QRIS: server SVG above the fold, decodes to a payload whose CRC checks and whose amount is the total", async ({
      page,
      gateway,
      checkoutPage,
    }) => {
      const link = await gateway.createLink({ additionalInfo: { language: lang } });
      await checkoutPage.open(link.paymentLinkUri);
      await checkoutPage.chooseQr();
      const qr = checkoutPage.qrCode();
      await expect(qr).toHaveAttribute("role", "img");
      await expect(qr).toHaveAttribute("aria-label", new RegExp(m.Qr.alt.split("{")[0]!.trim()));
      await page.evaluate(() => window.scrollTo(0, 0));
      const box = (await qr.boundingBox())!;
      expect(box.y + box.height, "QR fully above the fold").toBeLessThanOrEqual(vp.height);
      const png = PNG.sync.read(await qr.screenshot());
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(decoded, "QR decodes").not.toBeNull();
      const parsed = parseQris(decoded!.data); // throws when the CRC does not check
      expect(parsed.amountMinor).toBe(30_050_000);
      expect(parsed.merchantName).toBe("Toko Kopi Nusantara");
      await expect(page.getByText(m.Qr.scanHint)).toBeVisible();
      await expect(page.getByRole("link", { name: m.Qr.download })).toHaveAttribute(
        "href",
        `/pay/${link.paymentLinkId}/qr.png`,
      );
      await expectNoAxeViolations(page, `qr/${lang}/${vp.name}`);
      const download = await page.request.get(`${gateway.baseUrl}/pay/${link.paymentLinkId}/qr.png`);
      expect(download.headers()["content-type"]).toBe("image/png");
      const fromPng = PNG.sync.read(await download.body());
      expect(jsQR(new Uint8ClampedArray(fromPng.data), fromPng.width, fromPng.height)?.data).toBe(decoded!.data);
    });

    test("paid: the receipt appears after the settlement, without a reload", async ({
      page,
      gateway,
      checkoutPage,
    }) => {
      const link = await gateway.createLink({ additionalInfo: { language: lang } });
      await checkoutPage.open(link.paymentLinkUri);
      await checkoutPage.chooseVa("BCA");
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      const chosen = await gateway.inquiry(link.paymentLinkId);
      await gateway.payVa(chosen);
      await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible({ timeout: 15_000 });
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      const receipt = checkoutPage.paymentSection();
      await expect(receipt).toContainText(fill(m.Va.title, { bank: "BCA" }));
      expect(nbsp(await receipt.textContent())).toContain(TOTAL_TEXT);
      await expect(receipt).toContainText(link.partnerReferenceNo);
      await expect(
        receipt.getByRole("link", { name: fill(m.Paid.returnToMerchant, { merchant: "Toko Kopi Nusantara" }) }),
      ).toHaveAttribute("href", "https://merchant.example/thanks");
      await expect(page.getByRole("timer")).toHaveCount(0);
      await expectNoAxeViolations(page, `paid/${lang}/${vp.name}`);
    });

    test("rejected: the reason, then another method", async ({ page, gateway, checkoutPage }) => {
      const link = await gateway.createLink({ additionalInfo: { language: lang } });
      await checkoutPage.open(link.paymentLinkUri);
      await checkoutPage.chooseQr();
      await gateway.settleQr(await gateway.inquiry(link.paymentLinkId), "06");
      await expect(page.getByRole("heading", { name: m.Rejected.heading })).toBeVisible({ timeout: 3_000 });
      await expect(checkoutPage.paymentSection()).toContainText(
        fill(m.Rejected.reason, { reason: lang === "en" ? "Rejected" : "Ditolak" }),
      );
      await expectNoAxeViolations(page, `rejected/${lang}/${vp.name}`);
      await page.getByRole("link", { name: m.Rejected.tryAnother }).click();
      await checkoutPage.chooseVa("BRI");
      await expect(checkoutPage.vaNumber()).toBeVisible();
    });

    test("expired: the VA disappears and the expired view shows without a reload", async ({
      page,
      gateway,
      checkoutPage,
    }) => {
      const link = await gateway.createLink({ additionalInfo: { language: lang }, expiresInSeconds: 7 });
      await checkoutPage.open(link.paymentLinkUri);
      await checkoutPage.chooseVa("Mandiri");
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      await expect(page.locator("[data-urgent]")).toBeVisible();
      await expect(page.getByRole("heading", { name: m.Expired.heading })).toBeVisible({ timeout: 10_000 });
      await expect(checkoutPage.vaNumber()).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await expect(checkoutPage.paymentSection()).toContainText(
        fill(m.Expired.alreadyPaid, { merchant: "Toko Kopi Nusantara", reference: link.partnerReferenceNo }),
      );
      await expectNoAxeViolations(page, `expired/${lang}/${vp.name}`);
    });

    test("not found: the friendly 404 in the payer's language", async ({ page, gateway }) => {
      const res = await page.goto(`${gateway.baseUrl}/pay/00000000-0000-4000-8000-000000000000?secret=nope`);
      expect(res!.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.NotFound.heading);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expectNoAxeViolations(page, `404/${lang}/${vp.name}`);
    });
  });
}
