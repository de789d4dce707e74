import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { paymentLinks, payments, type Invoice } from "@/lib/db/schema";
import { builder, rowReader, run, statement, type Statement } from "@/lib/db/statements";
import { SnapError } from "@/lib/snap/codes";
import { invoiceTotals } from "@/lib/contract/invoice";
import { MoneyFormatError, type Minor } from "@/lib/contract/money";
import { loadCatalogue, methodAvailability, type MethodRow } from "@/lib/gateway/methods/catalogue";
import type { GatewayContext } from "@/lib/gateway/context";
import { linkState, transition, type LinkState } from "./link-state";
import { getPartner, type Partner } from "@/lib/gateway/merchants/partners";
import { createLinkPayment, retirePayment } from "./link-payments";
import { announceLinkChange, NEXT_EVENT_VERSION } from "./link-events";
import { recordLinkEvent } from "./link-timeline";
import { merchantCatalogue } from "@/lib/gateway/methods/method-settings";

export type LinkRow = typeof paymentLinks.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export interface LinkView {
  link: LinkRow;
  payment: PaymentRow | null;
  state: LinkState;
  merchantName: string;
}

export interface CreateLinkInput {
  partnerReferenceNo: string;
  trxId: string;
  currency: string;
  expiresAt: Date;
  invoice: Invoice;
  /** When the caller sent totalAmount: checked against subtotal + fees. */
  declaredTotalMinor?: Minor;
  paymentMethods: string[] | null;
  callbackBaseUrl: string | null;
  redirectUrl: string | null;
  language: "en" | "id" | null;
  /** The merchant's customer, whose saved cards the card step offers (docs/contract.md §10). */
  customerId?: string | null;
}

export interface LinkLookup {
  paymentLinkId?: string | undefined;
  partnerReferenceNo?: string | undefined;
}

/** The shared money rules (lib/contract/invoice.ts), with SNAP's answer for a sum out of range. */
function totalsOf(invoice: Invoice): { subtotalMinor: Minor; totalMinor: Minor } {
  try {
    return invoiceTotals(invoice.items, invoice.fees);
  } catch (err) {
    if (err instanceof MoneyFormatError) throw new SnapError("invalidFieldFormat", "totalAmount.value");
    throw err;
  }
}

export async function createPaymentLink(
  ctx: GatewayContext,
  tx: Executor,
  partner: Partner,
  input: CreateLinkInput,
): Promise<LinkView> {
  if (partner.kind !== "merchant") throw new SnapError("featureNotAllowed", "only merchants create links");
  const { subtotalMinor, totalMinor } = totalsOf(input.invoice);
  if (totalMinor <= 0) throw new SnapError("invalidFieldFormat", "totalAmount.value");
  if (input.declaredTotalMinor !== undefined && input.declaredTotalMinor !== totalMinor) {
    throw new SnapError("invalidFieldFormat", "totalAmount.value");
  }
  if (input.expiresAt.getTime() <= ctx.now().getTime()) throw new SnapError("invalidFieldFormat", "expiredDate");
  if (input.paymentMethods) {
    const catalogue = await loadCatalogue(ctx, tx);
    for (const key of input.paymentMethods) {
      const [groupId, methodId] = key.split(".");
      if (!catalogue.methods.some((m) => m.groupId === groupId && m.id === methodId)) {
        throw new SnapError("invalidFieldFormat", "additionalInfo.paymentMethods");
      }
    }
  }
  const id = randomUUID();
  // ON CONFLICT, not a caught unique violation: on PostgreSQL that aborts the transaction,
  // and a generated reference (create-link.ts) draws again inside the same one.
  const [link] = await tx
    .insert(paymentLinks)
    .values({
      id,
      partnerId: partner.id,
      partnerReferenceNo: input.partnerReferenceNo,
      trxId: input.trxId,
      currency: input.currency,
      subtotalMinor,
      totalMinor,
      invoice: input.invoice,
      paymentMethods: input.paymentMethods,
      callbackBaseUrl: input.callbackBaseUrl,
      redirectUrl: input.redirectUrl,
      language: input.language,
      customerId: input.customerId ?? null,
      expiresAt: input.expiresAt,
    })
    .onConflictDoNothing({ target: [paymentLinks.partnerId, paymentLinks.partnerReferenceNo] })
    .returning();
  if (!link) throw new SnapError("duplicatePartnerReference");
  await recordLinkEvent(tx, id, "created", link.createdAt);
  return { link, payment: null, state: "pending", merchantName: partner.name };
}

/**
 * The lookups of findLink, one statement each (a hot path: every Inquiry and Method, and
 * Pay with FOR UPDATE): by id within the partner's links, by id alone (the hosted-checkout
 * client), by the partner's reference.
 */
