import "server-only";
import fs from "node:fs";
import { config } from "@/lib/config";
import { tracing } from "@/lib/log/request-context";
import { viaInProcessGateway } from "@/lib/contract/in-process-transport";
import type { PaymentLinkData } from "@/lib/contract/payment-link";
import { GatewayClient, SnapClientError, type SnapCredentials } from "@/lib/clients/gateway-client";
import { IntentsClient } from "@/lib/clients/intents-client";
import { isUuid } from "@/lib/contract/uuid";

/**
 * The hosted checkout's own SNAP client. Credentials come from CHECKOUT_CREDENTIALS_FILE or
 * `$DATA_DIR/checkout-client.json` (written by the sandbox seed); the gateway is reached over
 * HTTP at GATEWAY_BASE_URL, so the same page works against a remote gateway. Never import
 * lib/db or lib/gateway from the Next side: a second PGlite on the data dir would corrupt it.
 */
let cached: GatewayClient | null = null;

/**
 * The clients' transport: the page's request id added, then the gateway's handler called
 * directly when it runs in this process (lib/contract/in-process-transport.ts), else fetch.
 */
const transport = tracing(viaInProcessGateway(fetch));

function credentialsFile(): string {
  return config().checkoutCredentialsFile;
}

export function readCheckoutCredentials(): SnapCredentials {
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

/** Inquiry as the hosted-checkout client; null when the gateway does not know the link. */
export async function inquireLink(id: string): Promise<PaymentLinkData | null> {
  if (!isLinkId(id)) return null;
  try {
    const res = await checkoutGateway().inquiryPaymentLink({ additionalInfo: { paymentLinkId: id } });
    return res.paymentLinkData;
  } catch (err) {
    if (err instanceof SnapClientError && err.status === 404) return null;
    throw err;
  }
}


/**
 * Is `secretKey` a merchant's secret key? Asked of the gateway with the /v1 family's own
 * check (a read-only listing, limit 1), so the checkout never sees how keys are stored.
 */
export async function isMerchantSecretKey(secretKey: string): Promise<boolean> {
  if (!/^sk_[A-Za-z0-9_-]{8,200}$/.test(secretKey)) return false;
  const res = await transport(`${gatewayBaseUrl()}/v1/callback-deliveries?limit=1`, { headers: { "X-Secret-Key": secretKey }, cache: "no-store" });
  await res.text(); // drain: the listing itself is not needed
  return res.ok;
}
