import { randomInt } from "node:crypto";
import type { GetServerSideProps } from "next";
import Head from "next/head";
import { createTranslator, NextIntlClientProvider } from "next-intl";
import { CheckoutScreen } from "@/components/checkout/checkout-screen";
import { CheckoutFailed } from "@/components/checkout/checkout-failed";
import { authorizedLinkFor } from "@/lib/checkout/links";
import { loadCheckoutScreen, type CheckoutScreenData } from "@/lib/checkout/screen-data";
import { islandsManifest, type IslandsManifest } from "@/lib/checkout/islands-manifest";
import { SESSION_COOKIE } from "@/lib/checkout/session";
import { viewOf } from "@/lib/checkout/view-model";
import { pageLog } from "@/lib/connector/failures";
import { LANG_HEADER } from "@/lib/i18n/headers";
import { LANG_COOKIE, pickLocale, type Locale } from "@/lib/i18n/locale";
import { notFoundHtml } from "@/lib/ui/not-found";
import en from "@/messages/en.json";
import id from "@/messages/id.json";

/**
 * The payer's checkout (issue 29). Server HTML from the Pages Router with no framework script
 * (`unstable_runtimeJS: false`): the page works as HTML (VA number, QRIS, method choice as a
 * form post), and its interactive parts are islands that one small script hydrates with Preact
 * (components/checkout/islands/). The App Router's client runtime alone (react-dom and its
 * router, 132 kB gzip) was over the first-load budget of 120 kB; see docs/checkout.md.
 *
 * The proxy has swapped the link's secret for a session cookie and set the security headers
 * and the CSP nonce; the cookie is checked again here, on every render.
 */
export const config = { unstable_runtimeJS: false };

const MESSAGES: Record<Locale, typeof en> = { en, id };

type Props =
  | {
      locale: Locale;
      nonce: string;
      islands: IslandsManifest | null;
      title: string;
      data: CheckoutScreenData;
      failed?: never;
    }
  | {
      locale: Locale;
      nonce: string;
      islands: IslandsManifest | null;
      title: string;
      failed: { digest: string };
      data?: never;
    };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export const getServerSideProps: GetServerSideProps<Props> = async ({ req, res, params, query }) => {
  const paymentLinkId = String(params?.paymentLinkId ?? "");
  const nonce = one(req.headers["x-nonce"]) ?? "";
  const header = (name: string) => one(req.headers[name]) ?? null;
  const localeWith = (linkLanguage: string | null) =>
    pickLocale({
      explicit: header(LANG_HEADER),
      linkLanguage,
      cookie: req.cookies[LANG_COOKIE],
      acceptLanguage: header("accept-language"),
    });
  let locale = localeWith(null);
  res.setHeader("Cache-Control", "no-store");
  try {
    const link = await authorizedLinkFor(paymentLinkId, req.cookies[SESSION_COOKIE]);
    if (!link) {
      // The one 404, byte for byte the proxy's (lib/ui/not-found.ts): nothing tells an unknown link from a wrong cookie.
      res.statusCode = 404;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.end(notFoundHtml(locale));
      return { props: {} as Props };
    }
    locale = localeWith(link.additionalInfo.language ?? null);
    const nowMs = Date.now();
    const view = viewOf(link, nowMs);
    const changing =
      one(query.change) === "1" &&
      (view === "va" || view === "qr" || view === "wallet" || view === "card" || view === "rejected");
    const lang = one(query.lang);
    const validLang = lang === "en" || lang === "id" ? lang : null;
    const data = await loadCheckoutScreen({
      link,
      view,
      nowMs,
      changing,
      query: validLang ? { lang: validLang } : {},
      lang: validLang,
      cookies: req.cookies,
      preview: null,
    });
    const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "Meta" });
    return {
      props: {
        locale,
        nonce,
        islands: islandsManifest(),
        title: t("title", { merchant: link.additionalInfo.merchantName }),
        data,
      },
    };
  } catch (err) {
    // As the App Router's error page did: logged once, with a digest the page shows as its code.
    const digest = String(randomInt(1e9, 1e10));
    pageLog().error(
      { err, digest, path: `/pay/${paymentLinkId}`, route: "/pay/[paymentLinkId]", kind: "render" },
      "page failed",
    );
    res.statusCode = 500;
    const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "CheckoutError" });
    return { props: { locale, nonce, islands: islandsManifest(), title: t("heading"), failed: { digest } } };
  }
};

export default function CheckoutPage(props: Props) {
  const { locale, nonce, islands, title } = props;
  return (
    <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone="Asia/Jakarta">
      <Head>
        <title>{title}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f4c81" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" sizes="any" />
        {islands?.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} nonce={nonce} />
        ))}
        {/* A module script runs after the document is parsed, as `defer` would: the rule knows only classic scripts. */}
        {/* eslint-disable-next-line @next/next/no-sync-scripts */}
        {islands ? <script type="module" src={islands.entry} nonce={nonce} /> : null}
      </Head>
      {props.failed ? (
        <CheckoutFailed digest={props.failed.digest} />
      ) : (
        <CheckoutScreen data={props.data} preview={null} />
      )}
    </NextIntlClientProvider>
  );
}
