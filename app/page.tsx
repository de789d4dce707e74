import "./checkout.css";
import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { chrome } from "@/lib/ui/recipes";
import { sandboxMode } from "@/lib/config";

/** The front door: where a newcomer finds the console and its demo logins. */
export default async function Home() {
  const t = await getTranslations("Home");
  // Production has no demo logins or links, and is not a sandbox: it says neither.
  const sandbox = sandboxMode();
  return (
    <main className={chrome.narrowMain}>
      <Card aria-labelledby="home-title">
        <h1 id="home-title">{t(sandbox ? "title" : "productionTitle")}</h1>
        <p>{t(sandbox ? "lead" : "productionLead")}</p>
        <p>
          <ButtonLink href="/merchant">{t("console")}</ButtonLink>
        </p>
        {sandbox && <p>{t("logins", { command: "npm run credentials" })}</p>}
        {sandbox && <p className="text-muted">{t("demoLinks")}</p>}
        <p className="mb-0">
          <a href="/docs">{t("api")}</a>
        </p>
      </Card>
    </main>
  );
}
