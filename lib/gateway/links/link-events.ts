import { eq, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { paymentLinks, payments } from "@/lib/db/schema";
import { announce, type LinkNotice } from "@/lib/events/channel";
import { livePaymentKey } from "@/lib/contract/live-events";
import { eventTokenMatches, paymentTag, parseEventToken } from "@/lib/snap/event-token";
import type { GatewayContext } from "@/lib/gateway/context";
import { getPartner, type Partner } from "@/lib/gateway/merchants/partners";
import { V1Error } from "@/lib/gateway/v1-error";
import { flagOf, linkState, type LinkState } from "./link-state";

type LinkRow = typeof paymentLinks.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * Live link events, the domain's half (docs/live-events.md). Every update that changes what a
 * payer's page shows sets `eventVersion: NEXT_EVENT_VERSION` and then calls
 * `announceLinkChange` in the same transaction: the version orders the events of one link
 * (the row is locked while it changes), the NOTIFY goes out only if the transaction commits.
 */
export const NEXT_EVENT_VERSION = sql`${paymentLinks.eventVersion} + 1`;

/** The payment key the page compares with (lib/contract/live-events.ts), from the stored payment. */
export function paymentKeyOf(
  payment: Pick<PaymentRow, "groupId" | "methodId" | "contentValue" | "referenceNo"> | null,
): string {
  return livePaymentKey(
    payment && {
      type: payment.groupId,
      bank: payment.methodId,
      value: payment.contentValue,
      referenceNo: payment.referenceNo,
    },
  );
}

export async function announceLinkChange(
  tx: Executor,
  link: LinkRow,
  payment: PaymentRow | null,
  state: LinkState,
  change: LinkNotice["change"],
): Promise<void> {
  await announce(tx, {
    linkId: link.id,
    version: link.eventVersion,
    flag: flagOf(state),
    tag: paymentTag(paymentKeyOf(payment)),
    change,
  });
}

export interface LinkSnapshot {
  linkId: string;
  partnerId: string;
  version: number;
  state: LinkState;
  tag: string;
  expiresAt: number;
}

const SNAPSHOT = {
  partnerId: paymentLinks.partnerId,
  status: paymentLinks.status,
  expiresAt: paymentLinks.expiresAt,
  version: paymentLinks.eventVersion,
  groupId: payments.groupId,
  methodId: payments.methodId,
  contentValue: payments.contentValue,
  referenceNo: payments.referenceNo,
};

/** What an event stream needs of a link: one indexed read, no partner scope (the caller checks it). */
export async function loadLinkSnapshot(ctx: GatewayContext, linkId: string): Promise<LinkSnapshot | null> {
  const [row] = await ctx.db
    .select(SNAPSHOT)
    .from(paymentLinks)
    .leftJoin(payments, eq(payments.id, paymentLinks.currentPaymentId))
    .where(eq(paymentLinks.id, linkId))
    .limit(1);
  if (!row) return null;
  const payment =
    row.groupId === null
      ? null
      : {
          groupId: row.groupId,
          methodId: row.methodId!,
          contentValue: row.contentValue!,
          referenceNo: row.referenceNo!,
        };
  return {
    linkId,
    partnerId: row.partnerId,
    version: row.version,
    state: linkState(row, ctx.now()),
    tag: paymentTag(paymentKeyOf(payment)),
    expiresAt: row.expiresAt.getTime(),
  };
}

/** A token may be minted at most this far ahead: it is a short-lived capability. */
const MAX_TOKEN_AHEAD_S = 24 * 3600;

/**
 * Who may open a link's stream: a token minted by the hosted-checkout client (any link) or by
 * a merchant (its own links; checked against the link by `mayWatch`). Refusals are 401s that
 * say nothing about the link.
 */
export async function eventTokenPartner(ctx: GatewayContext, linkId: string, token: string): Promise<Partner> {
  const refused = (message: string) => new V1Error("invalid_token", message, "token");
  const parsed = parseEventToken(token);
  if (!parsed) throw refused("Send the stream token the checkout issued, in ?token=.");
  const nowS = Math.floor(ctx.now().getTime() / 1000);
  if (parsed.expiresAt <= nowS) throw refused("The stream token has expired; the page gets a new one.");
  if (parsed.expiresAt > nowS + MAX_TOKEN_AHEAD_S) throw refused("Invalid stream token.");
  const partner = await getPartner(ctx, parsed.partnerId);
  if (!partner || partner.kind === "acquirer" || !eventTokenMatches(partner.clientSecret, linkId, parsed))
    throw refused("Invalid stream token.");
  return partner;
}

export function mayWatch(partner: Partner, snapshot: LinkSnapshot): boolean {
  return partner.kind === "checkout" || snapshot.partnerId === partner.id;
}
