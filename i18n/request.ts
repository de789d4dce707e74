import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { loadLink } from "@/lib/checkout/links";
import { LANG_HEADER, LINK_HEADER } from "@/lib/i18n/headers";
import { withMessageCache } from "@/lib/i18n/message-cache";
import { LANG_COOKIE, pickLocale, type Locale } from "@/lib/i18n/locale";

export async function resolveLocale(): Promise<Locale> {
  const h = await headers();
  const explicit = h.get(LANG_HEADER);
  const linkId = h.get(LINK_HEADER);
  const linkLanguage = !explicit && linkId ? await linkLanguageOf(linkId) : null;
  return pickLocale({
    explicit,
    linkLanguage,
    cookie: (await cookies()).get(LANG_COOKIE)?.value,
    acceptLanguage: h.get("accept-language"),
  });
}

/**
 * The link's own language, when the gateway can tell. An outage must not break the page's
 * language choice (the page itself shows the outage), so the next source wins. It is not
 * logged here: the request's page, action or route reads the same Inquiry (loadLink is one
 * call per request) and fails with it, and that failure is logged once (instrumentation.ts, or
 * the action's own classifyFailure).
 */
async function linkLanguageOf(linkId: string): Promise<Locale | null> {
  try {
    return (await loadLink(linkId))?.additionalInfo.language ?? null;
  } catch {
    return null;
  }
}

export default getRequestConfig(async () => {
  const locale = await resolveLocale();
  const messages = (await import(`../messages/${locale}.json`)).default;
  return withMessageCache({ locale, messages, timeZone: "Asia/Jakarta" });
});
