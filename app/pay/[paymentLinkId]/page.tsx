import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CheckoutScreen } from "@/components/checkout/checkout-screen";
import { viewOf } from "@/lib/checkout/view-model";
import { authorizedLink } from "@/lib/checkout/links";
import { cookieRecord, loadCheckoutScreen } from "@/lib/checkout/screen-data";

type Props = {
  params: Promise<{ paymentLinkId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { paymentLinkId } = await params;
  const link = await authorizedLink(paymentLinkId);
  const t = await getTranslations("Meta");
  return {
    title: link ? t("title", { merchant: link.additionalInfo.merchantName }) : t("notFoundTitle"),
    robots: { index: false, follow: false },
  };
}

/**
 * The payer's checkout. Server-rendered from one Inquiry (plus Method when the picker shows);
 * the proxy has swapped the secret for a cookie, which is checked again here.
 */
export default async function CheckoutPage({ params, searchParams }: Props) {
  const { paymentLinkId } = await params;
  const sp = await searchParams;
  const link = await authorizedLink(paymentLinkId);
  if (!link) notFound();
  const nowMs = Date.now();
  const view = viewOf(link, nowMs);
  const changing =
    one(sp.change) === "1" &&
    (view === "va" || view === "qr" || view === "wallet" || view === "card" || view === "rejected");
  const lang = one(sp.lang);
  const validLang = lang === "en" || lang === "id" ? lang : null;
  const data = await loadCheckoutScreen({
    link,
    view,
    nowMs,
    changing,
    query: validLang ? { lang: validLang } : {},
    lang: validLang,
    cookies: cookieRecord((await cookies()).getAll()),
    preview: null,
  });
  return <CheckoutScreen data={data} preview={null} />;
}
