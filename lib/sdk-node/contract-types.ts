/**
 * Request and answer types of the operations docs/contract.md §9–§11 decides whose routes may
 * not be in this build's OpenAPI document yet, written from the contract in the shape
 * openapi-typescript gives the document's operations. types.ts prefers the document's own
 * type as soon as it has the operation, so these only stand in until then.
 */
interface Json<B> {
  content: { "application/json": B };
}
type Money = { value: string; currency: string };

export interface Refund {
  id: string;
  paymentLinkId: string | null;
  paymentIntentId: string | null;
  /** Whole rupiah; null when the refund has sen (amountValue is exact). */
  amount: number | null;
  /** The exact amount, two decimals ("245000.10"). */
  amountValue: string;
  currency: "IDR";
  status: "pending" | "succeeded" | "failed";
  reason: string | null;
  createdAt: string;
}

interface SnapRefundRequest {
  originalReferenceNo?: string;
  originalPartnerReferenceNo?: string;
  partnerRefundNo: string;
  refundAmount: Money;
  reason?: string;
}
interface SnapRefundAnswer {
  responseCode: string;
  responseMessage: string;
  originalReferenceNo: string;
  originalPartnerReferenceNo: string;
  refundNo: string;
  partnerRefundNo: string;
  refundAmount: Money;
  refundTime: string;
}

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  createdAt: string;
}

export interface CallbackCheckReport {
  id: string;
  url: string;
  passed: boolean;
  cases: { name: string; expected: string; status: number | null; pass: boolean; detail: string }[];
}

export interface ContractOperations {
  refundQr: { parameters: object; requestBody: Json<SnapRefundRequest>; responses: { 200: Json<SnapRefundAnswer> } };
  refundDebit: { parameters: object; requestBody: Json<SnapRefundRequest>; responses: { 200: Json<SnapRefundAnswer> } };
  createRefund: {
    parameters: object;
    requestBody: Json<{ paymentLinkId?: string; paymentIntentId?: string; amount?: number; reason?: string }>;
    responses: { 200: Json<Refund> };
  };
  retrieveRefund: { parameters: { path: { id: string } }; responses: { 200: Json<Refund> } };
  listRefunds: {
    parameters: {
      query?: { paymentLinkId?: string; paymentIntentId?: string; limit?: number; startingAfter?: string };
    };
    responses: { 200: Json<{ data: Refund[]; hasMore: boolean }> };
  };
  listCustomerPaymentMethods: {
    parameters: { path: { customerId: string } };
    responses: { 200: Json<{ data: SavedCard[] }> };
  };
  deleteCustomerPaymentMethod: {
    parameters: { path: { customerId: string; id: string } };
    responses: { 200: Json<{ id: string; deleted: true }> };
  };
  createCallbackCheck: {
    parameters: object;
    requestBody: Json<{ url?: string }>;
    responses: { 200: Json<CallbackCheckReport> };
  };
}
