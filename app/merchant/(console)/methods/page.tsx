import { Badge } from "@/components/ui/badge";
import { cardClass } from "@/lib/ui/recipes";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { MethodToggle } from "@/components/merchant/method-toggle";
import { asLocale } from "@/lib/i18n/locale";
import { requireSession } from "@/lib/console/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("ConsoleMethods"))("title") };
}

/** The merchant's method groups exactly as its payers get them from the Method API. */
export default async function MethodsPage() {
  const { client } = await requireSession("/merchant/methods");
  const { data: groups } = await client.methods();
  const t = await getTranslations("ConsoleMethods");
  const locale = asLocale(await getLocale());
  const text = (b: { english: string; indonesia: string }) => (locale === "id" ? b.indonesia : b.english);
  const labels = {
    on: t("on"),
    off: t("off"),
    reason: t("reason"),
    maintenance: t("maintenance"),
    registration: t("registration"),
    save: t("save"),
    saved: t("saved"),
  };
  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("lead")}</p>
      {groups.map((g) => (
        <section key={g.id} className={`${cardClass} mb-4`} aria-labelledby={`g-${g.id}`}>
          <h2 id={`g-${g.id}`}>
            {text(g.title)} <Badge tone={g.active ? "ok" : "neutral"}>{g.active ? t("on") : t("off")}</Badge>
          </h2>
          {!g.active && text(g.activeText) && <p className="text-sm">{t("payerSees", { text: text(g.activeText) })}</p>}
          <MethodToggle
            groupId={g.id}
            name={text(g.title)}
            formName={t("wholeGroup", { name: text(g.title) })}
            active={g.active || g.method.some((m) => m.active)}
            labels={labels}
          />
          <ul>
            {g.method.map((m) => (
              <li key={m.id}>
                <MethodToggle groupId={g.id} methodId={m.id} name={m.title} active={m.active} labels={labels} />
                {!m.active && text(m.activeText) && (
                  <p className="text-sm text-muted">{t("payerSees", { text: text(m.activeText) })}</p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
