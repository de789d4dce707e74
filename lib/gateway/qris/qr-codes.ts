import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { qrCodes } from "@/lib/db/schema";
import { formatMoney, type Minor } from "@/lib/contract/money";
import { fitsQrisAmount } from "@/lib/qris";
import { SnapError } from "@/lib/snap/codes";
import { formatJakarta } from "@/lib/contract/time";
import { loadCatalogue, methodAvailability } from "@/lib/gateway/methods/catalogue";
import type { GatewayContext } from "@/lib/gateway/context";
import { referenceNo } from "@/lib/gateway/ids";
import { qrisFor } from "@/lib/gateway/links/link-payments";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { insertStandalone } from "@/lib/gateway/settlement/standalone-payments";
import { TRANSACTION_STATUS_DESC } from "@/lib/contract/transaction-status";

export type QrRow = typeof qrCodes.$inferSelect;

/** Generate QR MPM: a dynamic QRIS for an amount, valid until validityPeriod (default 30 min). */
export async function generateQr(
  ctx: GatewayContext,
  tx: Executor,
  partner: Partner,
  input: {
    partnerReferenceNo: string;
    amountMinor: Minor;
    merchantId?: string | undefined;
    validUntil?: Date | undefined;
  },
): Promise<QrRow> {
  if (partner.kind !== "merchant") throw new SnapError("featureNotAllowed");
  const availability = methodAvailability(await loadCatalogue(ctx, tx), "qr", "qris");
  if (!availability.ok) throw new SnapError("featureNotAllowed", availability.reason);
  if (input.amountMinor <= 0) throw new SnapError("invalidFieldFormat", "amount.value");
  // Tag 54 holds 13 characters: 99999999999.99 is well-formed money, but no QR can carry it.
  if (!fitsQrisAmount(input.amountMinor)) throw new SnapError("invalidFieldFormat", "amount");
  const now = ctx.now();
  const expiresAt = input.validUntil ?? new Date(now.getTime() + 30 * 60_000);
  if (expiresAt.getTime() <= now.getTime()) throw new SnapError("invalidFieldFormat", "validityPeriod");
  const [dup] = await tx
    .select({ ref: qrCodes.referenceNo })
    .from(qrCodes)
    .where(
      and(
        eq(qrCodes.partnerId, partner.id),
        eq(qrCodes.partnerReferenceNo, input.partnerReferenceNo),
        isNull(qrCodes.paymentId),
      ),
    )
    .limit(1);
  if (dup) throw new SnapError("duplicatePartnerReference");
  const ref = referenceNo("QR", now);
  const content = qrisFor(partner, input.amountMinor, ref);
  // Standalone QRs are found by their own reference; the payments row links them to
  // the transaction list. payment_id stays null so the partner-reference index applies.
  return insertStandalone(
    tx,
    {
      id: randomUUID(),
      partnerId: partner.id,
      groupId: "qr",
      methodId: "qris",
      amountMinor: input.amountMinor,
      contentName: partner.name,
      contentValue: content,
      referenceNo: ref,
      partnerReferenceNo: input.partnerReferenceNo,
    },
    async () => {
      const [row] = await tx
        .insert(qrCodes)
        .values({
          referenceNo: ref,
          partnerId: partner.id,
          paymentId: null,
          partnerReferenceNo: input.partnerReferenceNo,
          merchantId: input.merchantId ?? null,
          amountMinor: input.amountMinor,
          content,
          status: "active",
          expiresAt,
        })
        .returning();
      return row!;
    },
    "duplicatePartnerReference",
  );
}

export async function findQr(
  tx: Executor,
  partner: Partner,
  ref: { originalReferenceNo?: string | undefined; originalPartnerReferenceNo?: string | undefined },
): Promise<QrRow> {
  let where;
  if (ref.originalReferenceNo)
    where = and(eq(qrCodes.referenceNo, ref.originalReferenceNo), eq(qrCodes.partnerId, partner.id));
  else if (ref.originalPartnerReferenceNo)
    where = and(eq(qrCodes.partnerReferenceNo, ref.originalPartnerReferenceNo), eq(qrCodes.partnerId, partner.id));
  else throw new SnapError("invalidMandatoryField", "originalReferenceNo");
  const [row] = await tx.select().from(qrCodes).where(where).limit(1);
  if (!row) throw new SnapError("transactionNotFound");
  return row;
}

const STATUS_CODE: Record<QrRow["status"], "00" | "01" | "04" | "05" | "06"> = {
  active: "01",
  paid: "00",
  refunded: "04",
  failed: "06",
  retired: "05",
  canceled: "05",
};

export function qrStatus(qr: QrRow) {
  const code = STATUS_CODE[qr.status];
  return {
    originalReferenceNo: qr.referenceNo,
    originalPartnerReferenceNo: qr.partnerReferenceNo,
    serviceCode: "47" as const,
    latestTransactionStatus: code,
    transactionStatusDesc: TRANSACTION_STATUS_DESC[code]!,
    ...(qr.paidAt ? { paidTime: formatJakarta(qr.paidAt) } : {}),
    amount: { value: formatMoney(qr.amountMinor), currency: qr.currency },
  };
}
