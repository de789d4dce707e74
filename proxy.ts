import { randomBytes } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { config as processConfig } from "@/lib/config";
import { LANG_HEADER, LINK_HEADER } from "./lib/i18n/headers";
import { isLocale, LANG_COOKIE, pickLocale, type Locale } from "./lib/i18n/locale";
import { notFoundHtml, outageHtml } from "./lib/ui/not-found";
import { pageLog } from "@/lib/connector/failures";
import { REQUEST_ID_HEADER } from "./lib/log/request-context";
import { checkoutCookieKey, inquireLink } from "@/lib/connector/gateway";
import { cookiesSecure, secretMatches, secretOfUri, sessionToken, SESSION_COOKIE } from "./lib/checkout/session";
import { contentSecurityPolicy, securityHeaders } from "./lib/ui/security-headers";
import { sessionOpens } from "./lib/checkout/session-guard";
import { ACTION_ROUTES } from "./lib/checkout/action-routes";

/**
 * /pay/{id}, /pay/{id}/preview, /pay/{id}/qr.png and the page's action routes
 * (/pay/{id}/actions/{name}, lib/checkout/action-routes.ts): the only checkout paths there are.
 */
const CHECKOUT_PATH = new RegExp(`^/pay/([^/]+)(?:/(preview|qr\\.png|actions/(?:${ACTION_ROUTES.join("|")})))?/?$`);
/** The merchant console and the home page that leads to it. */
const CONSOLE_PATH = /^\/(merchant(\/.*)?)?$/;

/** Where the gateway's method logos live: this process (sandbox) or the gateway in front of which it runs. */
function ownOrigins(): string[] {
  const c = processConfig();
  return [...new Set([new URL(c.publicBaseUrl).origin, new URL(c.gatewayBaseUrl).origin])];
}

/** Where the page's event stream connects when the gateway runs elsewhere (GATEWAY_PUBLIC_URL). */
function liveEventOrigins(): string[] {
  const url = processConfig().gatewayPublicUrl;
  return url ? [new URL(url).origin] : [];
}

/**
 * The checkout's front door (docs/contract.md §4.1):
 * - `?secret=` right → HttpOnly SameSite=Lax cookie scoped to /pay/{id}, 303 to the clean URL;
 *   wrong or unknown link → the one 404 page (static, answered here), byte for byte the same
 *   as for a missing or wrong cookie (checked here too, lib/client/session-guard.ts);
 * - `?lang=` sets the language cookie;
 * - every answer carries the security headers and a fresh CSP nonce.
 * The page re-checks the cookie against Inquiry on every render: this is not the only guard.
 */
export async function proxy(req: NextRequest): Promise<NextResponse> {
  const url = req.nextUrl;
  const nonce = randomBytes(16).toString("base64");
  const csp = contentSecurityPolicy(nonce, {
    dev: processConfig().dev,
    imageOrigins: ownOrigins(),
    connectOrigins: liveEventOrigins(),
  });
  const headers = new Headers(req.headers);
  // The server strips these from every request already (lib/server/edge.ts); kept here so
  // the proxy holds on its own too.
  headers.delete(LANG_HEADER);
  headers.delete(LINK_HEADER);
  headers.delete("x-nusapay-console-path");
  headers.set("content-security-policy", csp);
  headers.set("x-nonce", nonce);
  const lang = url.searchParams.get("lang");
  if (isLocale(lang)) headers.set(LANG_HEADER, lang);

  /** A page of the proxy's own, in the payer's language: the one 404 or the outage page. */
  const ownPage = (status: 404 | 503, html: (locale: Locale) => string, extra: Record<string, string> = {}) => {
    const locale = pickLocale({
      explicit: lang,
      cookie: req.cookies.get(LANG_COOKIE)?.value,
      acceptLanguage: req.headers.get("accept-language"),
    });
    return new NextResponse(html(locale), {
      status,
      headers: { "Content-Type": "text/html; charset=utf-8", "Content-Language": locale, ...extra },
    });
  };
  const notFound = () => ownPage(404, notFoundHtml);
  /**
   * The payer's way in failed (the gateway did not answer, faulted or refused the checkout's
   * own call): logged once, as a failed page is (instrumentation.ts), answered 503, never stored.
   */
  const outage = (err: unknown) => {
    pageLog().error({ err, what: "checkout entry" }, "page failed");
    const requestId = headers.get(REQUEST_ID_HEADER) ?? "-";
    return ownPage(503, (locale) => outageHtml(locale, requestId), { "Cache-Control": "no-store" });
  };
  /** A /pay/{id} request: the secret swapped for the cookie, or the cookie checked. */
  const enter = async (id: string, sub: string | undefined): Promise<NextResponse> => {
    // The secret is swapped only where a payer's browser brings it (the link's address): an
    // action route answers a page already holding the cookie, and checks only that.
    if (url.searchParams.has("secret") && !sub?.startsWith("actions/")) {
      const presented = url.searchParams.get("secret") ?? "";
      const link = await inquireLink(id);
      const secret = link && secretMatches(presented, link.paymentLinkUri) ? secretOfUri(link.paymentLinkUri) : null;
      if (!secret) return notFound();
      const clean = url.clone();
      clean.searchParams.delete("secret");
      const swapped = NextResponse.redirect(clean, 303);
      swapped.cookies.set(SESSION_COOKIE, sessionToken(checkoutCookieKey(), id, secret), {
        httpOnly: true,
        sameSite: "lax",
        secure: cookiesSecure(),
        path: `/pay/${id}`,
      });
      return swapped;
    }
    if (!(await sessionOpens(id, req.cookies.get(SESSION_COOKIE)?.value ?? ""))) return notFound();
    headers.set(LINK_HEADER, id);
    return NextResponse.next({ request: { headers } });
  };
  let res: NextResponse;
  const match = CHECKOUT_PATH.exec(url.pathname);
  const id = match?.[1];
  if (CONSOLE_PATH.test(url.pathname)) {
    // The console and the home page: same headers and language cookie; the console checks
    // its own session on every page and action (lib/console/session.ts).
    headers.set("x-nusapay-console-path", url.pathname);
    res = NextResponse.next({ request: { headers } });
  } else if (!id) {
    res = notFound();
  } else {
    // A gateway that fails the check gets the payer the outage page, not a 404 or Next's 500.
    res = await enter(id, match?.[2]).catch(outage);
  }

  for (const [name, value] of Object.entries(securityHeaders(csp))) res.headers.set(name, value);
  if (isLocale(lang))
    res.cookies.set(LANG_COOKIE, lang, {
      path: "/",
      sameSite: "lax",
      maxAge: 365 * 24 * 3600,
      secure: cookiesSecure(),
    });
  return res;
}

export const config = {
  matcher: ["/pay/:path*", "/merchant", "/merchant/:path*", "/"],
};
