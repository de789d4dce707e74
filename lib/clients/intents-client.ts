import { PaymentIntent, type CreateIntentRequest } from "@/lib/contract/intents";

/** A /v1 error answer: {error: {type, code, message, param}}. */
export class IntentsClientError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly param: string | null,
  ) {
    super(`${status} ${type}/${code}: ${message}`);
    this.name = "IntentsClientError";
  }
}

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
    const json = (await res.json().catch(() => null)) as {
      error?: { type: string; code: string; message: string; param: string | null };
    } | null;
    if (!res.ok || !json || json.error) {
      const e = json?.error;
      throw new IntentsClientError(
        res.status,
        e?.type ?? "api_error",
        e?.code ?? "unknown",
        e?.message ?? `HTTP ${res.status}`,
        e?.param ?? null,
      );
    }
    return PaymentIntent.parse(json);
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
