import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { payments, virtualAccounts } from "@/lib/db/schema";
import { lockLinkOfPayment } from "@/lib/gateway/locks";
import { formatMoney, ZERO, type Minor } from "@/lib/contract/money";
import { SnapError } from "@/lib/snap/codes";
import { formatJakarta } from "@/lib/contract/time";
import { loadCatalogue } from "@/lib/gateway/methods/catalogue";
import type { GatewayContext } from "@/lib/gateway/context";
import { padServiceId, vaDigits } from "@/lib/gateway/ids";
import { FLAG_REASONS } from "@/lib/contract/link-flags";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { insertStandalone } from "@/lib/gateway/settlement/standalone-payments";

export type VaRow = typeof virtualAccounts.$inferSelect;

export interface VaInput {
  partnerServiceId: string;
  customerNo: string;
  virtualAccountNo: string;
  virtualAccountName: string;
  virtualAccountEmail?: string | undefined;
  virtualAccountPhone?: string | undefined;
  trxId: string;
  amountMinor: Minor | null;
  trxType: "C" | "O";
  expiresAt: Date;
  additionalInfo?: Record<string, unknown> | undefined;
}

/** The bank behind a partnerServiceId: one of the catalogue's active VA methods. */
async function bankFor(ctx: GatewayContext, tx: Executor, partnerServiceId: string) {
  const catalogue = await loadCatalogue(ctx, tx);
  const method = catalogue.methods.find((m) => m.groupId === "va" && m.partnerServiceId === partnerServiceId.trim());
  if (!method) throw new SnapError("invalidFieldFormat", "partnerServiceId");
  if (!method.active) throw new SnapError("featureNotAllowed", `${method.title} virtual accounts are unavailable`);
  return method;
}

function checkShape(input: VaInput): void {
  if (vaDigits(input.virtualAccountNo) !== vaDigits(input.partnerServiceId) + vaDigits(input.customerNo)) {
    throw new SnapError("invalidFieldFormat", "virtualAccountNo");
  }
  if (input.trxType === "C" && (input.amountMinor === null || input.amountMinor <= 0)) {
    throw new SnapError(input.amountMinor === null ? "invalidMandatoryField" : "invalidFieldFormat", "totalAmount");
  }
}

/** The columns a partner sets on create and replaces on update (not the number, not the bank). */
function billFields(input: VaInput) {
  return {
    virtualAccountName: input.virtualAccountName,
    virtualAccountEmail: input.virtualAccountEmail ?? null,
    virtualAccountPhone: input.virtualAccountPhone ?? null,
    trxId: input.trxId,
    trxType: input.trxType,
    amountMinor: input.amountMinor,
    expiresAt: input.expiresAt,
  };
}

export async function createVa(ctx: GatewayContext, tx: Executor, partner: Partner, input: VaInput): Promise<VaRow> {
  if (partner.kind !== "merchant") throw new SnapError("featureNotAllowed");
  checkShape(input);
  if (input.expiresAt.getTime() <= ctx.now().getTime()) throw new SnapError("invalidFieldFormat", "expiredDate");
  const bank = await bankFor(ctx, tx, input.partnerServiceId);
  const partnerServiceId = padServiceId(input.partnerServiceId);
  const customerNo = input.customerNo.trim();
  const virtualAccountNo = `${partnerServiceId}${customerNo}`;
  const digits = vaDigits(virtualAccountNo);
  const [clash] = await tx
    .select({ id: virtualAccounts.id })
    .from(virtualAccounts)
    .where(eq(virtualAccounts.accountDigits, digits))
    .limit(1);
  if (clash) throw new SnapError("duplicateVirtualAccount");
  const paymentId = randomUUID();
  return insertStandalone(
    tx,
    {
      id: paymentId,
      partnerId: partner.id,
      groupId: "va",
      methodId: bank.id,
      amountMinor: input.amountMinor ?? ZERO,
      contentName: input.virtualAccountName,
      contentValue: virtualAccountNo,
      referenceNo: virtualAccountNo,
      partnerReferenceNo: input.trxId,
    },
    async () => {
      const [row] = await tx
        .insert(virtualAccounts)
        .values({
          id: randomUUID(),
          partnerId: partner.id,
          paymentId,
          bank: bank.id,
          partnerServiceId,
          customerNo,
          virtualAccountNo,
          accountDigits: digits,
          ...billFields(input),
          status: "active",
          additionalInfo: input.additionalInfo ?? null,
        })
        .returning();
      return row!;
    },
    "duplicateVirtualAccount",
  );
}

