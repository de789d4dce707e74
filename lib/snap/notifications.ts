import { randomUUID } from "node:crypto";
import type { QrPaymentNotification } from "@/lib/contract/qr";
import type { VaPaymentNotification } from "@/lib/contract/va";
import { WALLET_METHODS, isWalletMethod, type WalletNotification } from "@/lib/contract/wallet";
import { formatJakarta } from "@/lib/contract/time";

/**
 * Payment notifications as an acquirer writes them (docs/contract.md §12.5, §12.6). Pure builders:
 * the simulator sends them, the seed settles its demo links through them.
 */

/** Split a SNAP VA number into partnerServiceId (8, space-padded) and customerNo. */
export function splitVaNumber(virtualAccountNo: string): { partnerServiceId: string; customerNo: string } {
  if (virtualAccountNo.length < 9)
    throw new Error("a VA number is the 8-character partnerServiceId followed by the customer number");
  return { partnerServiceId: virtualAccountNo.slice(0, 8), customerNo: virtualAccountNo.slice(8) };
}

export function vaNotification(args: {
  virtualAccountNo: string;
  amount: string;
  paymentRequestId?: string;
  sourceBankCode?: string;
}): VaPaymentNotification {
  const { partnerServiceId, customerNo } = splitVaNumber(args.virtualAccountNo);
  return {
    responseCode: "2000001",
    responseMessage: "Successful",
    virtualAccountData: {
      customerNo,
      hashedSourceAccountNo: "******7890",
      paidAmount: { currency: "IDR", value: args.amount },
      partnerServiceId,
      paymentRequestId: args.paymentRequestId ?? randomUUID(),
      sourceBankCode: args.sourceBankCode ?? "014",
      virtualAccountNo: args.virtualAccountNo,
    },
  };
}

export function qrNotification(args: {
  referenceNo: string;
  amount: string;
  status: "00" | "06" | string;
  partnerReferenceNo?: string;
}): QrPaymentNotification {
  return {
    originalReferenceNo: args.referenceNo,
    ...(args.partnerReferenceNo ? { originalPartnerReferenceNo: args.partnerReferenceNo } : {}),
    latestTransactionStatus: args.status as QrPaymentNotification["latestTransactionStatus"],
    transactionStatusDesc: args.status === "00" ? "success" : args.status === "06" ? "failed" : "pending",
    customerNumber: "6281234567890",
    accountType: "SAVINGS",
    destinationNumber: "936009",
    destinationAccountName: "Sandbox Merchant",
    amount: { value: args.amount, currency: "IDR" },
    sessionId: randomUUID(),
    bankCode: "014",
    externalStoreId: "SANDBOX-STORE",
    additionalInfo: { deviceId: "sandbox-simulator", channel: "mobilephone" },
  };
}

/** A wallet provider's notification of one attempt (docs/contract.md §8): approved (00) or declined (06). */
export function walletNotification(args: {
  referenceNo: string;
  amount: string;
  status: "00" | "06";
  partnerReferenceNo?: string;
  /** The wallet's method id (`dana`, `ovo`, …): names the channel. */
  methodId?: string;
  finishedAt?: Date;
}): WalletNotification {
  const channel = args.methodId && isWalletMethod(args.methodId) ? WALLET_METHODS[args.methodId].channel : undefined;
  return {
    originalReferenceNo: args.referenceNo,
    ...(args.partnerReferenceNo ? { originalPartnerReferenceNo: args.partnerReferenceNo } : {}),
    latestTransactionStatus: args.status,
    transactionStatusDesc: args.status === "00" ? "Success" : "Failed",
    amount: { value: args.amount, currency: "IDR" },
    finishedTime: formatJakarta(args.finishedAt ?? new Date()),
    ...(channel ? { additionalInfo: { channel } } : {}),
  };
}
