import "@/lib/server-only";
import { isTimeZone } from "@/lib/i18n/format";

/** The cookie LocalTime sets with the zone the browser reported. */
export const TIME_ZONE_COOKIE = "tz";

/** The zone the browser reported last time (the `tz` cookie's value, set by LocalTime), else Jakarta (WIB). */
export function timeZoneOf(cookie: string | undefined): string {
  return isTimeZone(cookie) ? cookie : "Asia/Jakarta";
}
