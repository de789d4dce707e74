import { getLocale } from "next-intl/server";
import { asLocale, type Locale } from "@/lib/i18n/locale";

/** This request's locale (chosen in i18n/request.ts) as one of ours, for the Intl formatting helpers. */
export async function requestLocale(): Promise<Locale> {
  return asLocale(await getLocale());
}
