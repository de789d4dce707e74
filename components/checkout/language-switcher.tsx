import { useTranslations } from "next-intl";
import { useRequestLocale } from "./request-locale";
import type { Locale } from "@/lib/i18n/locale";
import { chrome } from "@/lib/ui/recipes";

/**
 * Plain links, so it works before (and without) JavaScript: `?lang=` wins over everything
 * (docs/contract.md §4.2) and the proxy stores the choice in the language cookie.
 */
export function LanguageSwitcher({ query }: { query: Record<string, string> }) {
  const locale = useRequestLocale();
  const t = useTranslations("Layout");
  const href = (lang: Locale) => `?${new URLSearchParams({ ...query, lang }).toString()}`;
  const options: [Locale, string, string][] = [
    ["en", "EN", t("languageEnglish")],
    ["id", "ID", t("languageIndonesian")],
  ];
  return (
    <nav aria-label={t("language")}>
      <ul className={chrome.langList}>
        {options.map(([lang, short, long]) => (
          <li key={lang}>
            <a
              className={chrome.langLink}
              href={href(lang)}
              lang={lang}
              hrefLang={lang}
              aria-current={lang === locale ? "true" : undefined}
              title={long}
            >
              <span aria-hidden="true">{short}</span>
              <span className="sr-only">{long}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
