/**
 * What the checkout's server actions answer. The actions live in app/ (they are page-side code);
 * the client islands in components/ receive them through CheckoutActionsProvider and only need
 * these shapes.
 */
import type { SimulatedOutcome } from "@/lib/connector/sandbox-acquirer";

/** `href`: where the page shows the chosen method (the form navigates there itself). */
export type ChooseResult = { ok: true; href?: string } | { ok: false; error: string };

export type StatusResult =
  | { ok: true; status: "00" | "01" | "02" | "03"; paymentKey: string; serverNow: number; streamUrl: string | null }
  | { ok: false; error: "not_found" | "unavailable"; serverNow: number };

/**
 * The card step's intent. `cards`: for a link with a customer, the customer's saved cards
 * (null when they could not be listed); absent for a link without one.
 */
export type CardStartResult =
  { ok: true; clientSecret: string; cards?: SavedCardView[] | null } | { ok: false; error: string };

/**
 * A saved card as the card step shows it: the gateway's listing, nothing more of the card
 * (docs/contract.md §10). `expired` is decided on the server, so the page's HTML and its
 * script agree at a month's turn.
 */
export interface SavedCardView {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  expired: boolean;
}

export type RemoveCardResult = { ok: true } | { ok: false; error: string };

export type SimulateResult =
  | {
      ok: true;
      path: string;
      sent: unknown;
      status: number;
      reply: unknown;
      headings: { sent: string; answered: string };
    }
  | { ok: false; error: string };

export type PreviewSignInResult = { ok: true } | { ok: false; error: string };

/** The server actions of one checkout page, handed to the client islands by the page. */
export interface CheckoutActions {
  chooseMethod(prev: ChooseResult, form: FormData): Promise<ChooseResult>;
  pollStatus(linkId: string): Promise<StatusResult>;
  startCardPayment(linkId: string): Promise<CardStartResult>;
  /** Remove a saved card of the link's customer, with the card step's intent as the key. */
  removeSavedCard(linkId: string, clientSecret: string, paymentMethodId: string): Promise<RemoveCardResult>;
  simulatePayment(linkId: string, outcome: SimulatedOutcome): Promise<SimulateResult>;
  previewSignIn(prev: PreviewSignInResult, form: FormData): Promise<PreviewSignInResult>;
}
