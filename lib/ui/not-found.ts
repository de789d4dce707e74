import en from "@/messages/en.json";
import id from "@/messages/id.json";
import { escapeHtml, htmlDocument } from "./document";
import { buttonClass, chrome, cardClass, srOnly } from "./recipes";

type Locale = "en" | "id";

export interface NotFoundText {
  title: string;
  heading: string;
  explain: string;
}

/** The checkout's words for "no such link", in the payer's language. */
export function checkoutNotFoundText(locale: Locale): NotFoundText {
  const m = locale === "id" ? id : en;
  return { title: m.Meta.notFoundTitle, heading: m.NotFound.heading, explain: m.NotFound.explain };
}

/**
 * The one 404 of the product, as markup: brand bar with the language switch, one card, footer.
 * It names nothing from the request, so an unknown link, a wrong secret and a missing cookie
 * give byte-identical answers for the same language. Used whole by the proxy and the gateway
 * (notFoundHtml) and as the body of Next's not-found page (app/not-found.tsx).
 */
export function notFoundBody(locale: Locale, text: NotFoundText = checkoutNotFoundText(locale)): string {
  const l = (locale === "id" ? id : en).Layout;
  const lang = (code: Locale, long: string) =>
    `<li><a class="${chrome.langLink}" href="?lang=${code}" lang="${code}" hreflang="${code}"${locale === code ? ' aria-current="true"' : ""}>` +
    `<span aria-hidden="true">${code.toUpperCase()}</span><span class="${srOnly}">${escapeHtml(long)}</span></a></li>`;
  return `<header class="${chrome.topbar}"><span class="${chrome.brand}">Nusapay</span>
<nav aria-label="${escapeHtml(l.language)}"><ul class="${chrome.langList}">
${lang("en", l.languageEnglish)}
${lang("id", l.languageIndonesian)}
</ul></nav></header>
<main class="${chrome.narrowMain}"><section class="${cardClass}" aria-labelledby="nf-title">
<h1 id="nf-title">${escapeHtml(text.heading)}</h1>
<p>${escapeHtml(text.explain)}</p>
</section></main>
<footer class="${chrome.footer}"><p>${escapeHtml(l.securedBy)}</p></footer>`;
}

/** The 404 as a whole static document: no script, nothing from the request. */
export function notFoundHtml(locale: Locale, text: NotFoundText = checkoutNotFoundText(locale)): string {
  return htmlDocument({ lang: locale, title: text.title, body: notFoundBody(locale, text), noindex: true });
}

/**
 * The proxy's answer when the gateway fails a payer's way in (the secret's check, or the first
 * check of a session cookie in this process), before any page renders: the checkout error
 * page's words (app/pay/[paymentLinkId]/error.tsx) as a static, script-free document. "Try
 * again" is a link to this same address (`href=""`), secret included, so it works without
 * script and echoes nothing; the error code is the request's id, which the log line has.
 */
export function outageHtml(locale: Locale, requestId: string): string {
  const m = (locale === "id" ? id : en).CheckoutError;
  const body = `<header class="${chrome.topbar}"><span class="${chrome.brand}">Nusapay</span></header>
<main class="${chrome.narrowMain}"><section class="${cardClass}" aria-labelledby="outage-title">
<h1 id="outage-title">${escapeHtml(m.heading)}</h1>
<p>${escapeHtml(m.explain)}</p>
<p><a class="${buttonClass()} no-underline" href="">${escapeHtml(m.retry)}</a></p>
<p class="mt-3 mb-0 text-sm text-muted">${escapeHtml(m.code)}: <code>${escapeHtml(requestId)}</code></p>
</section></main>`;
  return htmlDocument({ lang: locale, title: m.heading, body, noindex: true });
}
