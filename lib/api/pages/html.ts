/**
 * The gateway's own server-rendered pages (3-D Secure, hosted card page) in the design system:
 * the one stylesheet, the primitives' class lists (lib/ui/recipes.ts), no inline style.
 */
import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import en from "@/messages/en.json";
import id from "@/messages/id.json";
import { htmlDocument, escapeHtml } from "@/lib/ui/document";
import { notFoundHtml } from "@/lib/ui/not-found";
import { buttonClass, cardClass, field, gatewayPage, sandboxNoteClass, type ButtonVariant } from "@/lib/ui/recipes";

export { escapeHtml };

export function page(
  title: string,
  body: string,
  opts: { lang?: string; script?: string; nonce?: string } = {},
): string {
  return htmlDocument({
    lang: opts.lang ?? "en",
    title,
    noindex: true,
    body: `<main class="${gatewayPage.main}"><div class="${cardClass}">${body}</div></main>`,
    script: opts.script,
    nonce: opts.nonce,
  });
}

/** The gateway's 404 pages are the product's one 404 (lib/ui/not-found.ts), with their own words. */
export function notFoundPage(lang: "en" | "id", text: { title: string; heading: string; explain: string }): string {
  return notFoundHtml(lang, text);
}

/** "Too many requests" (a per-address limit) in the same shape, for the checkout and these pages alike. */
export function tooManyPage(lang: "en" | "id"): string {
  const t = (lang === "id" ? id : en).TooMany;
  return notFoundHtml(lang, { title: t.heading, heading: t.heading, explain: t.explain });
}

/**
 * The checkout's protections (docs/contract.md §4.3) for a page of the gateway's own: only the one
 * stylesheet and, with `nonce`, its one module script; nothing inline otherwise, no framing,
 * no referrer (the URL is a capability), never cached. Forms may post to this origin and —
 * since browsers hold the redirect after a POST to form-action as well — to the origins the
 * answer redirects to.
 */
export function pageHeaders(opts: { nonce?: string; formTargets?: string[] } = {}): Record<string, string> {
  const formAction = ["'self'", ...new Set(opts.formTargets ?? [])].join(" ");
  return {
    "Content-Security-Policy": [
      "default-src 'none'",
      `script-src 'self'${opts.nonce ? ` 'nonce-${opts.nonce}'` : ""}`,
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "base-uri 'none'",
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
    ].join("; "),
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
  };
}

type PageStatus = 200 | 404 | 429;

/**
 * Answer a page with pageHeaders: either a card (`title`, `body`, maybe a `script`, which gets
 * a fresh nonce) or a whole static `document` (notFoundPage, tooManyPage).
 */
export function htmlPage(
  c: Context,
  args:
    | { title: string; body: string; lang?: string; script?: string; status?: PageStatus; formTargets?: string[] }
    | { document: string; status?: PageStatus },
): Response {
  const nonce = "script" in args && args.script ? randomBytes(16).toString("base64") : undefined;
  for (const [name, value] of Object.entries(
    pageHeaders({ nonce, formTargets: "formTargets" in args ? args.formTargets : [] }),
  ))
    c.header(name, value);
  const html =
    "document" in args ? args.document : page(args.title, args.body, { lang: args.lang, script: args.script, nonce });
  return c.html(html, args.status ?? 200);
}

/** Escaped text in a sandbox note. */
export const sandboxNote = (text: string) =>
  `<p class="${sandboxNoteClass} ${gatewayPage.note}" role="note">${text}</p>`;

/**
 * A labelled card input with its error line under it (`attrs` is trusted markup). It has no
 * `name` and starts disabled: the page's script enables it and reads it by id, and a native
 * submit (no script yet, or none) must carry no card data into a URL, a history entry or an
 * access log.
 */
export const cardInputField = (id: string, label: string, attrs: string) =>
  `<div class="${field.wrapper} ${gatewayPage.field}"><label class="${field.label}" for="${id}">${label}</label><input class="${field.input}" id="${id}" disabled ${attrs}></div>`;

export const buttonClasses = (variant: ButtonVariant) => buttonClass({ variant, block: true });
export const errorClass = `${field.error} ${gatewayPage.error}`;
export const rowClass = gatewayPage.row;
