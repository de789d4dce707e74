import type { z } from "zod";
import {
  Account,
  ConsoleSessionInfo,
  Delivery,
  LinkDetail,
  LinkList,
  MethodGroups,
  Overview,
  RotatedClientSecret,
  RotatedSecretKey,
  SignInAnswer,
  TestCallback,
  type CreateLinkRequest,
  type ListLinksQuery,
} from "@/lib/contract/console";
import { Refund, RefundList, type CreateRefundRequest, type ListRefundsQuery } from "@/lib/contract/refunds";
import { v1Answer } from "./v1-answer";

/** Who the client speaks for: a console session (the console's server) or a merchant's sk_ key (a script). */
export type ConsoleAuth = { sessionToken: string } | { secretKey: string } | null;

export interface ConsoleClientOptions {
  fetchImpl?: typeof fetch;
  /** Sent as X-Request-Id so the gateway's log line joins the page's. */
  requestId?: string;
}

/**
 * Typed client of the console's /v1 routes (docs/console.md). Pure: no Next, no database;
 * the console's server uses it with the session token from its cookie, and a merchant's
 * script can use it with an sk_ key. Every answer is parsed with the contract's schema.
 */
export class ConsoleClient {
  private readonly fetchImpl: typeof fetch;

  constructor(
    readonly baseUrl: string,
    private readonly auth: ConsoleAuth,
    private readonly options: ConsoleClientOptions = {},
  ) {
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  private async send<S extends z.ZodType>(
    schema: S,
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = {
      Accept: "application/json",
      ...extra,
    };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (this.auth && "sessionToken" in this.auth) headers.Authorization = `Bearer ${this.auth.sessionToken}`;
    if (this.auth && "secretKey" in this.auth) headers["X-Secret-Key"] = this.auth.secretKey;
    if (this.options.requestId) headers["X-Request-Id"] = this.options.requestId;
    const res = await this.fetchImpl(`${this.baseUrl.replace(/\/+$/, "")}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
    return v1Answer(res, schema);
  }

  /**
   * Email + password → a session token. `frontend` is the console server's proof (the hosted
   * front end's sk_ key) that lets it name the browser's address for the sign-in limit.
   */
  signIn(email: string, password: string, frontend?: { secretKey: string; clientAddress: string }) {
    const extra: Record<string, string> = frontend
      ? {
          "X-Secret-Key": frontend.secretKey,
          "X-Client-Address": frontend.clientAddress,
        }
      : {};
    return this.send(SignInAnswer, "POST", "/v1/console/sessions", { email, password }, extra);
  }
  session() {
    return this.send(ConsoleSessionInfo, "GET", "/v1/console/session");
  }
  async signOut(): Promise<void> {
    await this.send(ConsoleSessionInfo.partial(), "DELETE", "/v1/console/session");
  }

  listLinks(query: ListLinksQuery = {}) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") qs.set(k, String(v));
    const s = qs.toString();
    return this.send(LinkList, "GET", `/v1/payment-links${s ? `?${s}` : ""}`);
  }
  createLink(body: CreateLinkRequest) {
    return this.send(LinkDetail, "POST", "/v1/payment-links", body);
  }
  getLink(id: string) {
    return this.send(LinkDetail, "GET", `/v1/payment-links/${encodeURIComponent(id)}`);
  }
  expireLink(id: string) {
    return this.send(LinkDetail, "POST", `/v1/payment-links/${encodeURIComponent(id)}/expire`);
  }
  resendDelivery(id: string) {
    return this.send(Delivery, "POST", `/v1/callback-deliveries/${encodeURIComponent(id)}/resend`);
  }
  /** POST /v1/refunds (docs/contract.md §9); the same `idempotencyKey` again answers the first refund. */
  refund(body: CreateRefundRequest, options: { idempotencyKey?: string } = {}) {
    const extra: Record<string, string> = options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {};
    return this.send(Refund, "POST", "/v1/refunds", body, extra);
  }
  getRefund(id: string) {
    return this.send(Refund, "GET", `/v1/refunds/${encodeURIComponent(id)}`);
  }
  listRefunds(query: ListRefundsQuery = {}) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== "") qs.set(k, String(v));
    const s = qs.toString();
    return this.send(RefundList, "GET", `/v1/refunds${s ? `?${s}` : ""}`);
  }
  overview() {
    return this.send(Overview, "GET", "/v1/overview");
  }

  methods() {
    return this.send(MethodGroups, "GET", "/v1/payment-methods");
  }
  setMethod(
    groupId: string,
    methodId: string | null,
    setting: { active: boolean; reason?: "maintenance" | "registration" },
  ) {
    const path = `/v1/payment-methods/${encodeURIComponent(groupId)}${methodId ? `/${encodeURIComponent(methodId)}` : ""}`;
    return this.send(MethodGroups, "PATCH", path, setting);
  }

  account() {
    return this.send(Account, "GET", "/v1/account");
  }
  setCallbackBaseUrl(callbackBaseUrl: string | null) {
    return this.send(Account, "PATCH", "/v1/account", { callbackBaseUrl });
  }
  rotateSecretKey() {
    return this.send(RotatedSecretKey, "POST", "/v1/account/secret-key/rotate");
  }
  rotateClientSecret() {
    return this.send(RotatedClientSecret, "POST", "/v1/account/client-secret/rotate");
  }
  testCallback() {
    return this.send(TestCallback, "POST", "/v1/account/test-callback");
  }
}
