import "@/lib/server-only";
import type { MethodGroup, PaymentLinkData } from "@/lib/contract/payment-link";
import { sandboxAcquirer, sandboxMode } from "@/lib/connector/sandbox-acquirer";
import { qrisSvg } from "@/lib/qris/render";
import { loadMethods } from "./links";
import { liveProps } from "./live";
import { TIME_ZONE_COOKIE, timeZoneOf } from "./payer-time-zone";
import type { CheckoutScreenData } from "./screen-data-type";
import { contentOf, type CheckoutView } from "./view-model";
import { PUSH_COOKIE, sentPushIn } from "./wallet-push";

export type { CheckoutScreenData } from "./screen-data-type";

export interface CheckoutScreenInput {
  /** the authorized link (the preview passes it already dressed as the chosen state) */
  link: PaymentLinkData;
  view: CheckoutView;
  nowMs: number;
  changing: boolean;
  query: Record<string, string>;
  lang: string | null;
  /**
   * The request's cookies by name: `Object.fromEntries((await cookies()).getAll()…)` in the App
   * Router, `req.cookies` in getServerSideProps. Read here, not deep in helpers, so either can call.
   */
  cookies: Partial<Record<string, string>>;
  /** the merchant preview, with the groups it shows; it gets no push record, stream or simulator */
  preview: { groups: MethodGroup[] } | null;
}

/**
 * The checkout screen's server-side data for one request: every gateway call, cookie, file and
 * configuration read the screen depends on, done once here so the components only render.
 */
export async function loadCheckoutScreen(input: CheckoutScreenInput): Promise<CheckoutScreenData> {
  const { link, view, nowMs, changing, query, lang, cookies, preview } = input;
  const content = contentOf(link);
  // The same conditions under which the screen shows the picker, the QR panel, the wallet panel.
  const picking = view === "open" || changing;
  const qrShown = view === "qr" && content !== null && !changing;
  const walletShown = view === "wallet" && content !== null && !changing && !preview;
  const [groups, qrSvg] = await Promise.all([
    preview ? preview.groups : picking ? loadMethods(link) : null,
    qrShown ? qrisSvg(content.value) : null,
  ]);
  return {
    link: withoutSecret(link),
    view,
    groups,
    timeZone: timeZoneOf(cookies[TIME_ZONE_COOKIE]),
    nowMs,
    changing,
    query,
    lang,
    push: walletShown ? sentPushIn(link.paymentLinkId, cookies[PUSH_COOKIE]) : null,
    qrSvg,
    sandbox: sandboxMode(),
    simulator: !preview && sandboxAcquirer() !== null,
    live: preview ? null : liveProps(link),
  };
}

/** The App Router's cookie list (`(await cookies()).getAll()`) as the loader's record. */
export function cookieRecord(list: { name: string; value: string }[]): Partial<Record<string, string>> {
  return Object.fromEntries(list.map(({ name, value }) => [name, value]));
}

/**
 * The link's secret never leaves the server with the screen's data: nothing on the page shows
 * the link's URL, and a Pages Router render would print its props into the HTML.
 */
function withoutSecret(link: PaymentLinkData): PaymentLinkData {
  try {
    const url = new URL(link.paymentLinkUri);
    url.searchParams.delete("secret");
    return { ...link, paymentLinkUri: url.toString() };
  } catch {
    return { ...link, paymentLinkUri: "" };
  }
}
