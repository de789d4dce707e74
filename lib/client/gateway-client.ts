import {
  PaymentLinkResponse,
  PaymentMethodResponse,
  type CreatePaymentLinkRequest,
  type LinkLookupRequest,
  type PayPaymentLinkRequest,
} from "../api/schemas/payment-link";
import { SnapClient, type SnapCredentials } from "./snap-client";

export { SnapClient, SnapClientError, type SnapCredentials } from "./snap-client";

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
}
