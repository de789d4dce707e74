/**
 * Whole HTML documents for the pages that are not React: the proxy's 404 (answered before Next
 * renders anything) and the gateway's own pages (3-D Secure, the hosted card page). They link
 * the payer's stylesheet compiled from app/checkout.css (public/nusapay.css, built by
 * scripts/build-css.mjs) and carry no inline style, so a CSP with `style-src 'self'` holds.
 */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** Where the compiled stylesheet is served (Next's public/ folder, same origin). */
export const STYLESHEET_HREF = "/nusapay.css";

export interface DocumentOptions {
  lang: string;
  title: string;
  /** already-escaped markup of <body> */
  body: string;
  /** pages with a capability in the URL or nothing to index */
  noindex?: boolean;
  /** a module script: the hosted card page's */
  script?: string;
  /** the CSP nonce that lets `script` run (the gateway's pages allow no other inline script) */
  nonce?: string;
}

export function htmlDocument({ lang, title, body, noindex = false, script, nonce }: DocumentOptions): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${noindex ? '<meta name="robots" content="noindex, nofollow">\n' : ""}<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${STYLESHEET_HREF}">
</head>
<body>
${body}${script ? `\n<script type="module"${nonce ? ` nonce="${escapeHtml(nonce)}"` : ""}>${script}</script>` : ""}
</body>
</html>
`;
}
