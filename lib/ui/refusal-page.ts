import { escapeHtml, htmlDocument } from "./document";
import { buttonClass, cardClass, chrome } from "./recipes";

export interface RefusalText {
  heading: string;
  message: string;
  back: string;
}

/**
 * A refused script-less form post (the method choice): the refusal in the payer's language and
 * a link back to the page, as a static document. The script's form shows the same message in
 * place; without script this is the payer's only way to read it.
 */
export function refusalHtml(locale: "en" | "id", href: string, text: RefusalText): string {
  const body = `<header class="${chrome.topbar}"><span class="${chrome.brand}">Nusapay</span></header>
<main class="${chrome.narrowMain}"><section class="${cardClass}" aria-labelledby="refusal-title">
<h1 id="refusal-title">${escapeHtml(text.heading)}</h1>
<p role="alert">${escapeHtml(text.message)}</p>
<p><a class="${buttonClass()} no-underline" href="${escapeHtml(href)}">${escapeHtml(text.back)}</a></p>
</section></main>`;
  return htmlDocument({ lang: locale, title: text.heading, body, noindex: true });
}
