import "@/lib/server-only";
import fs from "node:fs";
import { config } from "@/lib/config";
import { tracing } from "@/lib/log/request-context";
import { viaInProcessGateway } from "./in-process-transport";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { GatewayClient, SnapClientError, type SnapCredentials } from "@/lib/clients/gateway-client";
import { IntentsClient } from "@/lib/clients/intents-client";
import { boundedFetch } from "./bounded-fetch";
import { isUuid } from "@/lib/contract/uuid";

/**
 * The hosted checkout's own SNAP client. Credentials come from the environment (CHECKOUT_*,
 * secrets as files: a checkout-only deployment, validated at start by lib/config.ts), else
 * from CHECKOUT_CREDENTIALS_FILE or `$DATA_DIR/checkout-client.json` (written by the sandbox
 * seed); the gateway is reached over
 * HTTP at GATEWAY_BASE_URL, so the same page works against a remote gateway. Never import
 * lib/db or lib/gateway from the Next side: a second PGlite on the data dir would corrupt it.
 */
let cached: GatewayClient | null = null;

/**
 * Every call the pages make to the gateway is bounded: a gateway that stops answering must
 * cost a payer or a merchant a "try again" after 10 s, not a page or a button that never
 * answers (and a socket held for each).
 */
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * The checkout clients' transport: the page's request id added, then the gateway's handler
 * called directly when it runs in this process (lib/connector/in-process-transport.ts), else
 * fetch.
 */
const transport = boundedFetch(tracing(viaInProcessGateway(fetch)), GATEWAY_TIMEOUT_MS);

/**
 * The same request id, always over HTTP: for the console, whose per-address limits read the
 * caller's socket, and for the sandbox acquirer, whose notifications travel as a bank's would.
 * Bounded at 10 s unless a call needs longer (`ms`: the console's test callback waits on the
 * merchant's endpoint).
 */
export function overHttp(ms = GATEWAY_TIMEOUT_MS): typeof fetch {
  return boundedFetch(tracing(fetch), ms);
}
export const gatewayOverHttp: typeof fetch = overHttp();

function credentialsFile(): string {
  return config().checkoutCredentialsFile;
}

export function readCheckoutCredentials(): SnapCredentials {
  const fromEnv = config().checkoutOnly;
  if (fromEnv) return fromEnv;
  const file = credentialsFile();
  const parsed = JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ file, "utf8")) as Partial<SnapCredentials>;
  for (const k of ["partnerId", "clientKey", "clientSecret", "channelId", "privateKeyPem"] as const) {
    if (typeof parsed[k] !== "string" || !parsed[k]) throw new Error(`checkout credentials ${file}: ${k} missing`);
  }
  return parsed as SnapCredentials;
}

export function gatewayBaseUrl(): string {
  return config().gatewayBaseUrl;
}

/**
 * One client (and so one cached B2B token) per process. Its transport forwards the page's
 * request id, so the gateway's log line for each call can be found from the page's.
 */
export function checkoutGateway(): GatewayClient {
  cached ??= new GatewayClient(gatewayBaseUrl(), readCheckoutCredentials(), transport);
  return cached;
}

/**
 * The checkout's /v1 client: its own secret key may only create intents for payment links,
 * on behalf of the link's merchant (docs/cards-and-intents.md). Server-side only.
 */
let intents: IntentsClient | null = null;
export function checkoutIntents(): IntentsClient {
  if (intents) return intents;
  const fromEnv = config().checkoutOnly;
  if (fromEnv) {
    intents = new IntentsClient(gatewayBaseUrl(), fromEnv.secretKey, transport);
    return intents;
  }
  const file = credentialsFile();
  const { secretKey } = JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ file, "utf8")) as { secretKey?: string };
  if (!secretKey) throw new Error(`checkout credentials ${file}: secretKey missing`);
  intents = new IntentsClient(gatewayBaseUrl(), secretKey, transport);
  return intents;
}

/** Key for the checkout's own cookies: derived from its client secret, never sent anywhere. */
export function checkoutCookieKey(): string {
  return checkoutGateway().snap.credentials.clientSecret;
}

/** Payment-link ids are UUIDs; anything else is not worth a gateway round trip. */
export const isLinkId = isUuid;

/**
 * Ids the gateway just said it does not know, for a minute: a flood of requests for one
 * unknown /pay/{id} costs one signed Inquiry, not one each. Link ids are random UUIDs the
 * gateway picks, so an unknown one does not become known a moment later. Bounded: the
 * oldest entry goes first; fresh ids in a flood are the per-address limit's job.
 */
const UNKNOWN_TTL_MS = 60_000;
const MAX_UNKNOWN = 10_000;
const unknownLinks = new Map<string, number>();

/** Inquiry as the hosted-checkout client; null when the gateway does not know the link. */
export async function inquireLink(id: string): Promise<PaymentLinkData | null> {
  if (!isLinkId(id)) return null;
  const until = unknownLinks.get(id);
  if (until !== undefined) {
    if (until > Date.now()) return null;
    unknownLinks.delete(id);
  }
  try {
    const res = await checkoutGateway().inquiryPaymentLink({ additionalInfo: { paymentLinkId: id } });
    return res.paymentLinkData;
  } catch (err) {
    if (err instanceof SnapClientError && err.status === 404) {
      if (unknownLinks.size >= MAX_UNKNOWN) unknownLinks.delete(unknownLinks.keys().next().value!);
      unknownLinks.set(id, Date.now() + UNKNOWN_TTL_MS);
      return null;
    }
    throw err;
  }
}

/**
 * Is `secretKey` the secret key of the merchant that owns link `linkId`? Asked of the
 * gateway with the /v1 family's own check — the link's callback listing, which answers 404
 * to anyone but the link's merchant — so the checkout never sees how keys are stored.
 */
export async function ownsLink(secretKey: string, linkId: string): Promise<boolean> {
  if (!/^sk_[A-Za-z0-9_-]{8,200}$/.test(secretKey) || !isLinkId(linkId)) return false;
  const res = await transport(
    `${gatewayBaseUrl()}/v1/callback-deliveries?linkId=${encodeURIComponent(linkId)}&limit=1`,
    { headers: { "X-Secret-Key": secretKey }, cache: "no-store" },
  );
  await res.text(); // drain: the listing itself is not needed
  return res.ok;
}
