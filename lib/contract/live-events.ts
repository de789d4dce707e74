import type { FlagStatus } from "./link-flags";
/**
 * Live link events (docs/live-events.md): what a payer's page receives over Server-Sent Events
 * from `GET /v1/payment-links/{id}/events`. Shared by the gateway (which sends it) and the
 * checkout (which reads it); no runtime dependencies, so a client component may import it.
 */

/** Why the event was sent: a state change, or the current state on (re)connect. */
export type LinkChange = "state" | "method" | "paid" | "rejected" | "expired" | "refund";

/** The `data:` of an SSE `event: link`, JSON. */
export interface LinkEventData {
  paymentLinkId: string;
  /** The link's paymentFlagStatus now. */
  paymentFlagStatus: FlagStatus;
  /** Short hash of the current payment (type, bank, VA number or QR): changes when the method does. */
  paymentTag: string;
  change: LinkChange;
  /** Server clock (ms since the epoch) when the event was written: the page's countdown uses it. */
  serverNow: number;
}

/**
 * What identifies a link's current payment, before `paymentTag` hashes it: the payment as
 * Inquiry writes it, `type:bank:content value` (`va:bca:8808…`), "" before a method is chosen.
 * The gateway tags its events with it and the page compares them with its own: one spelling.
 */
export function livePaymentKey(
  payment: { type: string; bank: string; value: string; referenceNo?: string | null | undefined } | null,
): string {
  if (!payment) return "";
  // A wallet attempt is told apart by its reference: two OVO requests to one number share their content.
  const value = payment.type === "ew" && payment.referenceNo ? payment.referenceNo : payment.value;
  return `${payment.type}:${payment.bank}:${value}`;
}

/**
 * SSE ids are monotonic per link: twice the link's stored event version, plus one while the
 * link has passed its deadline unpaid (expiry is derived at read time, never written, so it
 * needs no version of its own; a late QR payment after it bumps the version past it).
 */
export function linkEventId(version: number, expired: boolean): number {
  return version * 2 + (expired ? 1 : 0);
}

/** `Last-Event-ID` as sent back by a browser: a non-negative integer, else nothing to resume from. */
export function parseLastEventId(header: string | null | undefined): number | null {
  if (!header || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

export const LIVE_EVENTS_PATH = (paymentLinkId: string) => `/v1/payment-links/${paymentLinkId}/events`;
