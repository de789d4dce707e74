import { useTranslations } from "next-intl";
import { useRequestLocale } from "./request-locale";
import type { Minor } from "@/lib/contract/money";
import { amountClass } from "@/lib/ui/recipes";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { Island } from "./island";
import { bankLogo, bankName, stepsBank } from "./banks";
import { bareVaNumber, groupedVaNumber, plainAmount, rupiah } from "@/lib/i18n/format";

const VALUE = "m-0 flex flex-wrap items-center gap-x-3 gap-y-1";

export interface VaPanelProps {
  bank: string;
  vaNumber: string;
  totalMinor: Minor;
  sample?: string;
}

/** The VA to pay into: logo, number grouped for reading, copy buttons, steps per channel. */
export function VaPanel({ bank, vaNumber, totalMinor, sample }: VaPanelProps) {
  const locale = useRequestLocale();
  const t = useTranslations("Va");
  const tp = useTranslations("Payment");
  const steps = useTranslations("BankSteps");
  const name = bankName(bank);
  const logo = bankLogo(bank);
  const bare = bareVaNumber(vaNumber);
  const amount = rupiah(totalMinor, locale);
  const which = stepsBank(bank);
  // The steps are arrays in the catalogue (BankSteps.bca.atm[0…]); next-intl's typed keys do
  // not index into arrays, so a step is looked up by its dotted path as a plain key.
  const step = steps as unknown as (key: string, values: { va: string; amount: string }) => string;
  const channels = [
    ["atm", t("atm")],
    ["mobile", t("mobile")],
    ["internet", t("internet")],
  ] as const;
  return (
    <div>
      <div className="mb-3 flex items-center gap-3">
        {logo ? <img src={logo} alt="" width={64} height={32} className="flex-none object-contain" /> : null}
        <h3 className="m-0">{t("title", { bank: name })}</h3>
      </div>
      <dl className="m-0 mb-2 grid gap-3">
        <div>
          <dt id="va-number-label" className="text-sm text-muted">
            {t("number")}
          </dt>
          <dd className={VALUE}>
            <span
              className="font-mono text-2xl font-bold [letter-spacing:0.02em] [line-height:1.3]"
              aria-labelledby="va-number-label"
              data-testid="va-number"
            >
              {groupedVaNumber(vaNumber)}
            </span>
            {sample ? <Badge tone="ok">{sample}</Badge> : null}
            <Island
              name="copy"
              component={CopyButton}
              props={{
                value: bare,
                text: tp("copy"),
                label: tp("copyNumber"),
                copied: tp("copiedNumber"),
                failed: tp("copyFailed"),
              }}
            />
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{tp("amount")}</dt>
          <dd className={VALUE}>
            <span className={amountClass} data-testid="va-amount">
              {amount}
            </span>
            <Island
              name="copy"
              component={CopyButton}
              props={{
                value: plainAmount(totalMinor),
                text: tp("copy"),
                label: tp("copyAmount"),
                copied: tp("copiedAmount"),
                failed: tp("copyFailed"),
              }}
            />
          </dd>
        </div>
      </dl>
      <p className="text-sm text-muted">{t("exactAmount")}</p>
      <h4>{t("howTo")}</h4>
      <div>
        {channels.map(([channel, label]) => (
          <details key={channel} name="va-steps" className="border-t border-line last:border-b">
            <summary className="min-h-11 cursor-pointer py-2.5 font-semibold">{label}</summary>
            <ol className="m-0 mb-3 pl-5">
              {(steps.raw(`${which}.${channel}`) as string[]).map((_, i) => (
                // each step is an ICU message of its own: {va} and {amount} are its arguments
                <li key={i}>{step(`${which}.${channel}.${i}`, { va: bare, amount })}</li>
              ))}
            </ol>
          </details>
        ))}
      </div>
    </div>
  );
}
