/**
 * Every operation of the gateway that a merchant's server calls, one entry each: its method,
 * path and authentication. The SDK's methods are built from this table, and each is named by
 * the OpenAPI document's operationId; tests/api/sdk-operations.test.ts fails when the document
 * has an operation this table lacks, or when an entry's method, path, authentication or
 * Idempotency-Key support differs from it.
 *
 * `auth`: "snap" = a B2B token and HMAC signature (/v1.0); "secretKey" = X-Secret-Key (/v1);
 * "none" = no credential (the card confirm carries the intent's client secret in its body).
 * `idempotencyKey`: the operation takes an Idempotency-Key header, so a retry is safe (the
 * SDK sends one on every call and reuses it on retries).
 * `body`: the operation takes a JSON body (the input's fields that are not path parameters).
 */
export interface OperationSpec {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  auth: "snap" | "secretKey" | "none";
  idempotencyKey?: true;
  body?: true;
}

export const OPERATIONS = {
  // SNAP (/v1.0): docs/contract.md §2.
  createPaymentLink: { method: "POST", path: "/v1.0/payment-link/create", auth: "snap", body: true },
  inquiryPaymentLink: { method: "POST", path: "/v1.0/payment-link/inquiry", auth: "snap", body: true },
  listPaymentLinkMethods: { method: "POST", path: "/v1.0/payment-link/payment-method", auth: "snap", body: true },
  payPaymentLink: { method: "POST", path: "/v1.0/payment-link/pay", auth: "snap", body: true },
  createVirtualAccount: { method: "POST", path: "/v1.0/transfer-va/create-va", auth: "snap", body: true },
  updateVirtualAccount: { method: "PUT", path: "/v1.0/transfer-va/update-va", auth: "snap", body: true },
  inquiryVirtualAccount: { method: "POST", path: "/v1.0/transfer-va/inquiry-va", auth: "snap", body: true },
  inquiryVirtualAccountStatus: { method: "POST", path: "/v1.0/transfer-va/status", auth: "snap", body: true },
  deleteVirtualAccount: { method: "DELETE", path: "/v1.0/transfer-va/delete-va", auth: "snap", body: true },
  notifyVirtualAccountPayment: { method: "POST", path: "/v1.0/transfer-va/payment", auth: "snap", body: true },
  generateQr: { method: "POST", path: "/v1.0/qr/qr-mpm-generate", auth: "snap", body: true },
  inquiryQr: { method: "POST", path: "/v1.0/qr/qr-mpm-query", auth: "snap", body: true },
  notifyQrPayment: { method: "POST", path: "/v1.0/qr/qr-mpm-notify", auth: "snap", body: true },
  payByCard: { method: "POST", path: "/v1.0/debit/payment-host-to-host", auth: "snap", body: true },
  notifyWalletPayment: { method: "POST", path: "/v1.0/debit/notify", auth: "snap", body: true },
  debitStatus: { method: "POST", path: "/v1.0/debit/status", auth: "snap", body: true },
  listTransactions: { method: "GET", path: "/v1.0/transaction-history-list", auth: "snap" },
  getTransaction: { method: "POST", path: "/v1.0/transaction-history-detail", auth: "snap", body: true },
  refundQr: { method: "POST", path: "/v1.0/qr/qr-mpm-refund", auth: "snap", body: true },
  refundDebit: { method: "POST", path: "/v1.0/debit/refund", auth: "snap", body: true },
  // Secret key (/v1): docs/contract.md §3, §5, §9, §10, §11.
  createPaymentIntent: {
    method: "POST",
    path: "/v1/payment-intents",
    auth: "secretKey",
    body: true,
    idempotencyKey: true,
  },
  retrievePaymentIntent: { method: "GET", path: "/v1/payment-intents/{id}", auth: "secretKey" },
  confirmPaymentIntent: {
    method: "POST",
    path: "/v1/payment-intents/{id}/confirm",
    auth: "none",
    body: true,
    idempotencyKey: true,
  },
  cancelPaymentIntent: {
    method: "POST",
    path: "/v1/payment-intents/{id}/cancel",
    auth: "secretKey",
    idempotencyKey: true,
  },
  listCallbackDeliveries: { method: "GET", path: "/v1/callback-deliveries", auth: "secretKey" },
  resendCallbackDelivery: { method: "POST", path: "/v1/callback-deliveries/{id}/resend", auth: "secretKey" },
  listPaymentLinks: { method: "GET", path: "/v1/payment-links", auth: "secretKey" },
  createPaymentLinkV1: { method: "POST", path: "/v1/payment-links", auth: "secretKey", body: true },
  retrievePaymentLink: { method: "GET", path: "/v1/payment-links/{id}", auth: "secretKey" },
  expirePaymentLink: { method: "POST", path: "/v1/payment-links/{id}/expire", auth: "secretKey" },
  retrieveOverview: { method: "GET", path: "/v1/overview", auth: "secretKey" },
  listMerchantPaymentMethods: { method: "GET", path: "/v1/payment-methods", auth: "secretKey" },
  setPaymentMethodGroup: { method: "PATCH", path: "/v1/payment-methods/{groupId}", auth: "secretKey", body: true },
  setPaymentMethod: {
    method: "PATCH",
    path: "/v1/payment-methods/{groupId}/{methodId}",
    auth: "secretKey",
    body: true,
  },
  retrieveAccount: { method: "GET", path: "/v1/account", auth: "secretKey" },
  updateAccount: { method: "PATCH", path: "/v1/account", auth: "secretKey", body: true },
  rotateSecretKey: { method: "POST", path: "/v1/account/secret-key/rotate", auth: "secretKey" },
  rotateClientSecret: { method: "POST", path: "/v1/account/client-secret/rotate", auth: "secretKey" },
  sendTestCallback: { method: "POST", path: "/v1/account/test-callback", auth: "secretKey" },
  createRefund: {
    method: "POST",
    path: "/v1/refunds",
    auth: "secretKey",
    body: true,
    idempotencyKey: true,
  },
  retrieveRefund: { method: "GET", path: "/v1/refunds/{id}", auth: "secretKey" },
  listRefunds: { method: "GET", path: "/v1/refunds", auth: "secretKey" },
  listCustomerPaymentMethods: {
    method: "GET",
    path: "/v1/customers/{customerId}/payment-methods",
    auth: "secretKey",
  },
  deleteCustomerPaymentMethod: {
    method: "DELETE",
    path: "/v1/customers/{customerId}/payment-methods/{id}",
    auth: "secretKey",
  },
  createCallbackCheck: { method: "POST", path: "/v1/callback-checks", auth: "secretKey", body: true },
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof OPERATIONS;

/**
 * Operations of the document a merchant's server does not call, and why; the operations test
 * requires every document operation to be either in OPERATIONS or here.
 */
export const NOT_IN_SDK: Record<string, string> = {
  getAccessToken: "the client fetches, caches and renews the B2B token itself (accessToken())",
  signInToConsole: "the console's own cookie session, for the browser",
  retrieveConsoleSession: "the console's own cookie session, for the browser",
  signOutOfConsole: "the console's own cookie session, for the browser",
  streamPaymentLinkEvents: "a Server-Sent Events stream for the payer's page, not a JSON call",
  cardRedirect: "the payer's 3-D Secure redirect, an HTML page",
  sandboxWalletPage: "the sandbox wallet's page for the payer, HTML",
  listPaymentIntentPaymentMethods:
    "the payer's own saved cards by the intent's client secret: for the payer's browser, in @nusapay/js (listSavedCards); a server uses listCustomerPaymentMethods",
  deletePaymentIntentPaymentMethod:
    "the payer removing a saved card by the intent's client secret: for the payer's browser, in @nusapay/js (removeSavedCard); a server uses deleteCustomerPaymentMethod",
};
