/** Set by proxy.ts on checkout requests (and stripped from anything a client sends). */
export const LANG_HEADER = "x-nusapay-lang";
export const LINK_HEADER = "x-nusapay-link";
