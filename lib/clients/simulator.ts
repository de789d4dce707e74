import { qrNotification, splitVaNumber, vaNotification, walletNotification } from "@/lib/snap/notifications";
import { GatewayClient, type SnapCredentials } from "./gateway-client";

export { qrNotification, splitVaNumber, vaNotification, walletNotification } from "@/lib/snap/notifications";

/**
 * The sandbox acquirer: builds the notifications a bank or the QRIS switch would send and
 * sends them, signed with the acquirer's own credentials. Used by `npm run simulate`, the
 * checkout's sandbox banner and the tests; nothing here bypasses the gateway's checks. Each
 * function's `fetchImpl` is its transport (the pages pass their bounded one).
 */
export interface SimulationResult<T> {
  sent: T;
  status: number;
  reply: unknown;
}

async function send<T>(call: () => Promise<unknown>, sent: T): Promise<SimulationResult<T>> {
  try {
    return { sent, status: 200, reply: await call() };
  } catch (err) {
    const e = err as { status?: number; responseCode?: string; responseMessage?: string };
    if (typeof e.status === "number")
      return { sent, status: e.status, reply: { responseCode: e.responseCode, responseMessage: e.responseMessage } };
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
  fetchImpl: typeof fetch = fetch,
) {
  let amount = args.amount;
  if (!amount) {
    if (!args.merchant) throw new Error("amount or merchant credentials needed");
    const { partnerServiceId, customerNo } = splitVaNumber(args.virtualAccountNo);
    const res = await new GatewayClient(baseUrl, args.merchant, fetchImpl).inquiryVa({
      partnerServiceId,
      customerNo,
      virtualAccountNo: args.virtualAccountNo,
    });
    amount = res.virtualAccountData.totalAmount.value;
  }
  const body = vaNotification({ ...args, amount });
  return send(() => new GatewayClient(baseUrl, acquirer, fetchImpl).notifyVaPayment(body), body);
}

/** Pay (00) or fail (06) a QR; without `amount` it is read with Inquiry QR as the merchant. */
export async function simulateQrPayment(
  baseUrl: string,
  acquirer: SnapCredentials,
  args: { referenceNo: string; amount?: string; status: "00" | "06"; merchant?: SnapCredentials },
  fetchImpl: typeof fetch = fetch,
) {
  let amount = args.amount;
  if (!amount) {
    if (!args.merchant) throw new Error("amount or merchant credentials needed");
    const res = await new GatewayClient(baseUrl, args.merchant, fetchImpl).queryQr({
      originalReferenceNo: args.referenceNo,
      serviceCode: "47",
    });
    amount = res.amount.value;
  }
  const body = qrNotification({ ...args, amount });
  return send(() => new GatewayClient(baseUrl, acquirer, fetchImpl).notifyQrPayment(body), body);
}

/**
 * Approve (00) or decline (06) a wallet attempt as its provider would. Without `amount` the
 * attempt is read with the direct debit status as the merchant (its amount, link reference and
 * wallet), as a provider knows them from the request it was sent.
 */
export async function simulateWalletPayment(
  baseUrl: string,
  provider: SnapCredentials,
  args: {
    referenceNo: string;
    status: "00" | "06";
    amount?: string;
    partnerReferenceNo?: string;
    methodId?: string;
    merchant?: SnapCredentials;
  },
  fetchImpl: typeof fetch = fetch,
) {
  let { amount, partnerReferenceNo, methodId } = args;
  if (!amount) {
    if (!args.merchant) throw new Error("amount or merchant credentials needed");
    const res = await new GatewayClient(baseUrl, args.merchant, fetchImpl).debitStatus({
      originalReferenceNo: args.referenceNo,
      serviceCode: "54",
    });
    amount = res.amount.value;
    partnerReferenceNo ??= res.originalPartnerReferenceNo;
    methodId ??= typeof res.additionalInfo?.bank === "string" ? res.additionalInfo.bank : undefined;
  }
  const body = walletNotification({ ...args, amount, partnerReferenceNo, methodId });
  return send(() => new GatewayClient(baseUrl, provider, fetchImpl).notifyWalletPayment(body), body);
}
