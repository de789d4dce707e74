import type { FlagStatus } from "@/lib/contract/link-flags";

/**
 * The payment-link state machine. Stored states are pending, paid and rejected; "expired"
 * is a pending link past its deadline, derived at read time so no sweeper has to run for
 * the answer to be right.
 *
 *   pending ──settle──▶ paid            (final)
 *   pending ──reject──▶ rejected ──choose method──▶ pending
 *   pending ──deadline passes──▶ expired (final for the payer)
 *   expired | rejected ──settle_late──▶ paid  (a QR whose money already moved)
 */
export type StoredLinkStatus = "pending" | "paid" | "rejected";
export type LinkState = "pending" | "paid" | "rejected" | "expired";

export function linkState(link: { status: StoredLinkStatus; expiresAt: Date }, now: Date): LinkState {
  if (link.status === "paid") return "paid";
  if (link.expiresAt.getTime() <= now.getTime()) return "expired";
  return link.status;
}

export function flagOf(state: LinkState): FlagStatus {
  switch (state) {
    case "paid":
      return "00";
    case "rejected":
      return "01";
    case "pending":
      return "02";
    case "expired":
      return "03";
  }
}

export type LinkEvent = "choose_method" | "settle" | "reject" | "settle_late";

export class TransitionError extends Error {
  constructor(
    readonly from: LinkState,
    readonly event: LinkEvent,
  ) {
    super(`cannot ${event} a ${from} link`);
  }
}

/** The stored status after `event`, or a TransitionError naming why not. */
export function transition(from: LinkState, event: LinkEvent): StoredLinkStatus {
  switch (event) {
    case "choose_method":
      if (from === "pending" || from === "rejected") return "pending";
      break;
    case "settle":
      if (from === "pending") return "paid";
      break;
    case "settle_late":
      // The money has already moved (a QR paid after the deadline, or an older QR paid after
      // a rejection): record it rather than lose it.
      if (from === "pending" || from === "expired" || from === "rejected") return "paid";
      break;
    case "reject":
      if (from === "pending") return "rejected";
      break;
  }
  throw new TransitionError(from, event);
}
