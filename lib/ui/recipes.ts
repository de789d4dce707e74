/**
 * The class lists of the UI primitives, in one place for the two kinds of markup that need
 * them: the React primitives in components/ui/ and the static documents of lib/ui/document.ts
 * (the proxy's 404, the gateway's 3-D Secure and card pages). Pure strings: no React, so the
 * gateway can use them too. Both sheets scan this file (`@source` in app/checkout.css and
 * app/merchant/console.css), so every class here exists in each; class lists only the console
 * uses are in components/merchant/recipes.ts, which the payer's sheet does not scan.
 */

/**
 * Tabular figures, as an arbitrary property: Tailwind's own utility for it composes five
 * registered variables (@property and a fallback block), ~0.3 kB gzip for one declaration.
 */
export const tabular = "[font-variant-numeric:tabular-nums]";

/** An amount to pay, on its own line: the VA, the QR and the receipt show it the same. */
export const amountClass = `text-xl font-bold ${tabular}`;

const join = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(" ");

export type ButtonVariant = "primary" | "secondary" | "danger" | "onBrand";
export type ButtonSize = "md" | "sm";

const BUTTON_BASE =
  "inline-flex items-center justify-center gap-1.5 rounded-md border font-semibold no-underline cursor-pointer " +
  "disabled:cursor-not-allowed disabled:border-disabled-line disabled:bg-disabled disabled:text-muted";
const BUTTON_VARIANT: Record<ButtonVariant, string> = {
  primary: "border-transparent bg-brand text-on-brand hover:bg-brand-strong",
  secondary: "border-brand bg-surface text-brand",
  /** irreversible: Expire now, rotate a key */
  danger: "border-transparent bg-bad text-on-brand",
  /** on the brand-coloured top bar: Sign out */
  onBrand: "border-on-brand-line bg-transparent text-on-brand",
};
const BUTTON_SIZE: Record<ButtonSize, string> = {
  md: "min-h-11 px-4 py-2",
  sm: "min-h-9 px-3 py-1 text-sm",
};

/** A button or a link that looks like one; `block` spans the width, under a form. */
export function buttonClass({
  variant = "primary",
  size = "md",
  block = false,
}: { variant?: ButtonVariant; size?: ButtonSize; block?: boolean } = {}): string {
  return join(BUTTON_BASE, BUTTON_VARIANT[variant], BUTTON_SIZE[size], block && "mt-2 w-full");
}

/** Field: label above, input, and the inline error under it (kept in the layout when empty). */
export const field = {
  wrapper: "grid gap-1",
  label: "font-semibold",
  input:
    "min-h-11 w-full min-w-0 rounded-md border border-muted bg-surface px-3 py-2.5 text-ink " +
    "aria-invalid:border-bad focus-visible:outline-offset-1",
  error: "m-0 min-h-[1.25em] text-sm text-bad",
};

/** A surface: white, hairline border, large radius. */
export const cardClass = "rounded-xl border border-line bg-surface p-4";
/** The sandbox's own panels: the same surface with a dashed warn border ("not the real thing"). */
export const sandboxCardClass = "rounded-xl border border-dashed border-warn bg-surface p-4";

/** A list of label / value rows (<dl>): receipts, the QR's text alternative. */
export const facts = {
  list: "m-0 grid gap-2",
  row: "flex flex-wrap justify-between gap-4",
  label: "text-sm text-muted",
  value: "m-0",
};

export type BadgeTone = "ok" | "warn" | "bad" | "neutral" | "brand";
const BADGE_TONE: Record<BadgeTone, string> = {
  ok: "bg-ok-soft text-ok",
  warn: "bg-warn-soft text-warn",
  bad: "bg-bad-soft text-bad",
  neutral: "bg-subtle text-muted",
  brand: "bg-brand text-on-brand",
};

/** A small pill: a status, a "Discount" or "Sample" tag. */
export function badgeClass(tone: BadgeTone = "neutral"): string {
  return join("inline-block rounded-full px-1.5 align-middle text-xs", BADGE_TONE[tone]);
}

/** Tables of figures: tabular numbers, hairline under the head, numbers at the end. */
export const table = {
  table: `w-full border-collapse ${tabular}`,
  head: "border-b border-line px-0 py-1.5 align-top text-[0.8125rem] font-normal text-muted",
  cell: "px-0 py-1.5 align-top font-normal",
  /** every cell is one of these two: text starts at the start, numbers end at the end */
  text: "text-left",
  numeric: "whitespace-nowrap pl-3 text-right",
};

/** A note that something is only a sandbox (test cards, no real money). */
export const sandboxNoteClass = "m-0 rounded-md bg-warn-soft px-3 py-2 text-sm text-warn";

/** The first link of a page, shown only when focused: skip the chrome to the main content. */
export const skipLinkClass = "absolute top-0 left-[-999px] z-10 bg-surface px-4 py-2 focus:top-2 focus:left-2";

/** The input of a form control: text, select and textarea alike (Field's, for controls Field does not render). */
export const inputClass = field.input;

/** Text only screen readers get. */
export const srOnly = "sr-only";

/** The page chrome every page shares: brand bar, language switch, main column, footer. */
export const chrome = {
  topbar: "flex min-h-12 flex-wrap items-center justify-between gap-2 bg-brand px-4 py-2 text-on-brand",
  brand: "font-bold",
  langList: "m-0 flex list-none gap-1 p-0",
  langLink:
    "inline-flex min-h-9 min-w-11 items-center justify-center rounded-sm border border-on-brand-line px-2 font-semibold text-on-brand no-underline " +
    "focus-visible:outline-on-brand aria-[current=true]:bg-on-brand aria-[current=true]:text-brand",
  /** one column of cards: the 404, sign-in, the gateway's pages */
  narrowMain: "mx-auto w-full max-w-[37.5rem] flex-1 px-3 py-6",
  footer: "p-4 text-center text-sm text-muted *:m-0",
};

/** The gateway's own pages (3-D Secure, hosted card page): one narrow card, like a bank's. */
export const gatewayPage = {
  main: "mx-auto my-6 w-full max-w-[26rem] px-3",
  note: "mb-3",
  field: "mt-3",
  row: "grid grid-cols-2 gap-3",
  error: "mt-2",
};
