import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { LANG_COOKIE, pickLocale, type Locale } from "@/lib/i18n/locale";

/**
 * The language of the gateway's own pages (3-D Secure, hosted card page), as the checkout
 * picks it: `?lang=` (the SDK passes the checkout's), then the payer's language cookie (same
 * origin as the checkout), then Accept-Language; English when nothing decides.
 */
export function payerLocale(c: Context): Locale {
  return pickLocale({
    explicit: c.req.query("lang"),
    cookie: getCookie(c, LANG_COOKIE),
    acceptLanguage: c.req.header("accept-language"),
  });
}
