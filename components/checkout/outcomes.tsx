import { useTranslations } from "next-intl";
import { useRequestLocale } from "./request-locale";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { parseQris } from "@/lib/qris";
import type { Locale } from "@/lib/i18n/locale";
import { amountClass } from "@/lib/ui/recipes";
import { Button, ButtonLink } from "@/components/ui/button";
import { Fact, Facts } from "@/components/ui/facts";
import { methodName } from "@/components/method-name";
import { bankName } from "./banks";
import { formatDeadline, groupedVaNumber, minorOf, rupiah } from "@/lib/i18n/format";
import { contentOf, refundOf } from "@/lib/checkout/view-model";

/** An outcome's heading: larger than a panel heading, in the outcome's colour. */
const HEADING = "mb-3 text-xl";

const pick = (b: { english: string; indonesia: string }, locale: Locale) =>
  (locale === "id" ? b.indonesia : b.english) || b.english;

/** The payer-facing reference of the current payment: the VA number or the QR's reference label. */
export function paymentReference(link: Pick<PaymentLinkData, "payment" | "partnerReferenceNo">): string {
  const c = contentOf(link);
  if (!c) return link.partnerReferenceNo;
  // A wallet's content is its redirect URL or a masked number: the attempt's reference names it.
  if (link.payment.type === "ew") return link.payment.referenceNo ?? link.partnerReferenceNo;
  if (link.payment.type === "va") return groupedVaNumber(c.value);
  if (link.payment.type === "qr") {
    try {
      return parseQris(c.value).referenceLabel ?? link.partnerReferenceNo;
    } catch {
      return link.partnerReferenceNo;
    }
  }
  return c.value || link.partnerReferenceNo;
}

/**
 * The method by its name, as the console names it (components/method-name.ts, the words
 * components/method-names.ts gives the console), in the request's language.
 */
function useMethodLabel(link: PaymentLinkData): string {
  const va = useTranslations("Va");
  const qr = useTranslations("Qr");
  const card = useTranslations("Card");
  const words = { va: (bank: string) => va("title", { bank }), qr: qr("method"), card: card("method") };
  return methodName(`${link.payment.type}.${link.payment.bank}`, words, bankName(link.payment.bank));
}

export function PaidView({ link, timeZone }: { link: PaymentLinkData; timeZone: string }) {
  const locale = useRequestLocale();
  const t = useTranslations("Paid");
  const method = useMethodLabel(link);
  const merchant = link.additionalInfo.merchantName;
  const paidTime = link.additionalInfo.paidTime;
  const redirectUrl = link.additionalInfo.redirectUrl;
  const refund = refundOf(link);
  return (
    <div data-state="paid">
      <h2 id="payment-heading" tabIndex={-1} className={`${HEADING} text-ok`}>
        {t("heading")}
      </h2>
      <p>{t("thanks", { merchant })}</p>
      <Facts className="my-3">
        <Fact label={t("amount")} className={amountClass}>
          {rupiah(minorOf(link.totalAmount.value), locale)}
        </Fact>
        <Fact label={t("method")}>{method}</Fact>
        <Fact label={t("reference")}>
          <span className="font-mono">{paymentReference(link)}</span>
          <span className="block text-sm text-muted">{link.partnerReferenceNo}</span>
        </Fact>
        {paidTime ? (
          <Fact label={t("paidTime")}>
            <time dateTime={paidTime}>{formatDeadline(new Date(paidTime), locale, timeZone)}</time>
          </Fact>
        ) : null}
      </Facts>
      {refund ? (
        <p className="font-semibold" data-refunded>
          {t("refunded", { amount: rupiah(refund.amount, locale) })}
          {refund.at ? (
            <>
              {" · "}
              <time dateTime={refund.at}>{formatDeadline(new Date(refund.at), locale, timeZone)}</time>
            </>
          ) : null}
        </p>
      ) : null}
      <p className="text-sm text-muted">{t("keepReceipt")}</p>
      {redirectUrl ? (
        <ButtonLink block href={redirectUrl} rel="noreferrer">
          {t("returnToMerchant", { merchant })}
        </ButtonLink>
      ) : null}
    </div>
  );
}

export function RejectedView({ link, retryHref }: { link: PaymentLinkData; retryHref: string | null }) {
  const locale = useRequestLocale();
  const t = useTranslations("Rejected");
  return (
    <div data-state="rejected">
      <h2 id="payment-heading" tabIndex={-1} className={`${HEADING} text-bad`}>
        {t("heading")}
      </h2>
      <p className="text-bad">{t("reason", { reason: pick(link.paymentFlagReason, locale) })}</p>
      <p>{t("explain")}</p>
      {retryHref ? (
        <ButtonLink block href={retryHref}>
          {t("tryAnother")}
        </ButtonLink>
      ) : (
        <Button block disabled>
          {t("tryAnother")}
        </Button>
      )}
    </div>
  );
}

export function ExpiredView({ link }: { link: PaymentLinkData }) {
  const t = useTranslations("Expired");
  const method = useMethodLabel(link);
  const merchant = link.additionalInfo.merchantName;
  const reference = link.partnerReferenceNo;
  return (
    <div data-state="expired">
      <h2 id="payment-heading" tabIndex={-1} className={`${HEADING} text-warn`}>
        {t("heading")}
      </h2>
      <p>{t("explain")}</p>
      <p>{t("whatNow", { merchant })}</p>
      <h3>{t("alreadyPaidHeading")}</h3>
      <p>{t("alreadyPaid", { merchant, reference })}</p>
      <Facts className="my-3">
        <Fact label={t("reference")} className="font-mono">
          {reference}
        </Fact>
        {contentOf(link) ? (
          <Fact label={method} className="font-mono">
            {paymentReference(link)}
          </Fact>
        ) : null}
      </Facts>
    </div>
  );
}
