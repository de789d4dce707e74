import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Meta");
  return { title: t("notFoundTitle"), robots: { index: false, follow: false } };
}

/**
 * One friendly 404 for an unknown link, a wrong or missing secret, or any other path: it
 * names nothing about the link, so the answers cannot be told apart.
 */
export default async function NotFound() {
  const t = await getTranslations("NotFound");
  const tl = await getTranslations("Layout");
  return (
    <>
      <header className="topbar">
        <span className="brand">Nusapay</span>
        <nav className="lang" aria-label={tl("language")}>
          <ul>
            <li>
              <a href="?lang=en" lang="en" hrefLang="en">
                <span aria-hidden="true">EN</span>
                <span className="visually-hidden">{tl("languageEnglish")}</span>
              </a>
            </li>
            <li>
              <a href="?lang=id" lang="id" hrefLang="id">
                <span aria-hidden="true">ID</span>
                <span className="visually-hidden">{tl("languageIndonesian")}</span>
              </a>
            </li>
          </ul>
        </nav>
      </header>
      <main className="checkout single">
        <section className="card not-found" aria-labelledby="nf-title">
          <h1 id="nf-title">{t("heading")}</h1>
          <p>{t("explain")}</p>
        </section>
      </main>
      <footer className="footer">
        <p>{tl("securedBy")}</p>
      </footer>
    </>
  );
}
