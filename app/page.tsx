import "./checkout.css";
import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { chrome } from "@/lib/ui/recipes";

/** The front door: where a newcomer finds the console and its demo logins. */
export default async function Home() {
  const t = await getTranslations("Home");
  return (
    <main className={chrome.narrowMain}>
      <Card aria-labelledby="home-title">
        <h1 id="home-title">{t("title")}</h1>
        <p>{t("lead")}</p>
        <p>
          <ButtonLink href="/merchant">{t("console")}</ButtonLink>
        </p>
        <p>{t("logins", { command: "npm run credentials" })}</p>
        <p className="text-muted">{t("demoLinks")}</p>
        <p className="mb-0">
          <a href="/docs">{t("api")}</a>
        </p>
      </Card>
    </main>
  );
}
