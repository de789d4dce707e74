import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { parseQris } from "@/lib/qris";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { messages, type CheckoutPage } from "./pages/checkout-page";
import { ROOT } from "./support/server";

const run = promisify(execFile);

/** `npm run simulate -- …` exactly as the README gives it, against this run's server. */
async function simulate(dataDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await run("npm", ["run", "--silent", "simulate", "--", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
  });
  return stdout;
}

const contentValue = (l: PaymentLinkData) => (l.payment.content === "" ? "" : l.payment.content.value);
const qrReference = (l: PaymentLinkData) => parseQris(contentValue(l)).referenceLabel!;

/** One CLI run per kind: what the payer chose, the reference the CLI is given, what it must print. */
const CLI_CASES: {
  kind: "va" | "qr" | "qr-fail";
  choose: (page: CheckoutPage) => Promise<void>;
  reference: (link: PaymentLinkData) => string;
  prints: string[];
  outcome: "Paid" | "Rejected";
}[] = [
  {
    kind: "va",
    choose: (p) => p.chooseVa("BNI"),
    reference: contentValue,
    prints: ["gateway answered HTTP 200", '"responseCode": "2002500"'],
    outcome: "Paid",
  },
  {
    kind: "qr",
    choose: (p) => p.chooseQr(),
    reference: qrReference,
    prints: ['"responseCode": "2005200"'],
    outcome: "Paid",
  },
  { kind: "qr-fail", choose: (p) => p.chooseQr(), reference: qrReference, prints: [], outcome: "Rejected" },
];

test.describe("npm run simulate: the sandbox acquirer settles what the payer chose", () => {
  const m = messages("en");

  for (const c of CLI_CASES) {
    test(`${c.kind}: the checkout turns ${c.outcome.toLowerCase()}`, async ({ page, gateway, checkoutPage }) => {
      const link = await gateway.createLink();
      await checkoutPage.open(link.paymentLinkUri);
      await c.choose(checkoutPage);
      const out = await simulate(gateway.dataDir, c.kind, c.reference(await gateway.inquiry(link.paymentLinkId)));
      for (const line of c.prints) expect(out).toContain(line);
      await expect(page.getByRole("heading", { name: m[c.outcome].heading })).toBeVisible();
      if (c.outcome === "Rejected")
        expect(await gateway.inquiry(link.paymentLinkId)).toMatchObject({ paymentFlagStatus: "01" });
    });
  }
});

for (const lang of ["en", "id"] as const) {
  const m = messages(lang);
  test.describe(`the checkout's sandbox panel (${lang})`, () => {
    test("Simulate payment on a VA: the signed payload, the gateway's reply, and the page turns paid", async ({
      page,
      gateway,
      checkoutPage,
    }) => {
      const link = await gateway.createLink({ additionalInfo: { language: lang } });
      await checkoutPage.open(link.paymentLinkUri);
      await expect(page.getByRole("complementary", { name: m.Sandbox.heading })).toHaveCount(0); // nothing to pay yet
      await checkoutPage.chooseVa("BCA");
      const panel = page.getByRole("complementary", { name: m.Sandbox.heading });
      await expect(panel.getByRole("button", { name: m.Sandbox.fail })).toHaveCount(0); // a transfer cannot "fail"
      await panel.getByRole("button", { name: m.Sandbox.pay }).click();

      await expect(page.getByRole("heading", { name: m.Paid.heading })).toBeVisible();
      // the result stays on screen after the page turned paid
      await expect(
        panel.getByRole("heading", { name: m.Sandbox.sent.replace("{path}", "/v1.0/transfer-va/payment") }),
      ).toBeVisible();
      const sent = JSON.parse((await panel.getByTestId("simulated-request").textContent())!) as {
        virtualAccountData: { virtualAccountNo: string; paidAmount: { value: string } };
      };
      const chosen = await gateway.inquiry(link.paymentLinkId);
      expect(sent.virtualAccountData.virtualAccountNo).toBe(contentValue(chosen));
      expect(sent.virtualAccountData.paidAmount.value).toBe("300500.00");
      expect(JSON.parse((await panel.getByTestId("simulated-reply").textContent())!)).toMatchObject({
        responseCode: "2002500",
      });
      await expect(panel.getByRole("button")).toHaveCount(0); // paid: nothing left to simulate
      expect(chosen.paymentFlagStatus).toBe("00");
      await expectNoAxeViolations(page, `sandbox panel/${lang}`);
    });

    test("Simulate failed payment on a QR: status 06 rejects the link", async ({ page, gateway, checkoutPage }) => {
      const link = await gateway.createLink({ additionalInfo: { language: lang } });
      await checkoutPage.open(link.paymentLinkUri);
      await checkoutPage.chooseQr();
      const panel = page.getByRole("complementary", { name: m.Sandbox.heading });
      await panel.getByRole("button", { name: m.Sandbox.fail }).click();
      await expect(page.getByRole("heading", { name: m.Rejected.heading })).toBeVisible();
      const sent = JSON.parse((await panel.getByTestId("simulated-request").textContent())!) as {
        originalReferenceNo: string;
        latestTransactionStatus: string;
      };
      expect(sent).toMatchObject({
        originalReferenceNo: qrReference(await gateway.inquiry(link.paymentLinkId)),
        latestTransactionStatus: "06",
      });
      expect(JSON.parse((await panel.getByTestId("simulated-reply").textContent())!)).toMatchObject({
        responseCode: "2005200",
      });
    });
  });
}