const LOOKUPS = (() => {
  const select = () =>
    builder
      .select({ link: paymentLinks, payment: payments })
      .from(paymentLinks)
      .leftJoin(payments, eq(payments.id, paymentLinks.currentPaymentId));
  const id = eq(paymentLinks.id, sql.placeholder("id"));
  const scope = eq(paymentLinks.partnerId, sql.placeholder("partnerId"));
  const ref = eq(paymentLinks.partnerReferenceNo, sql.placeholder("ref"));
  const both = (where: ReturnType<typeof and>) => ({
    read: statement(select().where(where).limit(1)),
    forUpdate: statement(select().where(where).limit(1).for("update", { of: paymentLinks })),
  });
  return { idInScope: both(and(id, scope)), idAnyPartner: both(id), refInScope: both(and(ref, scope)) };
})();
const linkColumns = rowReader(paymentLinks);
const paymentColumns = rowReader(payments);

/**
 * Find a link the partner may see: by id first, else by the partner's reference. The
 * hosted-checkout client may read any link, but only by id; a merchant only its own.
 */
export async function findLink(
  ctx: GatewayContext,
  tx: Executor,
  partner: Partner,
  lookup: LinkLookup,
  { forUpdate = false } = {},
): Promise<LinkView> {
  const scoped = partner.kind !== "checkout";
  let query: { read: Statement; forUpdate: Statement };
  let values: Record<string, unknown>;
  if (lookup.paymentLinkId) {
    query = scoped ? LOOKUPS.idInScope : LOOKUPS.idAnyPartner;
    values = { id: lookup.paymentLinkId, partnerId: partner.id };
  } else if (lookup.partnerReferenceNo && scoped) {
    query = LOOKUPS.refInScope;
    values = { ref: lookup.partnerReferenceNo, partnerId: partner.id };
  } else throw new SnapError("transactionNotFound");

  const [row] = await run(tx, forUpdate ? query.forUpdate : query.read, values);
  if (!row) throw new SnapError("transactionNotFound");
  const link = linkColumns.read(row, 0);
  // A left join without a match gives nulls for every payment column.
  const payment = row[linkColumns.width] === null ? null : paymentColumns.read(row, linkColumns.width);
  const merchant = await getPartner(ctx, link.partnerId, tx);
  return { link, payment, merchantName: merchant?.name ?? "", state: linkState(link, ctx.now()) };
}

/**
 * How a flow above this folder makes its payment (e-wallets, lib/gateway/wallets): `create` in
 * place of createLinkPayment, and `reuse`, asked when the link's current payment is the same
 * method, whether to answer it again (the default) or to retire it and make a new one.
 */
export interface PaymentMaker {
  reuse?(tx: Executor, current: PaymentRow): Promise<boolean>;
  create(ctx: GatewayContext, tx: Executor, args: { link: LinkRow; method: MethodRow }): Promise<PaymentRow>;
}

/** Pay Payment Link: choose (or re-choose) a method and get what to pay into. */
export async function choosePaymentMethod(
  ctx: GatewayContext,
  tx: Executor,
  partner: Partner,
  lookup: LinkLookup,
  choice: { groupId: string; methodId: string },
  maker?: PaymentMaker,
): Promise<LinkView> {
  const view = await findLink(ctx, tx, partner, lookup, { forUpdate: true });
  const { link, payment: current } = view;
  if (view.state === "paid") throw new SnapError("paidBill");
  if (view.state === "expired") throw new SnapError("transactionExpired");
  const key = `${choice.groupId}.${choice.methodId}`;
  if (link.paymentMethods && !link.paymentMethods.includes(key)) {
    throw new SnapError("featureNotAllowed", `${key} is not offered on this link`);
  }
  const availability = methodAvailability(
    await merchantCatalogue(ctx, tx, link.partnerId),
    choice.groupId,
    choice.methodId,
    link.totalMinor,
  );
  if (!availability.ok) throw new SnapError("featureNotAllowed", availability.reason);

  if (
    current?.status === "active" &&
    current.groupId === choice.groupId &&
    current.methodId === choice.methodId &&
    (maker?.reuse ? await maker.reuse(tx, current) : true)
  ) {
    return view; // same method again: same VA number / same QR / same open wallet attempt
  }
  const status = transition(view.state, "choose_method");
  if (current?.status === "active") await retirePayment(tx, current);
  await recordLinkEvent(tx, link.id, current ? "method_switched" : "method_chosen", ctx.now(), { method: key });
  const make = maker?.create ?? createLinkPayment;
  const payment = await make(ctx, tx, { link, method: availability.method });
  const [updated] = await tx
    .update(paymentLinks)
    .set({ currentPaymentId: payment.id, status, updatedAt: ctx.now(), eventVersion: NEXT_EVENT_VERSION })
    .where(eq(paymentLinks.id, link.id))
    .returning();
  await announceLinkChange(tx, updated!, payment, "pending", "method");
  return { link: updated!, payment, state: "pending", merchantName: view.merchantName };
}
