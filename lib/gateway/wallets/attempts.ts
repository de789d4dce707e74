import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { payments, walletPayments } from "@/lib/db/schema";
import { SnapError } from "@/lib/snap/codes";
import { WALLET_METHODS, isWalletMethod, maskMobile, normalizeMobile } from "@/lib/contract/wallet";
import type { GatewayContext } from "@/lib/gateway/context";
import { referenceNo } from "@/lib/gateway/ids";
import {
  choosePaymentMethod,
  type LinkLookup,
  type LinkView,
  type PaymentMaker,
} from "@/lib/gateway/links/payment-links";
import { walletPagePath } from "@/lib/gateway/links/uris";
import type { Partner } from "@/lib/gateway/merchants/partners";
import { lapsed } from "@/lib/gateway/settlement/wallet-settlement";

type WalletRow = typeof walletPayments.$inferSelect;

interface WalletChoice {
  groupId: string;
  methodId: string;
  phoneNumber?: string | undefined;
}

const PHONE_FIELD = "additionalInfo.paymentMethod.phoneNumber";

/**
 * The push flow's number, checked before anything is looked up (docs/contract.md §8): missing →
 * 4002702, not an Indonesian mobile number → 4002701, both naming the field. Null for a
 * redirect wallet, which needs none.
 */
function pushNumber(choice: WalletChoice): string | null {
  if (!isWalletMethod(choice.methodId) || WALLET_METHODS[choice.methodId].flow !== "push") return null;
  if (choice.phoneNumber === undefined || choice.phoneNumber.trim() === "")
    throw new SnapError("invalidMandatoryField", PHONE_FIELD);
  const normalized = normalizeMobile(choice.phoneNumber);
  if (!normalized) throw new SnapError("invalidFieldFormat", PHONE_FIELD);
  return normalized;
}

async function walletOfPayment(tx: Executor, paymentId: string): Promise<WalletRow | null> {
  const [row] = await tx.select().from(walletPayments).where(eq(walletPayments.paymentId, paymentId)).limit(1);
  return row ?? null;
}

/**
 * Pay Payment Link with an e-wallet: a new attempt with its own `referenceNo`, or the open one
 * again — a redirect wallet's while the payer has not answered it, the push request while it
 * has not lapsed and goes to the same number. Anything else retires the open attempt (its
 * late success still settles an unpaid link: lib/gateway/settlement/wallet-settlement.ts).
 */
export async function payWithWallet(
  ctx: GatewayContext,
  tx: Executor,
  partner: Partner,
  lookup: LinkLookup,
  choice: WalletChoice,
): Promise<LinkView> {
  const phone = pushNumber(choice);
  const phoneHash = phone === null ? null : ctx.vault.derive("wallet-phone", phone);
  const maker: PaymentMaker = {
    async reuse(exec, current) {
      const attempt = await walletOfPayment(exec, current.id);
      if (!attempt || attempt.status !== "open") return false;
      if (attempt.flow === "redirect") return true;
      return !lapsed(attempt, ctx.now()) && attempt.phoneHash === phoneHash;
    },
    async create(gw, exec, { link, method }) {
      if (!isWalletMethod(method.id)) throw new SnapError("featureNotAllowed", `${method.id} is not a wallet`);
      const flow = WALLET_METHODS[method.id].flow;
      const now = gw.now();
      const ref = referenceNo("EW", now);
      const masked = phone === null ? null : maskMobile(phone);
      const content =
        flow === "redirect"
          ? { contentName: "webRedirectUrl", contentValue: `${gw.config.publicBaseUrl}${walletPagePath(ref)}` }
          : { contentName: "phoneNumber", contentValue: masked! };
      const [payment] = await exec
        .insert(payments)
        .values({
          id: randomUUID(),
          partnerId: link.partnerId,
          linkId: link.id,
          groupId: "ew",
          methodId: method.id,
          status: "active",
          amountMinor: link.totalMinor,
          currency: link.currency,
          partnerReferenceNo: link.partnerReferenceNo,
          referenceNo: ref,
          ...content,
        })
        .returning();
      await exec.insert(walletPayments).values({
        referenceNo: ref,
        partnerId: link.partnerId,
        paymentId: payment!.id,
        linkId: link.id,
        methodId: method.id,
        flow,
        partnerReferenceNo: link.partnerReferenceNo,
        amountMinor: link.totalMinor,
        currency: link.currency,
        phoneHash,
        phoneMasked: masked,
        lapsesAt: flow === "push" ? new Date(now.getTime() + gw.config.walletPushTtlSeconds * 1000) : null,
        status: "open",
      });
      // The sandbox has no wallet to ask: the push request is "sent" by existing; a real
      // provider's request goes here (docs/wallets.md).
      return payment!;
    },
  };
  return choosePaymentMethod(ctx, tx, partner, lookup, choice, maker);
}
