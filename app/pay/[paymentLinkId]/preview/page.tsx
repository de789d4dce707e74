import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CheckoutScreen } from "@/components/checkout/checkout-screen";
import {
  isPreviewState,
  maintenanceGroups,
  PREVIEW_STATES,
  previewLink,
  type PreviewState,
} from "@/lib/checkout/preview-data";
import { PreviewSignIn } from "@/components/checkout/preview-sign-in";
import { viewOf } from "@/lib/checkout/view-model";
import { Card } from "@/components/ui/card";
import { chrome } from "@/lib/ui/recipes";
import { checkoutCookieKey } from "@/lib/connector/gateway";
import { loadMethods } from "@/lib/checkout/links";
import { authorizedLink } from "@/lib/checkout/request-link";
import { safeEqual } from "@/lib/clients/safe-equal";
import { previewToken, PREVIEW_COOKIE, secretOfUri } from "@/lib/checkout/session";
import { cookieRecord, loadCheckoutScreen } from "@/lib/checkout/screen-data";

type Props = {
  params: Promise<{ paymentLinkId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("Meta"))("previewTitle"), robots: { index: false, follow: false } };
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Merchant preview: the payer's page for this link in any state, behind the link's secret
 * (the checkout cookie) and the merchant's secret key. It renders the same CheckoutScreen with
 * every control disabled, sample payment data and no polling; it never calls Pay.
 */
export default async function PreviewPage({ params, searchParams }: Props) {
  const { paymentLinkId } = await params;
  const sp = await searchParams;
  const link = await authorizedLink(paymentLinkId);
  if (!link) notFound();
  const t = await getTranslations("Preview");
  const secret = secretOfUri(link.paymentLinkUri)!;
  const jar = await cookies();
  const presented = jar.get(PREVIEW_COOKIE)?.value ?? "";
  const signedIn = presented !== "" && safeEqual(presented, previewToken(checkoutCookieKey(), paymentLinkId, secret));

  if (!signedIn) {
    return (
      <>
        <header className={chrome.topbar}>
          <span className={chrome.brand}>{link.additionalInfo.merchantName}</span>
        </header>
        <main className={chrome.narrowMain}>
          <Card aria-labelledby="signin-title">
            <h1 id="signin-title">{t("signInHeading")}</h1>
            <p>{t("signInExplain")}</p>
            <PreviewSignIn linkId={paymentLinkId} labels={{ secretKey: t("secretKey"), signIn: t("signIn") }} />
          </Card>
        </main>
      </>
    );
  }

  const nowMs = Date.now();
  const requested = one(sp.state);
  const actual = viewOf(link, nowMs);
  const state: PreviewState = isPreviewState(requested)
    ? requested
    : actual === "card" || actual === "wallet"
      ? "open"
      : actual;
  const realGroups = await loadMethods(link);
  const groups =
    state === "maintenance"
      ? maintenanceGroups(realGroups, {
          english: (await getTranslations({ locale: "en", namespace: "Preview" }))("maintenanceText"),
          indonesia: (await getTranslations({ locale: "id", namespace: "Preview" }))("maintenanceText"),
        })
      : realGroups;
  const shown = previewLink(link, state, realGroups, nowMs);
  const lang = one(sp.lang);
  const query: Record<string, string> = { state, ...(lang === "en" || lang === "id" ? { lang } : {}) };
  const stateHref = (s: PreviewState) => `?${new URLSearchParams({ ...query, state: s }).toString()}`;

  const banner = (
    <div
      className="-mx-4 mt-1 -mb-2 shrink-0 grow-0 basis-[calc(100%+2rem)] border-t-2 border-warn bg-warn-soft px-4 py-2 font-bold text-warn *:m-0"
      role="note"
      aria-labelledby="preview-title"
      data-testid="preview-banner"
    >
      <p id="preview-title">{t("banner")}</p>
      <p className="text-sm font-normal">{t("explain")}</p>
      <nav aria-label={t("state")}>
        <ul className="mt-1 mb-0 flex list-none flex-wrap gap-x-3 gap-y-1 p-0">
          {PREVIEW_STATES.map((s) => (
            <li key={s}>
              <a
                className="text-warn aria-[current=page]:font-bold aria-[current=page]:no-underline"
                href={stateHref(s)}
                aria-current={s === state ? "page" : undefined}
              >
                {t(`states.${s}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );

  const data = await loadCheckoutScreen({
    link: shown.link,
    view: shown.view,
    nowMs,
    changing: false,
    query,
    lang: null,
    cookies: cookieRecord(jar.getAll()),
    preview: { groups },
  });
  return <CheckoutScreen data={data} preview={{ banner, sample: t("sampleNumber") }} />;
}
