/**
 * The gateway's own server-rendered pages (3-D Secure, hosted card page) in the design system:
 * the one stylesheet, the primitives' class lists (lib/ui/recipes.ts), no inline style.
 */
import { htmlDocument, escapeHtml } from "@/lib/ui/document";
import { notFoundHtml } from "@/lib/ui/not-found";
import { buttonClass, cardClass, field, gatewayPage, sandboxNoteClass, type ButtonVariant } from "@/lib/ui/recipes";

export { escapeHtml };

export function page(title: string, body: string, opts: { lang?: string; script?: string } = {}): string {
  return htmlDocument({
    lang: opts.lang ?? "en",
    title,
    noindex: true,
    body: `<main class="${gatewayPage.main}"><div class="${cardClass}">${body}</div></main>`,
    script: opts.script,
  });
}

/** The gateway's 404 pages are the product's one 404 (lib/ui/not-found.ts), with their own words. */
export function notFoundPage(lang: "en" | "id", text: { title: string; heading: string; explain: string }): string {
  return notFoundHtml(lang, text);
}

/** Escaped text in a sandbox note. */
export const sandboxNote = (text: string) =>
  `<p class="${sandboxNoteClass} ${gatewayPage.note}" role="note">${text}</p>`;

/** A labelled input with its error line under it (`attrs` is trusted markup). */
export const inputField = (id: string, label: string, attrs: string) =>
  `<div class="${field.wrapper} ${gatewayPage.field}"><label class="${field.label}" for="${id}">${label}</label><input class="${field.input}" id="${id}" name="${id}" ${attrs}></div>`;

export const buttonClasses = (variant: ButtonVariant) => buttonClass({ variant, block: true });
export const errorClass = `${field.error} ${gatewayPage.error}`;
export const rowClass = gatewayPage.row;
