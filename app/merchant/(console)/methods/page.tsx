import { cardClass } from "@/lib/ui/recipes";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { MethodSwitch } from "@/components/merchant/method-switch";
import { methodNamer } from "@/components/method-names";
import { asLocale } from "@/lib/i18n/locale";
import { requireSession } from "@/lib/console/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("ConsoleMethods"))("title") };
}

/**
 * The merchant's method groups exactly as its payers get them from the Method API: one switch
 * per group and per method, each with what payers see now. A method of a group that is off is
 * unavailable to payers whatever its own switch says, with the group's reason.
 */
export default async function MethodsPage() {
  const { client } = await requireSession("/merchant/methods");
  const { data: groups } = await client.methods();
  const t = await getTranslations("ConsoleMethods");
  const methodName = await methodNamer();
  const locale = asLocale(await getLocale());
  const text = (b: { english: string; indonesia: string }) => (locale === "id" ? b.indonesia : b.english);
  const sees = (available: boolean, reason: string) =>
    t("payerSees", { text: available ? t("available") : reason || t("unavailable") });
  const labels = (name: string, active: boolean) => ({
    state: t("switchState", { name, state: active ? t("on") : t("off") }),
    reasonFor: t("reasonFor", { name }),
    maintenance: t("maintenance"),
    registration: t("registration"),
    turnOff: t("turnOff", { name }),
    cancel: t("cancel"),
  });
  return (
    <>
      <h1>{t("title")}</h1>
      <p>{t("lead")}</p>
      {groups.map((g) => {
        const group = t("wholeGroup", { name: text(g.title) });
        return (
          <section key={g.id} className={`${cardClass} mb-4`} aria-labelledby={`g-${g.id}`}>
            <h2 id={`g-${g.id}`}>{text(g.title)}</h2>
            <MethodSwitch
              groupId={g.id}
              active={g.active}
              payerSees={sees(g.active, text(g.activeText))}
              labels={labels(group, g.active)}
            />
            {g.method.length > 0 && (
              <ul className="m-0 list-none border-t border-line p-0 pl-4">
                {g.method.map((m) => {
                  const name = methodName(`${g.id}.${m.id}`, m.title);
                  return (
                    <li key={m.id}>
                      <MethodSwitch
                        groupId={g.id}
                        methodId={m.id}
                        active={m.active}
                        payerSees={g.active ? sees(m.active, text(m.activeText)) : sees(false, text(g.activeText))}
                        labels={labels(name, m.active)}
                      />
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </>
  );
}
