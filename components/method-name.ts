import { bankName } from "@/components/checkout/banks";
import { isWalletMethod, WALLET_METHODS } from "@/lib/contract/wallet";

/** The catalogue's words for each kind of method, in the page's language (Va.title, Qr.method, Card.method). */
export interface MethodWords {
  va: (bank: string) => string;
  qr: string;
  card: string;
}

/**
 * A method as a merchant names it: `va.bni` → "BNI Virtual Account" (ID: "Virtual Account BNI"),
 * `qr.qris` → "QRIS", `cc.card` → "Card", `ew.gopay` → "GoPay". The wire's ids stay in the API and the CSV export; the
 * console's pages show these. An id of a kind the console does not know yet is shown as
 * `fallback` (the catalogue's title, where the page has it) or as it is.
 */
export function methodName(id: string, words: MethodWords, fallback?: string): string {
  const [group, method = ""] = id.split(".", 2);
  if (group === "va" && method) return words.va(bankName(method));
  if (group === "qr") return words.qr;
  if (group === "cc") return words.card;
  // A wallet's brand is its name in either language.
  if (group === "ew" && isWalletMethod(method)) return WALLET_METHODS[method].name;
  return fallback ?? id;
}
