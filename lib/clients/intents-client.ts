import type { z } from "zod";
import { PaymentIntent, type CreateIntentRequest } from "@/lib/contract/intents";
import { DeletedPaymentMethod, PaymentMethodList } from "@/lib/contract/payment-methods";
import { v1Answer } from "./v1-answer";

/**
 * Server-side client of the secret-key family (payment intents, a customer's saved cards).
 * Never ship it to a browser. The `…ForIntent` methods act with an intent's client secret
 * instead of the secret key: what the hosted checkout uses so a payer reaches only the saved
 * cards of their own link's customer (docs/contract.md §10).
 */
export class IntentsClient {
  constructor(
    readonly baseUrl: string,
    private readonly secretKey: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async call<S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    {
      body,
      headers = {},
      clientSecret,
    }: { body?: unknown; headers?: Record<string, string>; clientSecret?: string } = {},
  ): Promise<z.output<S>> {
    // With a client secret the call carries no secret key: the route is the payer's, not the merchant's.
    const auth: Record<string, string> =
      clientSecret === undefined ? { "X-Secret-Key": this.secretKey } : { "X-Client-Secret": clientSecret };
    const res = await this.fetchImpl(`${this.baseUrl.replace(/\/+$/, "")}${path}`, {
      method,
      headers: { "Content-Type": "application/json", ...auth, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return v1Answer(res, schema);
  }

  private send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.call(PaymentIntent, method, path, { body, headers });
  }

  /** `customerId` and `setupFutureUsage: "on_session"` save the card once the intent succeeds. */
  create(req: CreateIntentRequest, opts: { idempotencyKey?: string } = {}) {
    return this.send(
      "POST",
      "/v1/payment-intents",
      req,
      opts.idempotencyKey ? { "Idempotency-Key": opts.idempotencyKey } : {},
    );
  }

  retrieve(id: string) {
    return this.send("GET", `/v1/payment-intents/${encodeURIComponent(id)}`);
  }

  cancel(id: string, opts: { idempotencyKey?: string } = {}) {
    return this.send(
      "POST",
      `/v1/payment-intents/${encodeURIComponent(id)}/cancel`,
      undefined,
      opts.idempotencyKey ? { "Idempotency-Key": opts.idempotencyKey } : {},
    );
  }

  /** A customer's saved cards, newest first (the merchant's own customers only). */
  listPaymentMethods(customerId: string) {
    return this.call(PaymentMethodList, "GET", `/v1/customers/${encodeURIComponent(customerId)}/payment-methods`);
  }

  /** Remove a saved card: its sealed number is erased and it can never be charged again. */
  deletePaymentMethod(customerId: string, paymentMethodId: string) {
    return this.call(
      DeletedPaymentMethod,
      "DELETE",
      `/v1/customers/${encodeURIComponent(customerId)}/payment-methods/${encodeURIComponent(paymentMethodId)}`,
    );
  }

  /** The saved cards of the intent's customer (`{"data":[]}` when it has none or no customer). */
  listPaymentMethodsForIntent(intentId: string, clientSecret: string) {
    return this.call(PaymentMethodList, "GET", `/v1/payment-intents/${encodeURIComponent(intentId)}/payment-methods`, {
      clientSecret,
    });
  }

  /** Remove one of the intent's customer's saved cards; another customer's answers 404. */
  deletePaymentMethodForIntent(intentId: string, paymentMethodId: string, clientSecret: string) {
    return this.call(
      DeletedPaymentMethod,
      "DELETE",
      `/v1/payment-intents/${encodeURIComponent(intentId)}/payment-methods/${encodeURIComponent(paymentMethodId)}`,
      { clientSecret },
    );
  }
}
