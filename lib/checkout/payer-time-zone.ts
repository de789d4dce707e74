import "@/lib/server-only";
import { cookies } from "next/headers";
import { isTimeZone } from "@/lib/i18n/format";

/** The zone the browser reported last time (LocalTime sets the cookie), else Jakarta (WIB). */
export async function payerTimeZone(): Promise<string> {
  const tz = (await cookies()).get("tz")?.value;
  return isTimeZone(tz) ? tz : "Asia/Jakarta";
}
