import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import type en from "@/messages/en.json";

export type Messages = typeof en;
const cache = new Map<string, Messages>();

/** The app's own message files: tests find controls by the words a payer reads. */
export function messages(lang: "en" | "id"): Messages {
  if (!cache.has(lang))
    cache.set(
      lang,
      JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../messages/${lang}.json`), "utf8")) as Messages,
    );
  return cache.get(lang)!;
}

export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? `{${k}}`));

/** Page object for /pay/{id}: role locators in the payer's language. */
export class CheckoutPage {
  constructor(readonly page: Page) {}

  m(lang: "en" | "id"): Messages {
    return messages(lang);
  }

  async open(uri: string, opts: { lang?: "en" | "id" } = {}) {
    const url = opts.lang ? `${uri}&lang=${opts.lang}` : uri;
    const res = await this.page.goto(url);
    return res;
  }

  paymentSection(): Locator {
    return this.page.locator("section#payment");
  }

  group(title: string): Locator {
    return this.page
      .getByRole("listitem")
      .filter({ has: this.page.getByRole("heading", { name: title, exact: true }) });
  }

  async chooseVa(bank: string) {
    const va = this.group("Virtual Account");
    await va.getByRole("radio", { name: new RegExp(`^${bank}\\b`) }).check();
    await va.getByRole("button").click();
    await this.vaNumber().waitFor();
  }

  async chooseQr() {
    await this.group("QRIS").getByRole("button").click();
    await this.qrCode().waitFor();
  }

  /** Choose the card method; the card form replaces the picker. */
  async chooseCard(lang: "en" | "id") {
    const m = messages(lang);
    await this.group(lang === "en" ? "Credit / Debit Card" : "Kartu Kredit / Debit")
      .getByRole("button")
      .click();
    await this.page.getByRole("form", { name: m.Card.heading }).waitFor();
  }

  /** Fill the card form as a payer types it (spaces and a slash included). */
  async fillCard(lang: "en" | "id", card: { number: string; expiry?: string; cvc?: string; name?: string }) {
    const m = messages(lang);
    const form = this.page.getByRole("form", { name: m.Card.heading });
    await form.getByLabel(m.Card.number).pressSequentially(card.number);
    await form.getByLabel(m.Card.expiry).fill(card.expiry ?? "12/34");
    await form.getByLabel(m.Card.cvc).fill(card.cvc ?? "");
    await form.getByLabel(m.Card.name).fill(card.name ?? "Siti Rahmawati");
    return form;
  }

  vaNumber(): Locator {
    return this.page.getByTestId("va-number");
  }

  qrCode(): Locator {
    return this.page.getByTestId("qr-svg");
  }

  heading(name: string): Locator {
    return this.page.getByRole("heading", { name, exact: true });
  }
}
