import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { cardClass } from "@/lib/ui/recipes";

/**
 * A console page that finds nothing (an unknown link id, or another merchant's: the same
 * answer) stays inside the console's chrome and stylesheet. The site-wide app/not-found.tsx is
 * the payer's page and links the payer's sheet; a document links one sheet, never both.
 */
export default async function ConsoleNotFound() {
  const t = await getTranslations("ConsoleLink");
  return (
    <div className={cardClass}>
      <h1>{t("notFound")}</h1>
      <p>{t("notFoundExplain")}</p>
      <p className="m-0">
        <Link href="/merchant/links" prefetch={false}>
          ← {t("back")}
        </Link>
      </p>
    </div>
  );
}
