export const LOCALES = ["en", "id"] as const;
export type Locale = (typeof LOCALES)[number];

/** The payer's language choice (set by the checkout's switcher), read by the checkout and the gateway's pages. */
export const LANG_COOKIE = "nusapay_lang";

export function isLocale(v: unknown): v is Locale {
  return v === "en" || v === "id";
}

/** BCP 47 tags used for Intl formatting: Indonesian, and English as written in Indonesia. */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-ID", id: "id-ID" };

/** The first of en/id the browser asks for, by q-value; null when it asks for neither. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split("-")[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const r of ranked) {
    if (r.lang === "id" || r.lang === "in") return "id";
    if (r.lang === "en") return "en";
  }
  return null;
}

/**
 * docs/contract.md §4.2 order: `?lang=` first, then the link's own `language`, then the payer's cookie
 * (set by the switcher), then Accept-Language; English when nothing decides.
 */
export function pickLocale(input: {
  explicit?: string | null;
  linkLanguage?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  if (isLocale(input.explicit)) return input.explicit;
  if (isLocale(input.linkLanguage)) return input.linkLanguage;
  if (isLocale(input.cookie)) return input.cookie;
  return fromAcceptLanguage(input.acceptLanguage) ?? "en";
}

export function asLocale(v: string): Locale {
  return isLocale(v) ? v : "en";
}