/** The partner's own VA by number (spaces as SNAP writes them or not), locked for change. */
export async function findVa(
  tx: Executor,
  partner: Partner,
  virtualAccountNo: string,
  { forUpdate = false } = {},
): Promise<VaRow> {
  const q = tx
    .select()
    .from(virtualAccounts)
    .where(
      and(eq(virtualAccounts.accountDigits, vaDigits(virtualAccountNo)), eq(virtualAccounts.partnerId, partner.id)),
    )
    .limit(1);
  const [row] = forUpdate ? await q.for("update") : await q;
  if (!row || row.status === "deleted" || row.status === "retired")
    throw new SnapError("invalidBillReason", "not found");
  return row;
}

export async function updateVa(ctx: GatewayContext, tx: Executor, partner: Partner, input: VaInput): Promise<VaRow> {
  checkShape(input);
  const va = await findVa(tx, partner, input.virtualAccountNo, { forUpdate: true });
  if (va.status === "paid") throw new SnapError("paidBill");
  if (va.paymentId) {
    const [p] = await tx
      .select({ linkId: payments.linkId })
      .from(payments)
      .where(eq(payments.id, va.paymentId))
      .limit(1);
    if (p?.linkId) throw new SnapError("featureNotAllowed", "this VA belongs to a payment link");
  }
  if (input.expiresAt.getTime() <= ctx.now().getTime()) throw new SnapError("invalidFieldFormat", "expiredDate");
  const [row] = await tx
    .update(virtualAccounts)
    .set({
      ...billFields(input),
      additionalInfo: input.additionalInfo ?? va.additionalInfo,
      updatedAt: ctx.now(),
    })
    .where(eq(virtualAccounts.id, va.id))
    .returning();
  if (va.paymentId) {
    await tx
      .update(payments)
      .set({ amountMinor: input.amountMinor ?? ZERO, contentName: input.virtualAccountName })
      .where(eq(payments.id, va.paymentId));
  }
  return row!;
}

export async function deleteVa(
  ctx: GatewayContext,
  tx: Executor,
  partner: Partner,
  virtualAccountNo: string,
): Promise<VaRow> {
  // A link's VA: its link first (lib/gateway/locks.ts), or this would deadlock with a method switch.
  await lockLinkOfPayment(tx, (await findVa(tx, partner, virtualAccountNo)).paymentId);
  const va = await findVa(tx, partner, virtualAccountNo, { forUpdate: true });
  if (va.status === "paid") throw new SnapError("paidBill");
  const [row] = await tx
    .update(virtualAccounts)
    .set({ status: "deleted", updatedAt: ctx.now() })
    .where(eq(virtualAccounts.id, va.id))
    .returning();
  if (va.paymentId) await tx.update(payments).set({ status: "deleted" }).where(eq(payments.id, va.paymentId));
  return row!;
}

export function vaData(va: VaRow) {
  return {
    partnerServiceId: va.partnerServiceId,
    customerNo: va.customerNo,
    virtualAccountNo: va.virtualAccountNo,
    virtualAccountName: va.virtualAccountName,
    virtualAccountEmail: va.virtualAccountEmail ?? "",
    virtualAccountPhone: va.virtualAccountPhone ?? "",
    trxId: va.trxId,
    totalAmount: { value: formatMoney(va.amountMinor ?? ZERO), currency: va.currency },
    virtualAccountTrxType: va.trxType,
    expiredDate: formatJakarta(va.expiresAt),
    additionalInfo: va.additionalInfo ?? {},
  };
}

/** Inquiry VA Status: the link codes, 02 until paid, 03 once expired unpaid. */
export function vaStatus(
  va: VaRow,
  now: Date,
  ids: { inquiryRequestId?: string | undefined; paymentRequestId?: string | undefined },
) {
  const flag = va.status === "paid" ? "00" : va.expiresAt.getTime() <= now.getTime() ? "03" : "02";
  return {
    partnerServiceId: va.partnerServiceId,
    customerNo: va.customerNo,
    virtualAccountNo: va.virtualAccountNo,
    inquiryRequestId: ids.inquiryRequestId ?? "",
    paymentRequestId: va.paymentRequestId ?? ids.paymentRequestId ?? "",
    trxId: va.trxId,
    paidAmount: { value: formatMoney(va.paidAmountMinor ?? ZERO), currency: va.currency },
    totalAmount: { value: formatMoney(va.amountMinor ?? ZERO), currency: va.currency },
    transactionDate: formatJakarta(va.paidAt ?? va.createdAt),
    paymentFlagStatus: flag as "00" | "02" | "03",
    paymentFlagReason: FLAG_REASONS[flag],
  };
}
