import { getTranslations } from "next-intl/server";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { parseQris } from "@/lib/qris";
import type { Locale } from "@/lib/i18n/locale";
import { bankName } from "./banks";
import { formatDeadline, groupedVaNumber, minorOf, rupiah } from "@/lib/i18n/format";
import { contentOf } from "@/lib/checkout/view-model";

const pick = (b: { english: string; indonesia: string }, locale: Locale) => (locale === "id" ? b.indonesia : b.english) || b.english;

/** The payer-facing reference of the current payment: the VA number or the QR's reference label. */
export function paymentReference(link: Pick<PaymentLinkData, "payment" | "partnerReferenceNo">): string {
  const c = contentOf(link);
  if (!c) return link.partnerReferenceNo;
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

async function methodLabel(link: PaymentLinkData, locale: Locale): Promise<string> {
  if (link.payment.type === "va") return (await getTranslations({ locale, namespace: "Va" }))("title", { bank: bankName(link.payment.bank) });
  if (link.payment.type === "cc") return (await getTranslations({ locale, namespace: "Card" }))("method");
  if (link.payment.type === "qr") return "QRIS";
  return bankName(link.payment.bank);
}

export async function PaidView({ link, locale, timeZone }: { link: PaymentLinkData; locale: Locale; timeZone: string }) {
  const t = await getTranslations({ locale, namespace: "Paid" });
  const merchant = link.additionalInfo.merchantName;
  const paidTime = link.additionalInfo.paidTime;
  const redirectUrl = link.additionalInfo.redirectUrl;
  return (
    <div className="outcome outcome-paid" data-state="paid">
      <h2 id="payment-heading" tabIndex={-1}>
        {t("heading")}
      </h2>
      <p>{t("thanks", { merchant })}</p>
      <dl className="facts">
        <div>
          <dt>{t("amount")}</dt>
          <dd className="pay-amount">{rupiah(minorOf(link.totalAmount.value), locale)}</dd>
        </div>
        <div>
          <dt>{t("method")}</dt>
          <dd>{await methodLabel(link, locale)}</dd>
        </div>
        <div>
          <dt>{t("reference")}</dt>
          <dd>
            <span className="mono">{paymentReference(link)}</span>
            <span className="muted small block">{link.partnerReferenceNo}</span>
          </dd>
        </div>
        {paidTime ? (
          <div>
            <dt>{t("paidTime")}</dt>
            <dd>
              <time dateTime={paidTime}>{formatDeadline(new Date(paidTime), locale, timeZone)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="muted small">{t("keepReceipt")}</p>
      {redirectUrl ? (
        <a className="btn btn-primary btn-block" href={redirectUrl} rel="noreferrer">
          {t("returnToMerchant", { merchant })}
        </a>
      ) : null}
    </div>
  );
}

export async function RejectedView({ link, locale, retryHref }: { link: PaymentLinkData; locale: Locale; retryHref: string | null }) {
  const t = await getTranslations({ locale, namespace: "Rejected" });
  return (
    <div className="outcome outcome-rejected" data-state="rejected">
      <h2 id="payment-heading" tabIndex={-1}>
        {t("heading")}
      </h2>
      <p className="reason-strong">{t("reason", { reason: pick(link.paymentFlagReason, locale) })}</p>
      <p>{t("explain")}</p>
      {retryHref ? (
        <a className="btn btn-primary btn-block" href={retryHref}>
          {t("tryAnother")}
        </a>
      ) : (
        <button type="button" className="btn btn-primary btn-block" disabled>
          {t("tryAnother")}
        </button>
      )}
    </div>
  );
}

export async function ExpiredView({ link, locale }: { link: PaymentLinkData; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Expired" });
  const merchant = link.additionalInfo.merchantName;
  const reference = link.partnerReferenceNo;
  return (
    <div className="outcome outcome-expired" data-state="expired">
      <h2 id="payment-heading" tabIndex={-1}>
        {t("heading")}
      </h2>
      <p>{t("explain")}</p>
      <p>{t("whatNow", { merchant })}</p>
      <h3>{t("alreadyPaidHeading")}</h3>
      <p>{t("alreadyPaid", { merchant, reference })}</p>
      <dl className="facts">
        <div>
          <dt>{t("reference")}</dt>
          <dd className="mono">{reference}</dd>
        </div>
        {contentOf(link) ? (
          <div>
            <dt>{bankName(link.payment.bank)}</dt>
            <dd className="mono">{paymentReference(link)}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
