import { useTranslations } from "next-intl";
import { useRequestLocale } from "./request-locale";
import type { ReactNode } from "react";
import { bankName } from "./banks";
import { BRAND_LABEL } from "@/lib/contract/card";
import { CheckoutClock } from "./checkout-clock";
import { UntilExpiry } from "./until-expiry";
import { Island } from "./island";
import { Countdown } from "./countdown";
import { formatDeadline, groupedVaNumber, minorOf, rupiah } from "@/lib/i18n/format";
import { Invoice } from "./invoice";
import { LanguageSwitcher } from "./language-switcher";
import { LocalTime } from "./local-time";
import { MethodPicker } from "./method-picker";
import { ExpiredView, PaidView, RejectedView } from "./outcomes";
import { QrPanel } from "./qr-panel";
import { SandboxSimulator } from "./sandbox-simulator";
import { chrome, tabular, skipLinkClass } from "@/lib/ui/recipes";
import { Card } from "@/components/ui/card";
import { CardForm } from "./card-form";
import { savedCardLabels } from "./saved-card-labels";
import { VaPanel } from "./va-panel";
import { WalletPanel } from "./wallet-panel";
import type { CheckoutScreenData } from "@/lib/checkout/screen-data-type";
import { contentOf, isPendingView, paymentKey } from "@/lib/checkout/view-model";

const SUMMARY_ROW = "flex items-baseline justify-between gap-4";

export interface CheckoutScreenProps {
  /** the server's part, gathered beforehand by lib/checkout/screen-data.ts */
  data: CheckoutScreenData;
  /** the merchant preview's banner and sample badge; null on the live page */
  preview: { banner: ReactNode; sample: string } | null;
}

/**
 * Everything the payer sees, for one state. The live page and the merchant preview render this
 * same component; preview passes `preview`, which disables every control and all polling.
 * Synchronous and pure: what it needs from the server comes in `data`, its words from the
 * request's catalogue, so any React server renderer can render it.
 */
