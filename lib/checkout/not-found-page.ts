import en from "@/messages/en.json";
import id from "@/messages/id.json";
import type { Locale } from "@/lib/i18n/locale";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The one 404 of the checkout, answered by the proxy itself: a static document with no script
 * and nothing from the request in it, so an unknown link, a wrong secret and a missing cookie
 * give byte-identical answers (for the same language). Styles come from a static file.
 */
export function notFoundHtml(locale: Locale): string {
  const m = locale === "id" ? id : en;
  const t = m.NotFound;
  const l = m.Layout;
  return `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escape(m.Meta.notFoundTitle)}</title>
<link rel="stylesheet" href="/checkout-404.css">
</head>
<body>
<header class="topbar"><span class="brand">Nusapay</span>
<nav class="lang" aria-label="${escape(l.language)}"><ul>
<li><a href="?lang=en" lang="en" hreflang="en"${locale === "en" ? ' aria-current="true"' : ""}>EN<span class="visually-hidden"> ${escape(l.languageEnglish)}</span></a></li>
<li><a href="?lang=id" lang="id" hreflang="id"${locale === "id" ? ' aria-current="true"' : ""}>ID<span class="visually-hidden"> ${escape(l.languageIndonesian)}</span></a></li>
</ul></nav></header>
<main class="checkout"><section class="card" aria-labelledby="nf-title">
<h1 id="nf-title">${escape(t.heading)}</h1>
<p>${escape(t.explain)}</p>
</section></main>
<footer class="footer"><p>${escape(l.securedBy)}</p></footer>
</body>
</html>
`;
}
