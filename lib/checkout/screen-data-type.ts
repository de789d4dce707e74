import type { MethodGroup, PaymentLinkData } from "@/lib/contract/payment-link";
import type { PushRecord } from "./push-seal";
import type { CheckoutView } from "./view-model";

/**
 * Everything the checkout's screen (components/checkout/checkout-screen.tsx) needs from the
 * server for one render, gathered beforehand by `loadCheckoutScreen` (./screen-data.ts) so the
 * components stay synchronous and free of server-only modules. Plain JSON: no functions, no
 * Date, null (never undefined) for what does not apply, so it survives a trip through
 * getServerSideProps unchanged (./screen-data.test.ts).
 */
export interface CheckoutScreenData {
  /** the link as the payer sees it (its secret taken out of paymentLinkUri) */
  link: PaymentLinkData;
  view: CheckoutView;
  /** Method API groups: set when the picker shows (open, changing, rejected + retry), else null */
  groups: MethodGroup[] | null;
  timeZone: string;
  nowMs: number;
  /** show the method picker although a method is chosen (the "change method" control) */
  changing: boolean;
  /** query kept by the language switcher (preview keeps its state) */
  query: Record<string, string>;
  /** `?lang=` of this request, carried through forms so a choice keeps the language */
  lang: string | null;
  /** the OVO push request this browser sent, when the wallet panel shows (lib/checkout/wallet-push.ts) */
  push: PushRecord | null;
  /** the QRIS as inline SVG, when the QR panel shows */
  qrSvg: string | null;
  /** sandbox mode (lib/config): the footer's note and the card form's test-card hint */
  sandbox: boolean;
  /** the sandbox acquirer's panel: sandbox mode with the acquirer's credentials, not in preview */
  simulator: boolean;
  /** The live page's event stream (docs/live-events.md); the preview has none. */
  live: { url: string | null; tag: string } | null;
}
