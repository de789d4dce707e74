import { SnapRefundResponse, type SnapRefundRequest } from "@/lib/contract/refunds";
import {
  PaymentLinkResponse,
  PaymentMethodResponse,
  type CreatePaymentLinkRequest,
  type LinkLookupRequest,
  type PayPaymentLinkRequest,
} from "@/lib/contract/payment-link";
import {
  GenerateQrResponse,
  QrNotifyResponse,
  QueryQrResponse,
  type GenerateQrRequest,
  type QrPaymentNotification,
  type QueryQrRequest,
} from "@/lib/contract/qr";
import {
  VaDataResponse,
  VaPaymentResponse,
  VaStatusResponse,
  type CreateVaRequest,
  type VaKey,
  type VaPaymentNotification,
} from "@/lib/contract/va";
import {
  TransactionDetailResponse,
  TransactionListResponse,
  type TransactionDetailRequest,
  type TransactionListQuery,
} from "@/lib/contract/account";
import { CardPayResponse, type CardPayRequest } from "@/lib/contract/card-pay";
import { responseCode } from "@/lib/snap/codes";
import {
  DebitStatusResponse,
  WalletNotifyResponse,
  type DebitStatusRequest,
  type WalletNotification,
} from "@/lib/contract/wallet";
import { SnapClient, type SnapCredentials } from "./snap-client";

export { SnapClient, SnapClientError, type SnapCredentials } from "./snap-client";

/** Where the acquirer's payment notifications go (docs/contract.md §2.8). */
export const NOTIFICATION_PATHS = {
  va: "/v1.0/transfer-va/payment",
  qr: "/v1.0/qr/qr-mpm-notify",
  ew: "/v1.0/debit/notify",
} as const;

/**
 * The refusals of Pay Payment Link (service 27) that a page answers in its own words, by
 * name: built from the gateway's code table, so the page and the gateway cannot disagree.
 */
export const PAY_LINK_REFUSALS = {
  expired: responseCode("transactionExpired", "27"),
  paid: responseCode("paidBill", "27"),
} as const;

/** Pay Payment Link's refusals of an OVO phone number (docs/contract.md §8), both naming `phoneNumber`. */
export const WALLET_PHONE_REFUSALS = {
  malformed: responseCode("invalidFieldFormat", "27"),
  missing: responseCode("invalidMandatoryField", "27"),
} as const;

/**
 * The typed gateway client: one method per operation, requests typed by the same zod
 * schemas the gateway validates with, answers parsed before they are returned.
 */
export class GatewayClient {
  readonly snap: SnapClient;

  constructor(baseUrl: string, credentials: SnapCredentials, fetchImpl?: typeof fetch) {
    this.snap = new SnapClient(baseUrl.replace(/\/+$/, ""), credentials, fetchImpl);
  }

  createPaymentLink(req: CreatePaymentLinkRequest) {
    return this.snap.call("POST", "/v1.0/payment-link/create", req, PaymentLinkResponse);
  }

  inquiryPaymentLink(req: LinkLookupRequest) {
    return this.snap.call("POST", "/v1.0/payment-link/inquiry", req, PaymentLinkResponse);
  }

  paymentLinkMethods(req: LinkLookupRequest) {
    return this.snap.call("POST", "/v1.0/payment-link/payment-method", req, PaymentMethodResponse);
  }

  payPaymentLink(req: PayPaymentLinkRequest) {
    return this.snap.call("POST", "/v1.0/payment-link/pay", req, PaymentLinkResponse);
  }

  createVa(req: CreateVaRequest) {
    return this.snap.call("POST", "/v1.0/transfer-va/create-va", req, VaDataResponse);
  }

  updateVa(req: CreateVaRequest) {
    return this.snap.call("PUT", "/v1.0/transfer-va/update-va", req, VaDataResponse);
  }

  inquiryVa(req: VaKey) {
    return this.snap.call("POST", "/v1.0/transfer-va/inquiry-va", req, VaDataResponse);
  }

  vaStatus(req: VaKey) {
    return this.snap.call("POST", "/v1.0/transfer-va/status", req, VaStatusResponse);
  }

  deleteVa(req: VaKey) {
    return this.snap.call("DELETE", "/v1.0/transfer-va/delete-va", req, VaDataResponse);
  }

  generateQr(req: GenerateQrRequest) {
    return this.snap.call("POST", "/v1.0/qr/qr-mpm-generate", req, GenerateQrResponse);
  }

  queryQr(req: QueryQrRequest) {
    return this.snap.call("POST", "/v1.0/qr/qr-mpm-query", req, QueryQrResponse);
  }

  cardPay(req: CardPayRequest) {
    return this.snap.call("POST", "/v1.0/debit/payment-host-to-host", req, CardPayResponse);
  }

  /** Direct debit status of a wallet attempt or a Card Pay (docs/contract.md §8). */
  debitStatus(req: DebitStatusRequest) {
    return this.snap.call("POST", "/v1.0/debit/status", req, DebitStatusResponse);
  }

  /** docs/contract.md §9: a paid QRIS payment's refund (service 78). */
  refundQr(req: SnapRefundRequest) {
    return this.snap.call("POST", "/v1.0/qr/qr-mpm-refund", req, SnapRefundResponse);
  }
  /** docs/contract.md §9: a paid e-wallet or Card Pay payment's refund (service 58). */
  refundDebit(req: SnapRefundRequest) {
    return this.snap.call("POST", "/v1.0/debit/refund", req, SnapRefundResponse);
  }

  /** GET with the filters in the query string (signed as sent, query included). */
  transactionList(query: TransactionListQuery = {}) {
    const qs = new URLSearchParams(
      Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    ).toString();
    return this.snap.call(
      "GET",
      `/v1.0/transaction-history-list${qs ? `?${qs}` : ""}`,
      undefined,
      TransactionListResponse,
    );
  }

  transactionDetail(req: TransactionDetailRequest) {
    return this.snap.call("POST", "/v1.0/transaction-history-detail", req, TransactionDetailResponse);
  }

  /** Acquirer side: a VA payment notification (docs/contract.md §12.6). */
  notifyVaPayment(req: VaPaymentNotification) {
    return this.snap.call("POST", NOTIFICATION_PATHS.va, req, VaPaymentResponse);
  }

  /** Acquirer side: a QR payment notification (docs/contract.md §12.5). */
  notifyQrPayment(req: QrPaymentNotification) {
    return this.snap.call("POST", NOTIFICATION_PATHS.qr, req, QrNotifyResponse);
  }

  /** Wallet provider side: an e-wallet payment notification (docs/contract.md §8). */
  notifyWalletPayment(req: WalletNotification) {
    return this.snap.call("POST", NOTIFICATION_PATHS.ew, req, WalletNotifyResponse);
  }
}
