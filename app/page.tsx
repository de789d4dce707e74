import { getTranslations } from "next-intl/server";
import "./merchant/console.css";

/** The front door: where a newcomer finds the console and its demo logins. */
export default async function Home() {
  const t = await getTranslations("Home");
  return (
    <main className="home">
      <div className="panel">
        <h1>{t("title")}</h1>
        <p>{t("lead")}</p>
        <p>
          <a className="btn" href="/merchant">
            {t("console")}
          </a>
        </p>
        <p>{t("logins", { command: "npm run credentials" })}</p>
        <p className="muted">{t("demoLinks")}</p>
        <p>
          <a href="/openapi.json">{t("api")}</a>
        </p>
      </div>
    </main>
  );
}
