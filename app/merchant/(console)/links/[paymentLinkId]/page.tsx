import { badgeClass, buttonClass, cardClass } from "@/lib/ui/recipes";
import { consoleTable } from "@/components/merchant/recipes";
import { Badge } from "@/components/ui/badge";
import Link from "next/link";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { CopyButton } from "@/components/ui/copy-button";
import { ActionButton, ActionGroup } from "@/components/merchant/action-button";
import { LinkLive } from "@/components/merchant/link-live";
import { money, when } from "@/components/merchant/format";
import { StatusBadge } from "@/components/merchant/status-badge";
import { methodNamer } from "@/components/method-names";
import { bankName } from "@/components/checkout/banks";
import { asLocale } from "@/lib/i18n/locale";
import { V1ClientError } from "@/lib/clients/v1-answer";
import type { LinkDetail } from "@/lib/contract/console";
import { sandboxAcquirer } from "@/lib/connector/sandbox-acquirer";
import { simulations } from "@/lib/console/sandbox";
import { linkLive } from "@/lib/console/live";
import { requireSession } from "@/lib/console/session";
import { RefundBadge, RefundSection } from "@/components/merchant/refund-section";
import { expireLinkAction, refundAction, resendDeliveryAction, simulateAction } from "@/app/merchant/actions";

