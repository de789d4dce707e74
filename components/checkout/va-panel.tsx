import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locale";
import { CopyButton } from "@/components/ui/copy-button";
import { bankLogo, bankName, stepsBank } from "./banks";
import { bareVaNumber, groupedVaNumber, plainAmount, rupiah } from "@/lib/i18n/format";

export interface VaPanelProps {
  bank: string;
  vaNumber: string;
  totalMinor: number;
  locale: Locale;
  sample?: string;
}

/** The VA to pay into: logo, number grouped for reading, copy buttons, steps per channel. */
export async function VaPanel({ bank, vaNumber, totalMinor, locale, sample }: VaPanelProps) {
  const t = await getTranslations({ locale, namespace: "Va" });
  const tp = await getTranslations({ locale, namespace: "Payment" });
  const steps = await getTranslations({ locale, namespace: "BankSteps" });
  const name = bankName(bank);
  const logo = bankLogo(bank);
  const bare = bareVaNumber(vaNumber);
  const amount = rupiah(totalMinor, locale);
  const which = stepsBank(bank);
  const fill = (s: string) => s.replaceAll("{va}", bare).replaceAll("{amount}", amount);
  const channels = [
    ["atm", t("atm")],
    ["mobile", t("mobile")],
    ["internet", t("internet")],
  ] as const;
  return (
    <div className="va">
      <div className="va-bank">
        {logo ? <img src={logo} alt="" width={64} height={32} className="logo" /> : null}
        <h3>{t("title", { bank: name })}</h3>
      </div>
      <dl className="pay-facts">
        <div>
          <dt id="va-number-label">{t("number")}</dt>
          <dd>
            <span className="va-number" aria-labelledby="va-number-label" data-testid="va-number">
              {groupedVaNumber(vaNumber)}
            </span>
            {sample ? <span className="tag">{sample}</span> : null}
            <CopyButton value={bare} text={tp("copy")} label={tp("copyNumber")} copied={tp("copiedNumber")} failed={tp("copyFailed")} />
          </dd>
        </div>
        <div>
          <dt>{tp("amount")}</dt>
          <dd>
            <span className="pay-amount" data-testid="va-amount">
              {amount}
            </span>
            <CopyButton value={plainAmount(totalMinor)} text={tp("copy")} label={tp("copyAmount")} copied={tp("copiedAmount")} failed={tp("copyFailed")} />
          </dd>
        </div>
      </dl>
      <p className="muted small">{t("exactAmount")}</p>
      <h4>{t("howTo")}</h4>
      <div className="steps">
        {channels.map(([channel, label]) => (
          <details key={channel} name="va-steps">
            <summary>{label}</summary>
            <ol>
              {(steps.raw(`${which}.${channel}`) as string[]).map((s, i) => (
                <li key={i}>{fill(s)}</li>
              ))}
            </ol>
          </details>
        ))}
      </div>
    </div>
  );
}
