import type { SnapCase } from "@/lib/snap/codes";

/**
 * What the document says of each signed operation beyond its route: the operationId a generated
 * client names its method after, a description, and the refusals its business step can answer
 * (the wrapper's own — format, token, signature, X-EXTERNAL-ID, rate limit, fault — are added
 * for every operation). Kept beside the routes rather than in them, so a route stays its step.
 */
export const SNAP_DOCS: Record<string, { operationId: string; description: string; errors: SnapCase[] }> = {
  "/v1.0/payment-link/create": {
    operationId: "createPaymentLink",
    description:
      "Creates a hosted payment link for an invoice (items, fees, customer) and answers its `paymentLinkUri`, the payer's checkout. `totalAmount`, when given, must equal the items plus fees. `partnerReferenceNo` is unique per merchant.",
    errors: ["featureNotAllowed", "duplicatePartnerReference"],
  },
  "/v1.0/payment-link/inquiry": {
    operationId: "inquiryPaymentLink",
    description:
      "The link's state (`paymentFlagStatus` 00 paid, 01 rejected, 02 pending, 03 expired) and its chosen payment, found by `additionalInfo.paymentLinkId` or else `partnerReferenceNo`.",
    errors: ["transactionNotFound"],
  },
  "/v1.0/payment-link/payment-method": {
    operationId: "listPaymentLinkMethods",
    description: "The method groups and methods the link offers, each `active` or not with a bilingual reason.",
    errors: ["transactionNotFound"],
  },
  "/v1.0/payment-link/pay": {
    operationId: "payPaymentLink",
    description:
      "Chooses a method for the link (`additionalInfo.paymentMethod`): a virtual account number, a QRIS payload, the hosted card page, or an e-wallet attempt (`groupId` `ew`: `dana`, `shopeepay`, `gopay` answer the wallet's `webRedirectUrl`; `ovo` takes `phoneNumber` and answers it masked; either adds `payment.referenceNo`). The same method again answers the same VA, QR or open wallet attempt; another one retires the previous.",
    errors: ["transactionNotFound", "featureNotAllowed", "paidBill", "transactionExpired"],
  },
  "/v1.0/transfer-va/create-va": {
    operationId: "createVirtualAccount",
    description: "Creates a virtual account, closed (`C`, one exact amount) or open (`O`).",
    errors: ["featureNotAllowed", "duplicateVirtualAccount"],
  },
  "/v1.0/transfer-va/update-va": {
    operationId: "updateVirtualAccount",
    description: "Changes an unpaid virtual account's name, contact, amount or expiry.",
    errors: ["featureNotAllowed", "invalidBillReason", "paidBill"],
  },
  "/v1.0/transfer-va/inquiry-va": {
    operationId: "inquiryVirtualAccount",
    description: "The virtual account's data as it was created or last updated.",
    errors: ["invalidBillReason"],
  },
  "/v1.0/transfer-va/status": {
    operationId: "inquiryVirtualAccountStatus",
    description: "Whether the virtual account is paid (`paymentFlagStatus` 00) or not yet (02), with the amount paid.",
    errors: ["invalidBillReason"],
  },
  "/v1.0/transfer-va/delete-va": {
    operationId: "deleteVirtualAccount",
    description:
      "Deletes an unpaid virtual account: later payments to it are refused. A payment link's VA is retired by choosing another method instead.",
    errors: ["featureNotAllowed", "invalidBillReason", "paidBill"],
  },
  "/v1.0/transfer-va/payment": {
    operationId: "notifyVirtualAccountPayment",
    description:
      "Inbound, from the acquirer (the bank): a payment into a virtual account. `latestTransactionStatus` 00 settles it, 06 rejects it. The same `paymentRequestId` again answers the first answer again, never a second credit.",
    errors: ["transactionNotFound", "invalidAmount", "paidBill", "invalidBill"],
  },
  "/v1.0/qr/qr-mpm-generate": {
    operationId: "generateQr",
    description:
      "Generates a dynamic QRIS (EMVCo MPM) payload for an amount; its `referenceNo` is the payload's reference label (tag 62.05).",
    errors: ["featureNotAllowed", "duplicatePartnerReference"],
  },
  "/v1.0/qr/qr-mpm-query": {
    operationId: "inquiryQr",
    description:
      "The QR payment's `latestTransactionStatus` (00 success, 01 initiated, … 07 not found) and, once paid, `paidTime`.",
    errors: ["transactionNotFound"],
  },
  "/v1.0/qr/qr-mpm-notify": {
    operationId: "notifyQrPayment",
    description:
      "Inbound, from the acquirer (the QRIS switch): the outcome of a QR payment. The same `originalReferenceNo` again answers the first answer again; a payment after the link expired is still recorded (the money has moved).",
    errors: ["transactionNotFound", "invalidAmount", "paidBill"],
  },
  "/v1.0/debit/payment-host-to-host": {
    operationId: "payByCard",
    description:
      "Starts a card payment: answers `webRedirectUrl`, the hosted card page (Card Redirect) where the payer enters the card; the payer then returns to the `PAY_RETURN` URL with the result.",
    errors: ["featureNotAllowed", "duplicatePartnerReference"],
  },
  "/v1.0/debit/notify": {
    operationId: "notifyWalletPayment",
    description:
      "Inbound, from the wallet provider (an acquirer partner): the outcome of an e-wallet attempt, 00 approved or 06 declined. 00 settles the link, also through an attempt that is no longer current or after the deadline (the money has moved), and is refused with Paid Bill on a paid link; 06 rejects the link while the attempt is its live one. The same `originalReferenceNo` again answers the first answer again, never a second credit.",
    errors: ["transactionNotFound", "invalidAmount", "paidBill"],
  },
  "/v1.0/debit/status": {
    operationId: "debitStatus",
    description:
      "The direct debit status of an e-wallet attempt or a Card Pay, by `originalReferenceNo` or `originalPartnerReferenceNo`: 00 paid, 01 initiated, 03 pending (a push request waiting in the wallet's app), 05 canceled (lapsed, switched, paid another way or expired), 06 failed; `paidTime` once paid.",
    errors: ["transactionNotFound"],
  },
  "/v1.0/qr/qr-mpm-refund": {
    operationId: "refundQr",
    description:
      "Refunds a paid QRIS payment, fully or in part (docs/contract.md §9), found by `originalReferenceNo` (the QR's `referenceNo`) or `originalPartnerReferenceNo`. `refundAmount` is whole rupiah (`50000.00`) and at most what remains (paid less succeeded and pending refunds). The answer's refund is pending; the sandbox settles it within 2 s (a `reason` with `[sandbox-fail]` fails), then `{callbackBaseUrl}/v1.0/refund/notify` is posted. The same `partnerRefundNo` with the same body answers the first refund again; with another body 409.",
    errors: ["transactionNotFound", "invalidAmount", "duplicatePartnerRefundNo"],
  },
  "/v1.0/debit/refund": {
    operationId: "refundDebit",
    description:
      "Refunds a paid e-wallet attempt or Card Pay, fully or in part (docs/contract.md §9), found by `originalReferenceNo` (the attempt's `referenceNo` or the Card Pay's) or `originalPartnerReferenceNo`. Same rules as the QRIS refund: at most what remains, pending then final, the refund callback, `partnerRefundNo` idempotent.",
    errors: ["transactionNotFound", "invalidAmount", "duplicatePartnerRefundNo"],
  },
  "/v1.0/transaction-history-list": {
    operationId: "listTransactions",
    description:
      "The caller's payments, newest first, filtered by time, status and method group, a page at a time (`pageSize` ≤ 100).",
    errors: [],
  },
  "/v1.0/transaction-history-detail": {
    operationId: "getTransaction",
    description: "One of the caller's payments, by `originalReferenceNo` or `originalPartnerReferenceNo`.",
    errors: ["transactionNotFound"],
  },
};
