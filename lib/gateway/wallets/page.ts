import { eq } from "drizzle-orm";
import { paymentLinks, payments, walletPayments } from "@/lib/db/schema";
import { safeEqual } from "@/lib/snap/signing";
import type { GatewayContext } from "@/lib/gateway/context";
import { attemptLive } from "@/lib/gateway/settlement/wallet-settlement";
import { walletPageToken } from "@/lib/gateway/links/uris";
import { getPartner } from "@/lib/gateway/merchants/partners";

/** The gateway plays the wallet only in the sandbox: production serves no wallet page (docs/contract.md §8). */
function walletSimulated(ctx: GatewayContext): boolean {
  return ctx.config.walletProvider === "sandbox";
}

export interface WalletPageView {
  referenceNo: string;
  partnerReferenceNo: string;
  methodId: string;
  amountMinor: number;
  currency: string;
  linkId: string;
  linkLanguage: "en" | "id" | null;
  merchantName: string;
}

/**
 * The sandbox wallet page of a redirect attempt, while the payer can still answer it: the token
 * matches (compared in constant time, before anything is read), the attempt is open and still
 * the link's live method, the link pending. Null otherwise, which the page answers as one 404
 * (unknown, wrong token, already answered, switched away, link paid or expired alike).
 */
export async function openWalletPage(
  ctx: GatewayContext,
  referenceNo: string,
  token: string,
): Promise<WalletPageView | null> {
  if (!walletSimulated(ctx) || referenceNo.length > 64 || !safeEqual(token, walletPageToken(ctx, referenceNo)))
    return null;
  const [row] = await ctx.db
    .select({ attempt: walletPayments, paymentStatus: payments.status, link: paymentLinks })
    .from(walletPayments)
    .innerJoin(payments, eq(payments.id, walletPayments.paymentId))
    .innerJoin(paymentLinks, eq(paymentLinks.id, walletPayments.linkId))
    .where(eq(walletPayments.referenceNo, referenceNo))
    .limit(1);
  if (!row) return null;
  const { attempt, link } = row;
  if (attempt.flow !== "redirect" || !attemptLive(attempt, row.paymentStatus, link, ctx.now())) return null;
  const merchant = await getPartner(ctx, attempt.partnerId);
  return {
    referenceNo: attempt.referenceNo,
    partnerReferenceNo: attempt.partnerReferenceNo,
    methodId: attempt.methodId,
    amountMinor: attempt.amountMinor,
    currency: attempt.currency,
    linkId: link.id,
    linkLanguage: link.language,
    merchantName: merchant?.name ?? "",
  };
}