export function CheckoutScreen({ data, preview }: CheckoutScreenProps) {
  const { link, view, groups, timeZone, nowMs, changing, query, lang, push, qrSvg, sandbox, simulator, live } = data;
  // The request's locale (i18n/request.ts); client islands get it as a prop (docs/i18n.md).
  const locale = useRequestLocale();
  const tl = useTranslations("Layout");
  const ts = useTranslations("Summary");
  const tm = useTranslations("Methods");
  const tp = useTranslations("Payment");
  const tc = useTranslations("Card");
  const tsb = useTranslations("Sandbox");
  const merchant = link.additionalInfo.merchantName;
  const totalMinor = minorOf(link.totalAmount.value);
  const expiresAt = Date.parse(link.expiredDate);
  const deadlineText = formatDeadline(new Date(expiresAt), locale, timeZone);
  const pending = isPendingView(view);
  const content = contentOf(link);
  const base = `/pay/${link.paymentLinkId}`;
  const withQuery = (extra: Record<string, string>) => {
    const q = new URLSearchParams({ ...query, ...extra });
    for (const [k, v] of [...q]) if (!v) q.delete(k);
    const s = q.toString();
    return `${preview ? `${base}/preview` : base}${s ? `?${s}` : ""}`;
  };

  const picker = (heading: string, note: ReactNode) => (
    <>
      <h2 id="payment-heading" className="mb-3">
        {heading}
      </h2>
      {note}
      <MethodPicker
        groups={groups ?? []}
        linkId={link.paymentLinkId}
        lang={lang}
        preview={!!preview}
        currentBank={link.payment.type === "va" ? link.payment.bank : undefined}
      />
    </>
  );

  let panel: ReactNode;
  if (view === "paid") panel = <PaidView link={link} timeZone={timeZone} />;
  else if (view === "expired") panel = <ExpiredView link={link} />;
  else if (view === "rejected") {
    panel = changing ? (
      picker(tm("changeHeading"), null)
    ) : (
      <RejectedView link={link} retryHref={preview ? null : withQuery({ change: "1" }) + "#payment"} />
    );
  } else if (view === "open") panel = picker(tm("heading"), null);
  else if (changing && content) {
    const note =
      link.payment.type === "va"
        ? tm("switchNoteVa", { bank: bankName(link.payment.bank), number: groupedVaNumber(content.value) })
        : link.payment.type === "ew"
          ? tm("switchNoteWallet")
          : tm("switchNoteQr");
    panel = picker(
      tm("changeHeading"),
      <div className="mb-3 rounded-md bg-warn-soft p-3">
        <p className="mb-1">{note}</p>
        <a href={withQuery({ change: "" }) + "#payment"}>{tm("keepCurrent")}</a>
      </div>,
    );
  } else if (content) {
    let method: ReactNode;
    if (view === "va")
      method = (
        <VaPanel bank={link.payment.bank} vaNumber={content.value} totalMinor={totalMinor} sample={preview?.sample} />
      );
    else if (view === "qr")
      method = (
        <QrPanel
          payload={content.value}
          svg={qrSvg ?? ""}
          merchant={merchant}
          totalMinor={totalMinor}
          deadlineText={deadlineText}
          pngHref={preview ? null : `${base}/qr.png`}
        />
      );
    else if (view === "wallet")
      method = (
        <WalletPanel
          linkId={link.paymentLinkId}
          bank={link.payment.bank}
          content={content}
          referenceNo={link.payment.referenceNo}
          lang={lang}
          push={preview ? null : push}
          nowMs={nowMs}
          preview={!!preview}
        />
      );
    else if (preview)
      method = (
        <div>
          <h3>{tc("title")}</h3>
          <p>{tc("pending")}</p>
        </div>
      );
    else
      method = (
        <Island
          name="card"
          component={CardForm}
          props={{
            linkId: link.paymentLinkId,
            locale,
            labels: {
              heading: tc("heading"),
              number: tc("number"),
              expiry: tc("expiry"),
              expiryPlaceholder: tc("expiryPlaceholder"),
              cvc: tc("cvc"),
              name: tc("name"),
              pay: tc("pay", { amount: rupiah(totalMinor, locale) }),
              processing: tc("processing"),
              brand: {
                visa: tc("brand", { brand: BRAND_LABEL.visa }),
                mastercard: tc("brand", { brand: BRAND_LABEL.mastercard }),
                jcb: tc("brand", { brand: BRAND_LABEL.jcb }),
                amex: tc("brand", { brand: BRAND_LABEL.amex }),
              },
              sandboxHint: sandbox ? tc("sandboxHint") : null,
              secureNote: tc("secureNote"),
              needsScript: tc("needsScript"),
              redirecting: tc("redirecting"),
              errors: {
                number: tc("errorNumber"),
                expiry: tc("errorExpiry"),
                expired: tc("errorExpired"),
                cvc: tc("errorCvc"),
                name: tc("errorName"),
                testCard: tc("errorTestCard"),
                generic: tc("errorGeneric"),
                network: tc("errorNetwork"),
                remove: tc("errorRemove"),
                savedUnavailable: tc("errorSavedUnavailable"),
                savedGone: tc("errorSavedGone"),
              },
              // Only a link with a customer offers saved cards and "save this card" (docs/contract.md §10).
              ...(link.additionalInfo.customerId ? { saved: savedCardLabels(tc) } : {}),
            },
          }}
        />
      );
    panel = (
      <>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="payment-heading" className="mb-3">
            {tp("heading")}
          </h2>
          {preview ? (
            <span className="text-sm text-muted underline" aria-disabled="true">
              {tp("changeMethod")}
            </span>
          ) : (
            <a className="text-sm" href={withQuery({ change: "1" }) + "#payment"}>
              {tp("changeMethod")}
            </a>
          )}
        </div>
        {method}
        <p className="mt-3 mb-0 text-sm text-muted">{tp("waiting")}</p>
        {/* Without script nothing updates by itself: a plain link to look again. */}
        {preview ? null : (
          <noscript>
            <a className="text-sm" href={withQuery({}) + "#payment"}>
              {tp("checkAgain")}
            </a>
          </noscript>
        )}
      </>
    );
  }

  const remaining = expiresAt - nowMs;
  const summary = (
    <Card className="lg:col-start-1 lg:row-start-1 lg:self-start" aria-labelledby="title">
      <p className="m-0 text-sm text-muted">{merchant}</p>
      <h1 id="title" className="mb-1">
        {link.additionalInfo.invoiceTitle}
      </h1>
      <dl className="m-0 grid gap-1">
        <div className={SUMMARY_ROW}>
          <dt className="text-sm text-muted">{ts("amountDue")}</dt>
          <dd className={`m-0 text-right text-2xl font-bold ${tabular}`} data-testid="total">
            {rupiah(totalMinor, locale)}
          </dd>
        </div>
        {pending ? (
          <div className={SUMMARY_ROW}>
            <dt className="text-sm text-muted">{ts("payBefore")}</dt>
            <dd className="m-0 text-right" data-testid="deadline">
              <Island
                name="local-time"
                component={LocalTime}
                props={{
                  iso: new Date(expiresAt).toISOString(),
                  locale,
                  serverZone: timeZone,
                  initialText: deadlineText,
                }}
              />
            </dd>
          </div>
        ) : null}
      </dl>
      {pending ? (
        <Island
          name="countdown"
          component={Countdown}
          props={{
            expiresAt,
            initialRemaining: Math.max(0, remaining),
            locale,
            label: ts("timeLeft"),
            announce: {
              10: ts("announceMinutes", { minutes: 10 }),
              5: ts("announceMinutes", { minutes: 5 }),
              1: ts("announceMinutes", { minutes: 1 }),
              expired: ts("announceExpired"),
            },
          }}
        />
      ) : null}
    </Card>
  );

  const main = (
    <>
      {summary}
      <Card
        id="payment"
        className="lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
        aria-labelledby="payment-heading"
        data-view={view}
      >
        {pending ? <UntilExpiry fallback={<ExpiredView link={link} />}>{panel}</UntilExpiry> : panel}
      </Card>
      <Invoice link={link} />
    </>
  );

  return (
    <>
      <a className={skipLinkClass} href="#payment">
        {tl("skipToPayment")}
      </a>
      <header className={chrome.topbar}>
        <span className={chrome.brand}>{merchant}</span>
        <LanguageSwitcher query={query} />
        {preview?.banner}
      </header>
      <main className="mx-auto grid w-full max-w-[70rem] flex-1 grid-cols-1 content-start gap-3 p-3 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:grid-rows-[auto_1fr] lg:gap-4 lg:p-6">
        {main}
        {/* The clock every island reads, and the live status: its line spans the grid below the panels. */}
        {pending ? (
          <Island
            name="clock"
            component={CheckoutClock}
            props={{
              linkId: link.paymentLinkId,
              expiresAt,
              serverNow: nowMs,
              poll: !preview && view !== "open",
              paymentKey: paymentKey(link),
              live,
              labels: { unavailable: tp("statusUnavailable") },
            }}
          />
        ) : null}
      </main>
      {/* After <main> in every state: its last result outlives the switch to paid/rejected. */}
      {!preview && simulator ? (
        <div className="mx-auto w-full max-w-[70rem] px-3 lg:px-6">
          <Island
            name="simulator"
            component={SandboxSimulator}
            props={{
              linkId: link.paymentLinkId,
              target: pending && (view === "va" || view === "qr" || view === "wallet") && !changing ? view : null,
              labels: {
                heading: tsb("heading"),
                explain: tsb("explain"),
                pay: tsb("pay"),
                fail: tsb("fail"),
                working: tsb("working"),
              },
            }}
          />
        </div>
      ) : null}
      <footer className={chrome.footer}>
        <p>{tl("securedBy")}</p>
        {sandbox ? <p>{tl("sandbox")}</p> : null}
      </footer>
    </>
  );
}
