import { getTranslations } from "next-intl/server";
import { requestLocale } from "./request-locale";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { parseQris } from "@/lib/qris";
import type { Locale } from "@/lib/i18n/locale";
import { amountClass } from "@/lib/ui/recipes";
import { Button, ButtonLink } from "@/components/ui/button";
import { Fact, Facts } from "@/components/ui/facts";
import { methodNamer } from "@/components/method-names";
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

/** The method by its name, as the console names it (components/method-name.ts). */
async function methodLabel(link: PaymentLinkData): Promise<string> {
  return (await methodNamer())(`${link.payment.type}.${link.payment.bank}`, bankName(link.payment.bank));
}

export async function PaidView({ link, timeZone }: { link: PaymentLinkData; timeZone: string }) {
  const [locale, t] = await Promise.all([requestLocale(), getTranslations("Paid")]);
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
        <Fact label={t("method")}>{await methodLabel(link)}</Fact>
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

export async function RejectedView({ link, retryHref }: { link: PaymentLinkData; retryHref: string | null }) {
  const [locale, t] = await Promise.all([requestLocale(), getTranslations("Rejected")]);
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

export async function ExpiredView({ link }: { link: PaymentLinkData }) {
  const t = await getTranslations("Expired");
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
          <Fact label={await methodLabel(link)} className="font-mono">
            {paymentReference(link)}
          </Fact>
        ) : null}
      </Facts>
    </div>
  );
}
