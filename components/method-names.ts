import "@/lib/server-only";
import { getTranslations } from "next-intl/server";
import { methodName } from "./method-name";

/** `methodName` with the request's catalogue: for the console's server pages. */
export async function methodNamer(): Promise<(id: string, fallback?: string) => string> {
  const [va, qr, card] = await Promise.all([getTranslations("Va"), getTranslations("Qr"), getTranslations("Card")]);
  const words = { va: (bank: string) => va("title", { bank }), qr: qr("method"), card: card("method") };
  return (id, fallback) => methodName(id, words, fallback);
}
