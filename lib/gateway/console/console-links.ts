import { and, desc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import type { ListLinksQuery, LinkDetail, LinkSummary } from "@/lib/contract/console";
import { paymentIntents, paymentLinks, payments } from "@/lib/db/schema";
import { formatMoney } from "@/lib/contract/money";
import { SnapError } from "@/lib/snap/codes";
import { isUuid } from "@/lib/contract/uuid";
import type { GatewayContext } from "@/lib/gateway/context";
import { deliveriesOfLink } from "./deliveries";
import { linkEventsOf, recordLinkEvent } from "@/lib/gateway/links/link-timeline";
import { flagOf, linkState } from "@/lib/gateway/links/link-state";
import { FLAG_REASONS } from "@/lib/contract/link-flags";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { findLink, type LinkRow, type LinkView } from "@/lib/gateway/links/payment-links";
import { enqueueFor } from "@/lib/gateway/settlement/settlement";
import { paymentLinkUri } from "@/lib/gateway/links/uris";
import { V1Error } from "@/lib/gateway/v1-error";
import { invoiceLines, linkStatusBody, paymentSection } from "@/lib/gateway/links/wire";
import type { z } from "zod";
import { asMinor, ZERO, type Minor } from "@/lib/contract/money";
import { refundableOf, refundedByLink, refundsOfPayment, totalsOf } from "@/lib/gateway/refunds/refund-reads";
import { refundTimeline } from "@/lib/gateway/links/link-timeline";
import { toRefund } from "@/lib/gateway/refunds/refund-wire";

type ListQuery = z.output<typeof ListLinksQuery>;

export function noSuchLink(param: string | null = "id"): V1Error {
  return new V1Error("resource_missing", "No such payment link.", param);
}

/** A link of `partner` by id; another merchant's link is exactly as unknown as a missing one. */
export async function merchantLink(
  ctx: GatewayContext,
  partner: Partner,
  id: string,
  opts: { forUpdate?: boolean; tx?: Parameters<typeof findLink>[1] } = {},
): Promise<LinkView> {
  if (!isUuid(id)) throw noSuchLink();
  try {
    return await findLink(
      ctx,
      opts.tx ?? ctx.db,
      partner,
      { paymentLinkId: id },
      { forUpdate: opts.forUpdate ?? false },
    );
  } catch (err) {
    if (err instanceof SnapError && err.snapCase === "transactionNotFound") throw noSuchLink();
    throw err;
  }
}

/** The stored-status condition of a flag at `now` ("expired" is derived from the deadline). */
function flagCondition(flag: string, now: Date): SQL {
  const open = gt(paymentLinks.expiresAt, now);
  switch (flag) {
    case "00":
      return eq(paymentLinks.status, "paid");
    case "01":
      return and(eq(paymentLinks.status, "rejected"), open)!;
    case "02":
      return and(eq(paymentLinks.status, "pending"), open)!;
    default:
      return and(inArray(paymentLinks.status, ["pending", "rejected"]), lte(paymentLinks.expiresAt, now))!;
  }
}

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function summaryOf(link: LinkRow, method: string | null, now: Date, refunded: Minor = ZERO): LinkSummary {
  const c = link.invoice.customer;
  return {
    paymentLinkId: link.id,
    partnerReferenceNo: link.partnerReferenceNo,
    title: link.invoice.title,
    totalAmount: {
      value: formatMoney(link.totalMinor),
      currency: link.currency,
    },
    paymentFlagStatus: flagOf(linkState(link, now)),
    createdAt: link.createdAt.toISOString(),
    expiredAt: link.expiresAt.toISOString(),
    customer: {
      name: [c.firstName, c.lastName].filter(Boolean).join(" "),
      email: c.email,
    },
    paymentMethod: method,
    paidAt: link.paidAt?.toISOString() ?? null,
    refundedAmount: { value: formatMoney(refunded), currency: link.currency },
  };
}

/**
 * GET /v1/payment-links: newest first, by (created_at, id) so equal instants still page
 * without gaps or repeats. The cursor is a link id of this merchant; its position is read
 * inside the query, at the database's full precision.
 */
export async function listLinks(
  ctx: GatewayContext,
  partner: Partner,
  query: ListQuery,
): Promise<{ data: LinkSummary[]; hasMore: boolean }> {
  const now = ctx.now();
  const where: SQL[] = [eq(paymentLinks.partnerId, partner.id)];
  if (query.status) where.push(flagCondition(query.status, now));
  if (query.q?.trim()) where.push(sql`${paymentLinks.searchText} like ${likePattern(query.q.trim())}`);
  if (query.createdFrom) where.push(gte(paymentLinks.createdAt, new Date(query.createdFrom)));
  if (query.createdTo) where.push(lt(paymentLinks.createdAt, new Date(query.createdTo)));
  if (query.startingAfter) {
    const cursor = query.startingAfter;
    const [known] = isUuid(cursor)
      ? await ctx.db
          .select({ id: paymentLinks.id })
          .from(paymentLinks)
          .where(and(eq(paymentLinks.id, cursor), eq(paymentLinks.partnerId, partner.id)))
          .limit(1)
      : [];
    if (!known) throw noSuchLink("startingAfter");
    where.push(
      sql`(${paymentLinks.createdAt}, ${paymentLinks.id}) < (select c.created_at, c.id from payment_links c where c.id = ${cursor} and c.partner_id = ${partner.id})`,
    );
  }
  const rows = await ctx.db
    .select({
      link: paymentLinks,
      groupId: payments.groupId,
      methodId: payments.methodId,
    })
    .from(paymentLinks)
    .leftJoin(payments, eq(payments.id, paymentLinks.currentPaymentId))
    .where(and(...where))
    .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const refunded = await refundedByLink(
    ctx.db,
    page.filter((r) => r.link.status === "paid").map((r) => r.link.id),
  );
  return {
    data: page.map((r) =>
      summaryOf(r.link, r.groupId ? `${r.groupId}.${r.methodId}` : null, now, refunded.get(r.link.id)),
    ),
    hasMore: rows.length > query.limit,
  };
}

/** GET /v1/payment-links/{id}: the invoice, the timeline, the payment and every callback delivery. */
export async function linkDetail(ctx: GatewayContext, partner: Partner, id: string): Promise<LinkDetail> {
  const view = await merchantLink(ctx, partner, id);
  const { link, payment } = view;
  const now = ctx.now();
  const [events, deliveries, card, refundRows] = await Promise.all([
    linkEventsOf(ctx.db, link.id),
    deliveriesOfLink(ctx, partner, link.id),
    payment?.groupId === "cc"
      ? ctx.db
          .select({
            brand: paymentIntents.cardBrand,
            last4: paymentIntents.cardLast4,
          })
          .from(paymentIntents)
          .where(eq(paymentIntents.paymentId, payment.id))
          .orderBy(desc(paymentIntents.createdAt))
          .limit(1)
      : Promise.resolve([]),
    payment ? refundsOfPayment(ctx.db, payment.id) : Promise.resolve([]),
  ]);
  const totals = totalsOf(refundRows);
  const timeline: LinkDetail["timeline"] = events.map((e) => ({
    type: e.type,
    at: e.at.toISOString(),
    method: typeof e.detail?.method === "string" ? e.detail.method : null,
    by: typeof e.detail?.by === "string" ? e.detail.by : null,
    ...(typeof e.detail?.account === "string" ? { account: e.detail.account } : {}),
  }));
  // A deadline that passed is an event nobody had to write down.
  if (view.state === "expired" && !events.some((e) => e.type === "expired")) {
    timeline.push({
      type: "expired",
      at: link.expiresAt.toISOString(),
      method: null,
      by: "deadline",
    });
  }
  timeline.push(...refundTimeline(refundRows));
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  const inv = link.invoice;
  const summary = summaryOf(
    link,
    payment ? `${payment.groupId}.${payment.methodId}` : null,
    now,
    asMinor(totals.succeeded),
  );
  const cardRow = card[0];
  return {
    ...summary,
    trxId: link.trxId,
    subTitle: inv.subTitle,
    paymentLinkUri: paymentLinkUri(ctx, link.id),
    paymentFlagReason: FLAG_REASONS[summary.paymentFlagStatus],
    ...invoiceLines(link),
    subtotal: formatMoney(link.subtotalMinor),
    customerDetail: {
      ...inv.customer,
      billingAddress: { ...inv.customer.billingAddress },
    },
    language: link.language,
    paymentMethods: link.paymentMethods,
    callbackBaseUrl: link.callbackBaseUrl,
    redirectUrl: link.redirectUrl,
    latePayment: link.latePayment,
    timeZone: partner.timeZone,
    timeline,
    payment: payment
      ? {
          ...paymentSection(payment),
          referenceNo: payment.referenceNo,
          status: payment.status,
          paidAt: payment.paidAt?.toISOString() ?? null,
          card: cardRow?.brand && cardRow.last4 ? { brand: cardRow.brand, last4: cardRow.last4 } : null,
        }
      : null,
    deliveries,
    refunds: refundRows.map(toRefund),
    refundable: refundableOf(payment, totals),
  };
}

/**
 * POST /v1/payment-links/{id}/expire: a pending link stops taking payments now. Its VA is
 * closed with it (a bank's later notification gets 4042519); a QR already in a payer's app
 * may still settle late, as after any deadline (docs/contract.md §2.8). The status callback is
 * written in the same transaction.
 */
export async function expireLink(ctx: GatewayContext, partner: Partner, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const view = await merchantLink(ctx, partner, id, { forUpdate: true, tx });
    if (view.state !== "pending") {
      throw new V1Error(
        "payment_link_not_pending",
        `Only a pending link can be expired; this one is ${view.state}.`,
        "id",
      );
    }
    const now = ctx.now();
    const [link] = await tx
      .update(paymentLinks)
      .set({ expiresAt: now, updatedAt: now })
      .where(eq(paymentLinks.id, view.link.id))
      .returning();
    if (view.payment?.status === "active" && view.payment.groupId === "va") {
      await tx.execute(
        sql`update virtual_accounts set expires_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz where payment_id = ${view.payment.id} and status = 'active'`,
      );
    }
    await recordLinkEvent(tx, link!.id, "expired", now, { by: "merchant" });
    await enqueueFor(
      ctx,
      tx,
      partner.id,
      link!,
      [{ kind: "link", body: linkStatusBody(link!, view.payment, "expired") }],
      now,
    );
  });
  ctx.kickOutbox?.();
}
