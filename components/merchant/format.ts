import { INTL_LOCALE, type Locale } from "@/lib/i18n/locale";
import { minorOf, rupiah } from "@/lib/i18n/format";

/** A wire amount ("150000.00") for people, in the console's language. */
export function money(value: string, locale: Locale): string {
  return rupiah(minorOf(value), locale);
}

/** An instant in the merchant's time zone (the timeline, the links table). */
export function when(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}
