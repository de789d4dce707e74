import { PaymentIntent, type CreateIntentRequest } from "@/lib/contract/intents";
import { v1Answer } from "./v1-answer";

/** Server-side client of the secret-key family (payment intents). Never ship it to a browser. */
export class IntentsClient {
  constructor(
    readonly baseUrl: string,
    private readonly secretKey: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.fetchImpl(`${this.baseUrl.replace(/\/+$/, "")}${path}`, {
      method,
      headers: { "Content-Type": "application/json", "X-Secret-Key": this.secretKey, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return v1Answer(res, PaymentIntent);
  }

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
}