type Props = { params: Promise<{ paymentLinkId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return {
    title: `${(await getTranslations("ConsoleLinks"))("reference")} ${(await params).paymentLinkId.slice(0, 8)}`,
  };
}

/** The label of each sandbox button, by the notification it sends. */
const SIMULATION_LABEL = {
  va: "simulateVa",
  qr: "simulateQr",
  "qr-fail": "simulateQrFail",
  ew: "simulateEw",
  "ew-fail": "simulateEwFail",
} as const;

/** A link as its merchant sees it; another merchant's link is the same 404 as an unknown one. */
export default async function LinkPage({ params }: Props) {
  const { paymentLinkId } = await params;
  const { client } = await requireSession(`/merchant/links/${paymentLinkId}`);
  let link: LinkDetail;
  try {
    link = await client.getLink(paymentLinkId);
  } catch (err) {
    if (err instanceof V1ClientError && err.status === 404) notFound();
    throw err;
  }
  const t = await getTranslations("ConsoleLink");
  const tr = await getTranslations("ConsoleRefund");
  const methodName = await methodNamer();
  const locale = asLocale(await getLocale());
  const at = (iso: string) => when(iso, locale, link.timeZone);
  const acquirer = sandboxAcquirer() !== null;
  const sims = acquirer ? simulations(link) : [];
  const label = (e: LinkDetail["timeline"][number]) =>
    e.type === "expired"
      ? e.by === "merchant"
        ? t("expiredByMerchant")
        : t("expired")
      : e.type === "created"
        ? t("created")
        : e.type === "refund"
          ? tr("timeline", { amount: money(e.refund?.amountValue ?? "0.00", locale) })
          : t(e.type, { method: e.method ? methodName(e.method) : "" });
  return (
    <>
      <p>
        <Link href="/merchant/links" prefetch={false}>
          ← {t("back")}
        </Link>
      </p>
      <h1>
        {link.title} <StatusBadge status={link.paymentFlagStatus} />
      </h1>
      <p className="text-muted">
        {t("reference")}: <span className="font-mono">{link.partnerReferenceNo}</span> ·{" "}
        {money(link.totalAmount.value, locale)}
        {link.latePayment && <span className={badgeClass("neutral")}>{t("lateFlag")}</span>}
      </p>
      <section className={`${cardClass} mb-4`} aria-labelledby="uri-heading">
        <h2 id="uri-heading">{t("uri")}</h2>
        <p className="break-all font-mono">{link.paymentLinkUri}</p>
        <div className="my-2 flex flex-wrap items-center gap-2">
          <CopyButton
            value={link.paymentLinkUri}
            text={t("copy")}
            label={t("copy")}
            copied={t("copied")}
            failed={t("copyFailed")}
          />
          <a
            className={buttonClass({ variant: "secondary" })}
            href={link.paymentLinkUri}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("openAsPayer")}
          </a>
          <a
            className={buttonClass({ variant: "secondary" })}
            href={`/pay/${link.paymentLinkId}/preview`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("preview")}
          </a>
          {link.paymentFlagStatus === "02" && (
            <ActionButton
              action={expireLinkAction.bind(null, link.paymentLinkId)}
              label={t("expire")}
              variant="danger"
            />
          )}
        </div>
        {link.paymentFlagStatus === "02" && <p className="text-sm text-muted">{t("expireConfirm")}</p>}
        {acquirer && (
          <ActionGroup
            label={t("sandbox")}
            badge={t("sandbox")}
            buttons={sims.map((s) => ({
              key: s,
              label: t(SIMULATION_LABEL[s]),
              action: simulateAction.bind(null, link.paymentLinkId, s),
            }))}
          />
        )}
        <LinkLive {...linkLive(link)} />
      </section>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <section className={`${cardClass} mb-4`} aria-labelledby="invoice-heading">
          <h2 id="invoice-heading">{t("invoice")}</h2>
          {link.subTitle && <p className="text-muted">{link.subTitle}</p>}
          <table className={consoleTable}>
            <thead>
              <tr>
                <th scope="col">{t("item")}</th>
                <th scope="col" className="whitespace-nowrap text-right!">
                  {t("quantity")}
                </th>
                <th scope="col" className="whitespace-nowrap text-right!">
                  {t("price")}
                </th>
              </tr>
            </thead>
            <tbody>
              {link.items.map((i, n) => (
                <tr key={n}>
                  <td>{i.name}</td>
                  <td className="whitespace-nowrap text-right!">{i.quantity}</td>
                  <td className="whitespace-nowrap text-right!">{money(i.price, locale)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" colSpan={2}>
                  {t("subtotal")}
                </th>
                <td className="whitespace-nowrap text-right!">{money(link.subtotal, locale)}</td>
              </tr>
              {link.fees.map((f, n) => (
                <tr key={`f${n}`}>
                  <th scope="row" colSpan={2}>
                    {f.text}
                  </th>
                  <td className="whitespace-nowrap text-right!">{money(f.value, locale)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" colSpan={2}>
                  {t("total")}
                </th>
                <td className="whitespace-nowrap text-right!">
                  <strong>{money(link.totalAmount.value, locale)}</strong>
                </td>
              </tr>
            </tbody>
          </table>
          <h3>{t("customer")}</h3>
          <p>
            {link.customer.name}
            <span className="block text-muted">{link.customerDetail.email}</span>
            <span className="block text-muted">{link.customerDetail.phoneNumber}</span>
            <span className="block text-muted">
              {[
                link.customerDetail.billingAddress.address,
                link.customerDetail.billingAddress.city,
                link.customerDetail.billingAddress.postalCode,
                link.customerDetail.billingAddress.province,
                link.customerDetail.billingAddress.countryCode,
              ]
                .filter(Boolean)
                .join(", ")}
            </span>
          </p>
        </section>
        <div>
          <section className={`${cardClass} mb-4`} aria-labelledby="timeline-heading">
            <h2 id="timeline-heading">{t("timeline")}</h2>
            <p className="text-sm text-muted">{t("timeZone", { zone: link.timeZone })}</p>
            <ol className="m-0 list-none p-0 *:border-l-[3px] *:border-line *:py-1.5 *:pl-4">
              {link.timeline.map((e, n) => (
                <li key={n}>
                  <time dateTime={e.at}>{at(e.at)}</time> — {label(e)}
                  {e.account && <span className="font-mono"> · {e.account}</span>}
                  {e.refund && (
                    <>
                      {" "}
                      <RefundBadge status={e.refund.status} />
                      {e.refund.reason && (
                        <span className="block text-sm text-muted">
                          {tr("reasonShown", { reason: e.refund.reason })}
                        </span>
                      )}
                    </>
                  )}
                </li>
              ))}
            </ol>
          </section>
          <section className={`${cardClass} mb-4`} aria-labelledby="payment-heading">
            <h2 id="payment-heading">{t("payment")}</h2>
            {!link.payment ? (
              <p>{t("noPayment")}</p>
            ) : (
              <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 [&_dd]:m-0 [&_dd]:break-all [&_dt]:font-semibold">
                <dt>
                  {link.payment.type === "va"
                    ? t("vaNumber")
                    : link.payment.type === "qr"
                      ? t("qrReference")
                      : t("card")}
                </dt>
                <dd className="font-mono">
                  {link.payment.type === "va"
                    ? `${bankName(link.payment.bank)} ${link.payment.content === "" ? "" : link.payment.content.value}`
                    : link.payment.type === "qr"
                      ? link.payment.referenceNo
                      : link.payment.card
                        ? `${link.payment.card.brand} •••• ${link.payment.card.last4}`
                        : "—"}
                </dd>
                {link.payment.paidAt && (
                  <>
                    <dt>
                      {t("paid", {
                        method: methodName(`${link.payment.type}.${link.payment.bank}`),
                      })}
                    </dt>
                    <dd>{at(link.payment.paidAt)}</dd>
                  </>
                )}
              </dl>
            )}
          </section>
          <RefundSection link={link} locale={locale} action={refundAction.bind(null, link.paymentLinkId)} />
        </div>
      </div>
      <section className={`${cardClass} mb-4`} aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">{t("deliveries")}</h2>
        {link.deliveries.length === 0 && <p>{t("noDeliveries")}</p>}
        {link.deliveries.map((d) => (
          <article key={d.id} className={`${cardClass} mb-4`} aria-label={`${d.kind} ${d.id}`}>
            <p>
              <strong>{t(`deliveryKind_${d.kind}`)}</strong> ·{" "}
              <span className="font-mono text-sm break-all">{d.url}</span> ·{" "}
              <Badge tone={d.status === "delivered" ? "ok" : d.status === "failed" ? "bad" : "warn"}>
                {t(`deliveryStatus_${d.status}`)}
              </Badge>
              {d.resendOf && (
                <span className="block text-sm text-muted">{t("resendOf", { id: d.resendOf.slice(0, 8) })}</span>
              )}
              {d.nextAttemptAt && <span className="block text-sm">{t("nextRetry", { at: at(d.nextAttemptAt) })}</span>}
            </p>
            {d.attemptLog.length > 0 && (
              // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
              <div
                className="overflow-x-auto rounded-xl border border-line bg-surface"
                tabIndex={0}
                role="region"
                aria-label={t("attemptsOf", { id: d.id.slice(0, 8) })}
              >
                <table className={consoleTable}>
                  <thead>
                    <tr>
                      <th scope="col">{t("attempt")}</th>
                      <th scope="col">{t("time")}</th>
                      <th scope="col">{t("httpStatus")}</th>
                      <th scope="col">{t("latency")}</th>
                      <th scope="col">{t("reply")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.attemptLog.map((a) => (
                      <tr key={a.attemptNo}>
                        <td>{a.attemptNo}</td>
                        <td>{at(a.startedAt)}</td>
                        <td>{a.statusCode ?? a.error ?? "—"}</td>
                        <td>{a.latencyMs === null ? "—" : t("ms", { ms: a.latencyMs })}</td>
                        <td className="font-mono text-sm break-all">{a.replyExcerpt ?? ""}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <ActionButton action={resendDeliveryAction.bind(null, d.id)} label={t("resend")} />
          </article>
        ))}
      </section>
    </>
  );
}
