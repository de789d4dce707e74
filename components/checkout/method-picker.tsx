import { getTranslations } from "next-intl/server";
import type { MethodGroup } from "@/lib/contract/payment-link";
import type { Locale } from "@/lib/i18n/locale";
import { GroupIcon } from "@/components/ui/icons";
import { localLogo } from "./banks";
import { ChooseMethodForm } from "./choose-method-form";

const pick = (b: { english: string; indonesia: string }, locale: Locale) => (locale === "id" ? b.indonesia : b.english) || b.english;

export interface MethodPickerProps {
  groups: MethodGroup[];
  locale: Locale;
  linkId: string;
  lang: string | null;
  /** preview renders the same markup with every control disabled and no action */
  preview: boolean;
  currentBank?: string;
}

/**
 * Method groups from the Method API, in the payer's language. Inactive groups and methods stay
 * on screen, disabled, with the gateway's reason; a group without methods shows only its reason.
 */
export async function MethodPicker({ groups, locale, linkId, lang, preview, currentBank }: MethodPickerProps) {
  const t = await getTranslations({ locale, namespace: "Methods" });
  return (
    <ul className="groups">
      {groups.map((g) => {
        const activeMethods = g.method.filter((m) => m.active);
        const usable = g.active && activeMethods.length > 0 && !preview;
        const reasonId = `group-reason-${g.id}`;
        const reason = !g.active ? pick(g.activeText, locale) : "";
        const single = g.method.length === 1 ? g.method[0] : undefined;
        const inner = (
          <>
            <div className="group-head">
              <span className="group-icon">
                <GroupIcon name={g.icon} />
              </span>
              <span>
                <h3 id={`group-${g.id}`}>{pick(g.title, locale)}</h3>
                <span className="muted">{pick(g.subtitle, locale)}</span>
              </span>
            </div>
            {reason ? (
              <p id={reasonId} className="reason">
                {reason}
              </p>
            ) : null}
            {single && single.active && g.active ? <input type="hidden" name="methodId" value={single.id} /> : null}
            {g.method.length > 1 || (single && (!single.active || !g.active)) ? (
              <fieldset className="methods" disabled={!g.active || preview}>
                <legend className="visually-hidden">{t("chooseBank")}</legend>
                {g.method.map((m, i) => {
                  const why = m.active ? "" : pick(m.activeText, locale);
                  const id = `method-${g.id}-${m.id}`;
                  return (
                    <label key={m.id} className={m.active ? "method" : "method method-off"} htmlFor={id}>
                      <input
                        type="radio"
                        id={id}
                        name="methodId"
                        value={m.id}
                        disabled={!m.active}
                        required={i === g.method.findIndex((x) => x.active)}
                        defaultChecked={m.active && (currentBank === m.id || (activeMethods.length === 1 && activeMethods[0]?.id === m.id))}
                        aria-describedby={why ? `${id}-why` : undefined}
                      />
                      {/* decorative: the bank's name is the text beside it */}
                      <img src={localLogo(m.logo)} alt="" width={48} height={24} className="logo" />
                      <span className="method-text">
                        <span className="method-title">{m.title}</span>
                        {why ? (
                          <span id={`${id}-why`} className="reason">
                            {t("unavailable")}: {why}
                          </span>
                        ) : (
                          <span className="muted small">{m.subtitle}</span>
                        )}
                      </span>
                    </label>
                  );
                })}
              </fieldset>
            ) : null}
          </>
        );
        const button = pick(g.buttonText, locale);
        return (
          <li key={g.id} className={g.active ? "group" : "group group-off"} aria-labelledby={`group-${g.id}`}>
            {g.method.length === 0 && !g.active ? (
              inner
            ) : usable ? (
              <ChooseMethodForm linkId={linkId} groupId={g.id} lang={lang} buttonText={button} workingText={t("working")} disabled={false}>
                {inner}
              </ChooseMethodForm>
            ) : (
              <div className="method-form">
                {inner}
                <button type="button" className="btn btn-primary btn-block" disabled aria-describedby={reason ? reasonId : undefined}>
                  {button}
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
