import { useTranslations } from "next-intl";
import { useRequestLocale } from "./request-locale";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { multiplyMinor, type Minor } from "@/lib/contract/money";
import { minorOf, rupiah } from "@/lib/i18n/format";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";

type Info = PaymentLinkData["additionalInfo"];

/** The invoice: items (quantity × price, line total), fees (negative ones as discounts), totals. */
export function Invoice({ link }: { link: PaymentLinkData }) {
  const locale = useRequestLocale();
  const t = useTranslations("Invoice");
  const info = link.additionalInfo;
  const money = (minor: Minor) => rupiah(minor, locale);
  return (
    <Card className="lg:col-start-1 lg:row-start-2 lg:self-start" aria-labelledby="invoice-heading">
      <h2 id="invoice-heading">{t("heading")}</h2>
      {info.invoiceSubTitle ? <p className="text-muted">{info.invoiceSubTitle}</p> : null}
      <Table>
        <thead>
          <tr>
            <Th>{t("item")}</Th>
            <Th numeric>{t("lineTotal")}</Th>
          </tr>
        </thead>
        <tbody>
          {info.itemDetails.map((item, i) => {
            const price = minorOf(item.price);
            return (
              <tr key={i}>
                <Th scope="row">
                  <span className="block font-semibold">{item.name}</span>
                  <span className="block text-sm text-muted">
                    {t("quantityTimesPrice", { quantity: item.quantity, price: money(price) })}
                  </span>
                </Th>
                <Td numeric>{money(multiplyMinor(price, item.quantity))}</Td>
              </tr>
            );
          })}
        </tbody>
        <tbody>
          <tr>
            <Th scope="row" className="border-t border-line">
              {t("subtotal")}
            </Th>
            <Td numeric className="border-t border-line">
              {money(minorOf(info.subtotal))}
            </Td>
          </tr>
          {info.customFees.map((fee, i) => {
            const value = minorOf(fee.value);
            return (
              <tr key={i}>
                <Th scope="row">
                  {fee.text}
                  {value < 0 ? (
                    <Badge tone="ok" className="ml-2">
                      {t("discount")}
                    </Badge>
                  ) : null}
                </Th>
                <Td numeric className={value < 0 ? "text-ok" : undefined}>
                  {money(value)}
                </Td>
              </tr>
            );
          })}
          <tr className="text-[1.0625rem] *:border-t-2 *:border-ink *:font-bold">
            <Th scope="row">{t("total")}</Th>
            <Td numeric>{money(minorOf(link.totalAmount.value))}</Td>
          </tr>
        </tbody>
      </Table>
      <p className="text-sm text-muted">{t("reference", { reference: link.partnerReferenceNo })}</p>
      <Customer info={info} t={t} />
    </Card>
  );
}

function Customer({ info, t }: { info: Info; t: ReturnType<typeof useTranslations<"Invoice">> }) {
  const c = info.customerDetail;
  const name = [c.firstName, c.lastName].filter(Boolean).join(" ");
  const a = c.billingAddress;
  const address = [a.address, [a.city, a.postalCode].filter(Boolean).join(" "), a.province, a.countryCode].filter(
    Boolean,
  );
  if (!name && !c.email && !c.phoneNumber && address.length === 0) return null;
  const body = (
    <dl className="m-0 grid gap-2">
      {name ? (
        <div>
          <dt className="text-sm text-muted">{t("customer")}</dt>
          <dd className="m-0">{name}</dd>
        </div>
      ) : null}
      {c.email ? (
        <div>
          <dt className="text-sm text-muted">{t("email")}</dt>
          <dd className="m-0">{c.email}</dd>
        </div>
      ) : null}
      {c.phoneNumber ? (
        <div>
          <dt className="text-sm text-muted">{t("phone")}</dt>
          <dd className="m-0">{c.phoneNumber}</dd>
        </div>
      ) : null}
      {address.length ? (
        <div>
          <dt className="text-sm text-muted">{t("billingAddress")}</dt>
          <dd className="m-0">
            {address.map((line, i) => (
              <span key={i} className="block">
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
      <details className="mt-3 lg:hidden">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold">{t("showCustomer")}</summary>
        {body}
      </details>
      <div className="mt-3 hidden lg:block">
        <h3>{t("showCustomer")}</h3>
        {body}
      </div>
    </>
  );
}
