import "@/lib/server-only";
import { cookies } from "next/headers";
import { isTimeZone } from "@/lib/i18n/format";

/** The cookie LocalTime sets with the zone the browser reported. */
export const TIME_ZONE_COOKIE = "tz";

/** The zone the browser reported last time (LocalTime sets the cookie), else Jakarta (WIB). */
export async function payerTimeZone(): Promise<string> {
  return timeZoneOf((await cookies()).get(TIME_ZONE_COOKIE)?.value);
}

/** `payerTimeZone` from the cookie's value, for a caller that holds the request's cookies itself. */
export function timeZoneOf(cookie: string | undefined): string {
  return isTimeZone(cookie) ? cookie : "Asia/Jakarta";
}
