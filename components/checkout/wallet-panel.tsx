import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import { isWalletMethod, WALLET_METHODS } from "@/lib/contract/wallet";
import type { PushRecord } from "@/lib/checkout/push-seal";
import { ChooseMethodForm } from "./choose-method-form";
import { WalletPushTimer } from "./wallet-push-timer";
import { Island } from "./island";
import { pushResendShown } from "./push-resend";
import { PhoneField } from "./phone-field";

export interface WalletPanelProps {
  linkId: string;
  /** the wallet's method id: dana, shopeepay, gopay or ovo */
  bank: string;
  /** payment.content: the redirect URL, or the masked phone number for the push flow */
  content: { name: string; value: string };
  referenceNo: string | undefined;
  lang: string | null;
  /** the push request this browser sent, when it did (lib/checkout/wallet-push.ts) */
  push: PushRecord | null;
  nowMs: number;
  preview: boolean;
}

/**
 * The chosen wallet. Redirect wallets: one link to the wallet's authorization page, which
 * returns here. Push (OVO): the request went to the payer's number; they approve it in the app
 * within the request's lifetime, or send it again. Server-rendered: the link works before any
 * script, the countdown is the one island.
 */
/** The "Send again" form's box, which the timer island shows once the request lapsed. */
const RESEND_ID = "push-resend";

export function WalletPanel({ linkId, bank, content, referenceNo, lang, push, nowMs, preview }: WalletPanelProps) {
  const t = useTranslations("Wallet");
  const tm = useTranslations("Methods");
  const wallet = isWalletMethod(bank) ? WALLET_METHODS[bank].name : bank;
  const flow = isWalletMethod(bank) ? WALLET_METHODS[bank].flow : "redirect";
  const heading = (
    <div className="mb-3 flex items-center gap-3">
      <img
        src={`/logos/${isWalletMethod(bank) ? bank : "ew"}.svg`}
        alt=""
        width={64}
        height={32}
        className="flex-none object-contain"
      />
      <h3 className="m-0">{t("title", { wallet })}</h3>
    </div>
  );
  if (flow === "redirect" || content.name === "webRedirectUrl")
    return (
      <div data-wallet-flow="redirect">
        {heading}
        {preview ? null : (
          <ButtonLink block href={content.value} data-testid="wallet-continue">
            {t("continue", { wallet })}
          </ButtonLink>
        )}
        <p className="mt-3 mb-0">{t("comeBack", { wallet })}</p>
      </div>
    );

  const mine = push && push.referenceNo === referenceNo ? push : null;
  const lapsesAt = mine ? mine.lapsesAt : null;
  const resend = preview ? null : (
    <ChooseMethodForm
      linkId={linkId}
      groupId="ew"
      lang={lang}
      buttonText={t("sendAgain")}
      workingText={t("working")}
      disabled={false}
    >
      <input type="hidden" name="methodId" value={bank} />
      <PhoneField id="push-phone" label={tm("phoneLabel")} hint={tm("phoneHint")} defaultValue={push?.phone ?? ""} />
    </ChooseMethodForm>
  );
  return (
    <div data-wallet-flow="push">
      {heading}
      <p>{t("pushSent", { phone: content.value })}</p>
      <Island
        name="push-timer"
        component={WalletPushTimer}
        props={{
          lapsesAt,
          serverNow: nowMs,
          labels: {
            within: t("approveWithin", { wallet, time: "{time}" }),
            now: t("approveNow", { wallet }),
            lapsed: t("lapsed"),
          },
          resendId: RESEND_ID,
        }}
      />
      <div id={RESEND_ID} hidden={!pushResendShown(lapsesAt, lapsesAt === null ? 0 : lapsesAt - nowMs)}>
        {resend}
      </div>
    </div>
  );
}
