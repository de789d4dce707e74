import { useLocale } from "next-intl";
import { asLocale, type Locale } from "@/lib/i18n/locale";

/** This request's locale (chosen in i18n/request.ts) as one of ours, for the Intl formatting helpers. */
export function useRequestLocale(): Locale {
  return asLocale(useLocale());
}
