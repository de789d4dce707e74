import { getTranslations } from "next-intl/server";

export default async function Home() {
  const t = await getTranslations("Home");
  return (
    <main>
      <h1>{t("heading")}</h1>
      <p>{t.rich("explain", { code: (chunks) => <code>{chunks}</code> })}</p>
      <p>{t.rich("reference", { docs: (chunks) => <a href="/docs">{chunks}</a> })}</p>
    </main>
  );
}
