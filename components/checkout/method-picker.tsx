import { useTranslations } from "next-intl";
import { useRequestLocale } from "./request-locale";
import type { MethodGroup } from "@/lib/contract/payment-link";
import type { Locale } from "@/lib/i18n/locale";
import { Button } from "@/components/ui/button";
import { GroupIcon } from "@/components/ui/icons";
import { localLogo } from "./banks";
import { ChooseMethodForm } from "./choose-method-form";
import { PhoneField } from "./phone-field";
import { WALLET_METHODS, isWalletMethod } from "@/lib/contract/wallet";

const pick = (b: { english: string; indonesia: string }, locale: Locale) =>
  (locale === "id" ? b.indonesia : b.english) || b.english;

const GROUP = "rounded-lg border border-line p-3";
const REASON = "my-1 block text-sm text-warn";
/** One bank: the whole row is the label; a checked one gets a brand border, a focused one the focus ring. */
const METHOD =
  "flex min-h-12 cursor-pointer items-center gap-3 rounded-md border border-line px-3 py-2 " +
  "has-checked:border-brand has-checked:[box-shadow:inset_0_0_0_1px_var(--color-brand)] has-focus-visible:[outline:3px_solid_var(--color-focus)] has-focus-visible:outline-offset-2";

export interface MethodPickerProps {
  groups: MethodGroup[];
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
export function MethodPicker({ groups, linkId, lang, preview, currentBank }: MethodPickerProps) {
  const locale = useRequestLocale();
  const t = useTranslations("Methods");
  return (
    <ul className="m-0 grid list-none gap-3 p-0">
      {groups.map((g) => {
        const activeMethods = g.method.filter((m) => m.active);
        const usable = g.active && activeMethods.length > 0 && !preview;
        const reasonId = `group-reason-${g.id}`;
        const reason = !g.active ? pick(g.activeText, locale) : "";
        const single = g.method.length === 1 ? g.method[0] : undefined;
        // A push wallet (OVO) needs the payer's number: its field shows once that wallet is
        // checked, by CSS alone, so the plain form post works before any script.
        const pushMethod = usable
          ? activeMethods.find((m) => isWalletMethod(m.id) && WALLET_METHODS[m.id].flow === "push")
          : undefined;
        const inner = (
          <>
            <div className="mb-2 flex items-start gap-3">
              <span className={g.active ? "pt-0.5 text-brand" : "pt-0.5 text-muted"}>
                <GroupIcon name={g.icon} />
              </span>
              <span>
                <h3 id={`group-${g.id}`} className="m-0">
                  {pick(g.title, locale)}
                </h3>
                <span className="text-muted">{pick(g.subtitle, locale)}</span>
              </span>
            </div>
            {reason ? (
              <p id={reasonId} className={REASON}>
                {reason}
              </p>
            ) : null}
            {single && single.active && g.active ? <input type="hidden" name="methodId" value={single.id} /> : null}
            {g.method.length > 1 || (single && (!single.active || !g.active)) ? (
              <fieldset className="m-0 mb-3 grid gap-1.5 border-0 p-0" disabled={!g.active || preview}>
                <legend className="sr-only">{t("chooseBank")}</legend>
                {g.method.map((m, i) => {
                  const why = m.active ? "" : pick(m.activeText, locale);
                  const id = `method-${g.id}-${m.id}`;
                  return (
                    <label
                      key={m.id}
                      className={m.active ? METHOD : `${METHOD} cursor-not-allowed bg-subtle`}
                      htmlFor={id}
                    >
                      <input
                        type="radio"
                        id={id}
                        name="methodId"
                        value={m.id}
                        disabled={!m.active}
                        required={i === g.method.findIndex((x) => x.active)}
                        defaultChecked={
                          m.active &&
                          (currentBank === m.id || (activeMethods.length === 1 && activeMethods[0]?.id === m.id))
                        }
                        aria-describedby={why ? `${id}-why` : undefined}
                        data-push={pushMethod?.id === m.id || undefined}
                        className="m-0 size-[1.125rem] accent-brand"
                      />
                      {/* decorative: the bank's name is the text beside it */}
                      <img
                        src={localLogo(m.logo)}
                        alt=""
                        width={48}
                        height={24}
                        className={m.active ? "flex-none object-contain" : "flex-none object-contain opacity-50"}
                      />
                      <span className="flex flex-col">
                        <span className="font-semibold">{m.title}</span>
                        {why ? (
                          <span id={`${id}-why`} className={REASON}>
                            {t("unavailable", { reason: why })}
                          </span>
                        ) : (
                          <span className="text-sm text-muted">{m.subtitle}</span>
                        )}
                      </span>
                    </label>
                  );
                })}
              </fieldset>
            ) : null}
            {pushMethod ? (
              <div className="hidden group-has-[[data-push]:checked]/methods:block">
                <PhoneField id={`phone-${g.id}`} label={t("phoneLabel")} hint={t("phoneHint")} />
              </div>
            ) : null}
          </>
        );
        const button = pick(g.buttonText, locale);
        return (
          <li
            key={g.id}
            className={g.active ? `${GROUP} group/methods` : `${GROUP} bg-subtle`}
            aria-labelledby={`group-${g.id}`}
          >
            {g.method.length === 0 && !g.active ? (
              inner
            ) : usable ? (
              <ChooseMethodForm
                linkId={linkId}
                groupId={g.id}
                lang={lang}
                buttonText={button}
                workingText={t("working")}
                disabled={false}
              >
                {inner}
              </ChooseMethodForm>
            ) : (
              <div>
                {inner}
                <Button block disabled aria-describedby={reason ? reasonId : undefined}>
                  {button}
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
