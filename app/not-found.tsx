import "./checkout.css";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { asLocale } from "@/lib/i18n/locale";
import { notFoundBody } from "@/lib/ui/not-found";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Meta");
  return { title: t("notFoundTitle"), robots: { index: false, follow: false } };
}

/**
 * One friendly 404 for an unknown link, a wrong or missing secret, or any other path: it
 * names nothing about the link, so the answers cannot be told apart. The markup is the
 * proxy's static 404 (lib/ui/not-found.ts), so there is one 404 renderer, not two; it is our
 * own escaped catalogue text, nothing from the request.
 */
export default async function NotFound() {
  const locale = asLocale(await getLocale());
  return <div className="contents" dangerouslySetInnerHTML={{ __html: notFoundBody(locale) }} />;
}
