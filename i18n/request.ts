import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { loadLink } from "@/lib/checkout/links";
import { LANG_COOKIE } from "@/lib/checkout/session";
import { LANG_HEADER, LINK_HEADER } from "@/lib/i18n/headers";
import { pickLocale, type Locale } from "@/lib/i18n/locale";

export async function resolveLocale(): Promise<Locale> {
  const h = await headers();
  const explicit = h.get(LANG_HEADER);
  const linkId = h.get(LINK_HEADER);
  const linkLanguage =
    !explicit && linkId ? ((await loadLink(linkId).catch(() => null))?.additionalInfo.language ?? null) : null;
  return pickLocale({
    explicit,
    linkLanguage,
    cookie: (await cookies()).get(LANG_COOKIE)?.value,
    acceptLanguage: h.get("accept-language"),
  });
}

export default getRequestConfig(async () => {
  const locale = await resolveLocale();
  const messages = (await import(`../messages/${locale}.json`)).default;
  return { locale, messages, timeZone: "Asia/Jakarta" };
});
