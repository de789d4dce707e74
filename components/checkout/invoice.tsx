import { getTranslations } from "next-intl/server";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { multiplyMinor } from "@/lib/contract/money";
import type { Locale } from "@/lib/i18n/locale";
import { minorOf, rupiah } from "@/lib/i18n/format";

type Info = PaymentLinkData["additionalInfo"];

/** The invoice: items (quantity × price, line total), fees (negative ones as discounts), totals. */
export async function Invoice({ link, locale }: { link: PaymentLinkData; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "Invoice" });
  const info = link.additionalInfo;
  const money = (minor: number) => rupiah(minor, locale);
  return (
    <section className="card invoice" aria-labelledby="invoice-heading">
      <h2 id="invoice-heading">{t("heading")}</h2>
      {info.invoiceSubTitle ? <p className="muted">{info.invoiceSubTitle}</p> : null}
      <table className="items">
        <thead>
          <tr>
            <th scope="col">{t("item")}</th>
            <th scope="col" className="num">
              {t("lineTotal")}
            </th>
          </tr>
        </thead>
        <tbody>
          {info.itemDetails.map((item, i) => {
            const price = minorOf(item.price);
            return (
              <tr key={i}>
                <th scope="row">
                  <span className="item-name">{item.name}</span>
                  <span className="item-qty">{t("quantityTimesPrice", { quantity: item.quantity, price: money(price) })}</span>
                </th>
                <td className="num">{money(multiplyMinor(price, item.quantity))}</td>
              </tr>
            );
          })}
        </tbody>
        <tbody className="totals">
          <tr>
            <th scope="row">{t("subtotal")}</th>
            <td className="num">{money(minorOf(info.subtotal))}</td>
          </tr>
          {info.customFees.map((fee, i) => {
            const value = minorOf(fee.value);
            return (
              <tr key={i} className={value < 0 ? "discount" : undefined}>
                <th scope="row">
                  {fee.text}
                  {value < 0 ? <span className="tag">{t("discount")}</span> : null}
                </th>
                <td className="num">{money(value)}</td>
              </tr>
            );
          })}
          <tr className="grand-total">
            <th scope="row">{t("total")}</th>
            <td className="num">{money(minorOf(link.totalAmount.value))}</td>
          </tr>
        </tbody>
      </table>
      <p className="muted small">
        {t("reference")}: {link.partnerReferenceNo}
      </p>
      <Customer info={info} t={t} />
    </section>
  );
}

function Customer({ info, t }: { info: Info; t: Awaited<ReturnType<typeof getTranslations<"Invoice">>> }) {
  const c = info.customerDetail;
  const name = [c.firstName, c.lastName].filter(Boolean).join(" ");
  const a = c.billingAddress;
  const address = [a.address, [a.city, a.postalCode].filter(Boolean).join(" "), a.province, a.countryCode].filter(Boolean);
  if (!name && !c.email && !c.phoneNumber && address.length === 0) return null;
  const body = (
    <dl className="customer-detail">
      {name ? (
        <div>
          <dt>{t("customer")}</dt>
          <dd>{name}</dd>
        </div>
      ) : null}
      {c.email ? (
        <div>
          <dt>{t("email")}</dt>
          <dd>{c.email}</dd>
        </div>
      ) : null}
      {c.phoneNumber ? (
        <div>
          <dt>{t("phone")}</dt>
          <dd>{c.phoneNumber}</dd>
        </div>
      ) : null}
      {address.length ? (
        <div>
          <dt>{t("billingAddress")}</dt>
          <dd>
            {address.map((line, i) => (
              <span key={i} className="line">
                {line}
              </span>
            ))}
          </dd>
        </div>
      ) : null}
    </dl>
  );
  // Phones get a disclosure (the payment comes first); wide screens show it open.
  return (
    <>
      <details className="customer customer-narrow">
        <summary>{t("showCustomer")}</summary>
        {body}
      </details>
      <div className="customer customer-wide">
        <h3>{t("showCustomer")}</h3>
        {body}
      </div>
    </>
  );
}
