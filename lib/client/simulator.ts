import { randomUUID } from "node:crypto";
import type { QrPaymentNotification } from "../api/schemas/qr";
import type { VaPaymentNotification } from "../api/schemas/va";
import { GatewayClient, type SnapCredentials } from "./gateway-client";

/**
 * The sandbox acquirer: builds the notifications a bank or the QRIS switch would send and
 * sends them, signed with the acquirer's own credentials. Used by `npm run simulate`, the
 * checkout's sandbox banner and the tests; nothing here bypasses the gateway's checks.
 */
export interface SimulationResult<T> {
  sent: T;
  status: number;
  reply: unknown;
}

/** Split a SNAP VA number into partnerServiceId (8, space-padded) and customerNo. */
export function splitVaNumber(virtualAccountNo: string): { partnerServiceId: string; customerNo: string } {
  if (virtualAccountNo.length < 9) throw new Error("a VA number is the 8-character partnerServiceId followed by the customer number");
  return { partnerServiceId: virtualAccountNo.slice(0, 8), customerNo: virtualAccountNo.slice(8) };
}

export function vaNotification(args: { virtualAccountNo: string; amount: string; paymentRequestId?: string; sourceBankCode?: string }): VaPaymentNotification {
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

export function qrNotification(args: { referenceNo: string; amount: string; status: "00" | "06" | string; partnerReferenceNo?: string }): QrPaymentNotification {
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

async function send<T>(call: () => Promise<unknown>, sent: T): Promise<SimulationResult<T>> {
  try {
    return { sent, status: 200, reply: await call() };
  } catch (err) {
    const e = err as { status?: number; responseCode?: string; responseMessage?: string };
    if (typeof e.status === "number") return { sent, status: e.status, reply: { responseCode: e.responseCode, responseMessage: e.responseMessage } };
    throw err;
  }
}

/**
 * Pay a VA. Without `amount` the bill's amount is asked from the gateway with the owning
 * merchant's credentials (Inquiry VA Data), as a bank would inquire before paying.
 */
export async function simulateVaPayment(
  baseUrl: string,
  acquirer: SnapCredentials,
  args: { virtualAccountNo: string; amount?: string; paymentRequestId?: string; merchant?: SnapCredentials },
) {
  let amount = args.amount;
  if (!amount) {
    if (!args.merchant) throw new Error("amount or merchant credentials needed");
    const { partnerServiceId, customerNo } = splitVaNumber(args.virtualAccountNo);
    const res = await new GatewayClient(baseUrl, args.merchant).inquiryVa({ partnerServiceId, customerNo, virtualAccountNo: args.virtualAccountNo });
    amount = res.virtualAccountData.totalAmount.value;
  }
  const body = vaNotification({ ...args, amount });
  return send(() => new GatewayClient(baseUrl, acquirer).notifyVaPayment(body), body);
}

/** Pay (00) or fail (06) a QR; without `amount` it is read with Inquiry QR as the merchant. */
export async function simulateQrPayment(
  baseUrl: string,
  acquirer: SnapCredentials,
  args: { referenceNo: string; amount?: string; status: "00" | "06"; merchant?: SnapCredentials },
) {
  let amount = args.amount;
  if (!amount) {
    if (!args.merchant) throw new Error("amount or merchant credentials needed");
    const res = await new GatewayClient(baseUrl, args.merchant).queryQr({ originalReferenceNo: args.referenceNo, serviceCode: "47" });
    amount = res.amount.value;
  }
  const body = qrNotification({ ...args, amount });
  return send(() => new GatewayClient(baseUrl, acquirer).notifyQrPayment(body), body);
}
