import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { type paymentLinks, payments, qrCodes, virtualAccounts } from "@/lib/db/schema";
import { buildDynamicQris } from "@/lib/qris";
import type { Minor } from "@/lib/contract/money";
import type { MethodRow } from "@/lib/gateway/methods/catalogue";
import type { GatewayContext } from "@/lib/gateway/context";
import { padServiceId, randomDigits, referenceNo, vaDigits } from "@/lib/gateway/ids";
import { getPartner, type Partner } from "@/lib/gateway/merchants/partners";

type LinkRow = typeof paymentLinks.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/**
 * What the payer pays into once a method is chosen. A link's VA and QR are ordinary
 * virtual_accounts / qr_codes rows, the same records the standalone VA and QR operations
 * manage, tied to the link through a payments row.
 */
export async function createLinkPayment(
  ctx: GatewayContext,
  tx: Executor,
  args: { link: LinkRow; method: MethodRow },
): Promise<PaymentRow> {
  const { link, method } = args;
  const merchant = await getPartner(ctx, link.partnerId, tx);
  if (!merchant) throw new Error(`merchant ${link.partnerId} missing`);
  const paymentId = randomUUID();
  const base = {
    id: paymentId,
    partnerId: link.partnerId,
    linkId: link.id,
    groupId: method.groupId,
    methodId: method.id,
    status: "active" as const,
    amountMinor: link.totalMinor,
    currency: link.currency,
    partnerReferenceNo: link.partnerReferenceNo,
  };
  if (method.groupId === "va") {
    const va = await allocateVaNumber(tx, method);
    const name = merchant.name.slice(0, 255);
    const [payment] = await tx
      .insert(payments)
      .values({ ...base, contentName: name, contentValue: va.virtualAccountNo, referenceNo: va.virtualAccountNo })
      .returning();
    await tx.insert(virtualAccounts).values({
      id: randomUUID(),
      partnerId: link.partnerId,
      paymentId,
      bank: method.id,
      partnerServiceId: va.partnerServiceId,
      customerNo: va.customerNo,
      virtualAccountNo: va.virtualAccountNo,
      accountDigits: vaDigits(va.virtualAccountNo),
      virtualAccountName: name,
      virtualAccountEmail: link.invoice.customer.email || null,
      virtualAccountPhone: link.invoice.customer.phoneNumber || null,
      trxId: link.trxId,
      trxType: "C",
      amountMinor: link.totalMinor,
      currency: link.currency,
      status: "active",
      expiresAt: link.expiresAt,
    });
    return payment!;
  }
  if (method.groupId === "qr") {
    const ref = referenceNo("QR", ctx.now());
    const content = qrisFor(merchant, link.totalMinor, ref);
    const [payment] = await tx
      .insert(payments)
      .values({ ...base, contentName: merchant.name, contentValue: content, referenceNo: ref })
      .returning();
    await tx.insert(qrCodes).values({
      referenceNo: ref,
      partnerId: link.partnerId,
      paymentId,
      partnerReferenceNo: link.partnerReferenceNo,
      amountMinor: link.totalMinor,
      currency: link.currency,
      content,
      status: "active",
      expiresAt: link.expiresAt,
    });
    return payment!;
  }
  if (method.groupId === "cc") {
    // The card is not known yet: the content (brand, masked number) is filled in when a
    // payment intent for this link is confirmed.
    const [payment] = await tx
      .insert(payments)
      .values({ ...base, contentName: "", contentValue: "", referenceNo: paymentId })
      .returning();
    return payment!;
  }
  throw new Error(`no payment content for method group ${method.groupId}`);
}

/** The previous method stops accepting money: its VA/QR is retired with it. */
export async function retirePayment(tx: Executor, payment: PaymentRow): Promise<void> {
  // Called with the link locked; VA/QR before the payments row, as lib/gateway/locks.ts orders them.
  if (payment.groupId === "va")
    await tx.update(virtualAccounts).set({ status: "retired" }).where(eq(virtualAccounts.paymentId, payment.id));
  if (payment.groupId === "qr")
    await tx.update(qrCodes).set({ status: "retired" }).where(eq(qrCodes.paymentId, payment.id));
  await tx.update(payments).set({ status: "retired" }).where(eq(payments.id, payment.id));
}

async function allocateVaNumber(tx: Executor, method: MethodRow) {
  if (!method.partnerServiceId) throw new Error(`VA method ${method.id} has no partnerServiceId`);
  const partnerServiceId = padServiceId(method.partnerServiceId);
  // 11 random digits: a clash is rare, and checked before insert so the transaction
  // does not abort on the unique index.
  for (let attempt = 0; attempt < 5; attempt++) {
    const customerNo = randomDigits(11);
    const virtualAccountNo = `${partnerServiceId}${customerNo}`;
    const [clash] = await tx
      .select({ id: virtualAccounts.id })
      .from(virtualAccounts)
      .where(eq(virtualAccounts.virtualAccountNo, virtualAccountNo))
      .limit(1);
    if (!clash) return { partnerServiceId, customerNo, virtualAccountNo };
  }
  throw new Error("could not allocate a VA number");
}

/**
 * The merchant's QRIS identity, derived from its id so every QR of one merchant agrees:
 * an NMID shaped like an issued one ("ID" + 13 digits, 15 characters, the digits starting
 * with "10" as ASPI's do), the PAN from the same digits, tag 61 from its postal code.
 * The caller has checked the amount with fitsQrisAmount: this never sees one it cannot write.
 */
export function qrisFor(
  merchant: Pick<Partner, "id" | "name" | "city" | "postalCode">,
  amountMinor: Minor,
  reference: string,
): string {
  const digits = BigInt(`0x${merchant.id.replace(/-/g, "").slice(0, 15)}`)
    .toString()
    .padStart(19, "0")
    .slice(-13);
  return buildDynamicQris({
    merchantName: asciiName(merchant.name),
    merchantCity: asciiName(merchant.city),
    postalCode: merchant.postalCode,
    nmid: `ID10${digits.slice(-11)}`,
    merchantPan: `936009${digits}`,
    acquirerDomain: "ID.CO.NUSAPAY.WWW",
    mcc: "5999",
    amountMinor,
    referenceLabel: reference,
    terminalLabel: "PAYLINK",
  });
}

function asciiName(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .trim() || "MERCHANT"
  );
}
