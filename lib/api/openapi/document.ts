import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { AmountOut, Bilingual } from "@/lib/contract/common";
import { PaymentSection } from "@/lib/contract/payment-link";
import { QrPaymentNotification } from "@/lib/contract/qr";
import { VaPaymentNotification } from "@/lib/contract/va";
import { WalletNotification } from "@/lib/contract/wallet";
import type { ApiEnv } from "@/lib/api/env";

const DESCRIPTION = `Nusapay is a payment gateway sandbox for Indonesia: hosted payment links with virtual
accounts, QRIS and cards, in the Bank Indonesia SNAP style.

Two families of operations:

- **Signed (\`/v1.0\`, SNAP)**: a B2B access token, then every call signed with the client secret.
  Errors are the SNAP envelope \`{"responseCode","responseMessage"}\`; the HTTP status is always the
  code's first three digits, the next two are the operation's service code.
- **Secret key (\`/v1\`)**: payment intents for card payments and the callback log, authenticated
  with the merchant's \`X-Secret-Key: sk_…\`; the browser's confirm step with the intent's client
  secret instead. Errors are \`{"error":{"type","code","message","param"}}\`. An optional
  \`Idempotency-Key\` replays the first answer for 24 h. The merchant console's operations (links,
  deliveries, method settings, account and keys) are \`/v1\` routes too: a merchant scripts them with
  the \`sk_\` key, the console calls them with a console session (\`Authorization: Bearer cs_…\`).

## String-to-sign rules

**Token** (\`POST /v1.0/access-token/b2b\`):
\`X-SIGNATURE\` = base64 RSASSA-PKCS1-v1_5 SHA-256, with the partner's private key, over

    clientKey + "|" + X-TIMESTAMP

**Every other signed call**: \`X-SIGNATURE\` = base64 HMAC-SHA512, keyed with the client secret, over

    METHOD + ":" + PATH + ":" + TOKEN + ":" + BODYHASH + ":" + X-TIMESTAMP

**Callbacks the gateway sends** (see Webhooks): \`X-SIGNATURE\` = base64 RSASSA-PKCS1-v1_5 SHA-256
with the gateway's private key (verify with \`gatewayPublicKeyPem\`), over

    "POST" + ":" + PATH + ":" + BODYHASH + ":" + X-TIMESTAMP

where
- \`METHOD\` is the HTTP method in capitals; \`PATH\` is the path plus the query string exactly as
  sent (\`/v1.0/transaction-history-list?pageSize=10\`);
- \`TOKEN\` is the access token without \`Bearer \`;
- \`BODYHASH\` is the lower-case hex SHA-256 of the body bytes as sent (minified JSON); with no body,
  the SHA-256 of the empty string (\`e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\`);
- \`X-TIMESTAMP\` is the header's value as sent: ISO 8601 with a numeric offset or \`Z\`
  (\`2026-11-23T10:15:30.123+07:00\`), within 300 s of the server's clock.

Header names are case-insensitive; hex signatures are accepted too. \`X-EXTERNAL-ID\` must be unique
per partner per day (Asia/Jakarta).

Bodies are at most 64 KiB and JSON nests at most 32 levels; beyond, 400 (\`400xx00\` / \`400xx01\`,
or \`invalid_request_error\` on \`/v1\`). Money is a string with exactly two fraction digits
(\`"150000.00"\`) on \`/v1.0\` and an integer of whole rupiah on \`/v1\`.`;

const TAGS = [
  {
    name: "Auth",
    description:
      "The SNAP B2B access token: signed with the partner's RSA key, valid for 15 minutes, sent as `Authorization: Bearer` on every other signed call.",
  },
  {
    name: "Payment Link",
    description:
      "Hosted payment links: create one for an invoice, look it up, list and choose its payment methods. The payer pays at `paymentLinkUri`.",
  },
  {
    name: "Virtual Account",
    description:
      "SNAP transfer-VA: create, update, look up and delete virtual accounts; the acquirer's payment notification comes in here too.",
  },
  {
    name: "QRIS",
    description: "Dynamic QRIS (EMVCo MPM) payloads, their status, and the acquirer's payment notification.",
  },
  {
    name: "Debit / Credit Card",
    description:
      "Card payments through the hosted card page: Card Pay answers the page's URL; the page returns the payer to the merchant.",
  },
  {
    name: "Direct Debit (e-wallet)",
    description:
      "E-wallets (DANA, ShopeePay, GoPay by redirect; OVO by a push request to the payer's phone): the wallet provider's payment notification, the direct debit status of a wallet attempt or a Card Pay, and the sandbox wallet's page.",
  },
  {
    name: "Transactions",
    description: "The partner's payments across methods: a filtered, paged list, and one by reference.",
  },
  {
    name: "Payment Intents",
    description:
      "Card payments driven by the merchant's own page: an intent with a client secret, confirmed by the payer's browser (SDK at `/v1/sdk.js`), with 3-D Secure when the card asks for it.",
  },
  {
    name: "Saved Cards",
    description:
      "A customer's cards, saved by intents confirmed with `setupFutureUsage: \"on_session\"` (brand, last 4, expiry; the number sealed, never answered): list and delete with the secret key, or as the payer with an intent's client secret; pay with one by confirming with `paymentMethod` and `cvc`.",
  },
  {
    name: "Callbacks",
    description:
      "What the gateway posted to the merchant's callback URL and how each attempt went. The callbacks themselves are under Webhooks.",
  },
  {
    name: "Payment Links",
    description:
      "The merchant's payment links as the console shows them: list with filters and cursor pagination, create without a signature, retrieve with timeline, payment and deliveries, expire now.",
  },
  {
    name: "Payment Methods",
    description:
      "Switch method groups and methods on or off per merchant; the Method API and the checkout show the change at once.",
  },
  {
    name: "Account",
    description: "Partner id, keys and the callback base URL: rotate keys with a grace period, send a test callback.",
  },
  {
    name: "Console",
    description: "Sign-in sessions of the merchant console and its overview figures.",
  },
];

const SECURITY_SCHEMES = {
  snapAccessToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "SNAP B2B access token",
    description:
      "SNAP service calls: `Authorization: Bearer <accessToken>` from Get Token, and with it the signature headers every such operation declares — `X-TIMESTAMP`, `X-SIGNATURE` (HMAC-SHA512 over `METHOD:PATH:TOKEN:BODYHASH:X-TIMESTAMP` with the client secret), `X-PARTNER-ID` (the token's partner), `X-EXTERNAL-ID` (unique per day) and `CHANNEL-ID`. A missing or expired token answers `401xx01`; a wrong signature, a timestamp off by more than 300 s or another partner's id `401xx00`.",
  },
  snapTokenSignature: {
    type: "apiKey",
    in: "header",
    name: "X-SIGNATURE",
    description:
      "Get Token only: base64 RSASSA-PKCS1-v1_5 SHA-256 over `clientKey|X-TIMESTAMP` with the partner's private key, whose public key the gateway holds; with `X-CLIENT-KEY` and `X-TIMESTAMP`. A bad signature or an unknown client answers `4017300`.",
  },
  secretKey: {
    type: "apiKey",
    in: "header",
    name: "X-Secret-Key",
    description:
      "The merchant's secret key, `sk_…` (in the sandbox credentials). Server to server only: never put it in a browser. A missing or unknown key answers 401 `authentication_error` / `invalid_api_key`.",
  },
  clientSecret: {
    type: "apiKey",
    in: "header",
    name: "X-Client-Secret",
    description:
      "Confirm only: the intent's `clientSecret` (`pi_<id>_secret_…`), which the merchant hands to the payer's browser. Send it in the body's `clientSecret` (as the SDK does) or in this header; if both, they must agree. It allows confirming that one intent, nothing else; a wrong one answers 404 like an unknown intent.",
  },
  consoleSession: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "console session token (cs_…)",
    description:
      "The merchant console's session: `Authorization: Bearer cs_…` from Sign in (`POST /v1/console/sessions`); 30 minutes idle, 12 hours at most. A missing, ended or expired session answers 401 `authentication_error` / `session_expired`. Every operation that takes it also takes the merchant's `X-Secret-Key`.",
  },
} as const;

/** The outbound callbacks' headers: what a merchant reads and verifies. */
const CallbackHeaders = z.object({
  "X-TIMESTAMP": z.string().meta({
    description: "When the attempt was signed, `yyyy-MM-ddTHH:mm:ss.SSS+07:00`.",
    example: "2026-11-23T10:15:30.123+07:00",
  }),
  "X-SIGNATURE": z.string().meta({
    description:
      "base64 SHA256withRSA over `POST:PATH:BODYHASH:X-TIMESTAMP` with the gateway's private key: verify with `gatewayPublicKeyPem`.",
    example: "kq3X…==",
  }),
  "X-PARTNER-ID": z
    .string()
    .meta({ description: "The merchant's partner id.", example: "b7a4d8c2-1f3e-4a5b-9c6d-7e8f9a0b1c2d" }),
  "X-EXTERNAL-ID": z.string().meta({
    description:
      "The delivery's id: the same on every retry of one delivery, different between deliveries. De-duplicate on it.",
    example: "0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
  }),
  "CHANNEL-ID": z.string().meta({ description: "The merchant's channel id.", example: "95221" }),
});

const LinkStatusCallback = z
  .object({
    paymentLinkId: z.string(),
    partnerReferenceNo: z.string(),
    trxId: z.string().nullable(),
    paymentFlagStatus: z
      .enum(["00", "01", "02", "03"])
      .meta({ description: "00 paid, 01 rejected, 02 pending, 03 expired." }),
    paymentFlagReason: Bilingual,
    totalAmount: AmountOut,
    payment: PaymentSection,
    paidTime: z.string().nullable(),
    additionalInfo: z.object({
      latePayment: z
        .boolean()
        .meta({ description: "Paid after the link expired (a QR payment accepted because the money had moved)." }),
    }),
  })
  .meta({ id: "PaymentLinkStatusCallback" });

const VERIFY = `Verify before you trust it: recompute the string to sign \`POST:PATH:BODYHASH:X-TIMESTAMP\` (PATH as
your server received it, BODYHASH the lower-case hex SHA-256 of the raw body bytes) and check X-SIGNATURE
with SHA256withRSA and \`gatewayPublicKeyPem\`. Answer any 2xx to acknowledge; anything else is retried
(first within 30 s, then with growing back-off for at least 24 h). Deliveries are at least once:
de-duplicate on X-EXTERNAL-ID. \`docs/callback-receiver.mjs\` is a complete receiver in plain Node.`;

const ACK = { description: "Acknowledged (any 2xx). Anything else, or no answer within the timeout, is retried." };
const RETRY = {
  description: "Not acknowledged: the gateway retries the same delivery (same X-EXTERNAL-ID and body) later.",
};

/** The callbacks a merchant receives, as OpenAPI 3.1 webhooks. */
export function registerWebhooks(app: OpenAPIHono<ApiEnv>): void {
  const hooks = [
    {
      name: "paymentLinkStatus",
      path: "{callbackBaseUrl}/v1.0/payment-link/notify",
      summary: "Payment link status changed",
      schema: LinkStatusCallback,
      what: "A link was paid, rejected or expired.",
    },
    {
      name: "virtualAccountPayment",
      path: "{callbackBaseUrl}/v1.0/transfer-va/payment",
      summary: "Virtual account paid",
      schema: VaPaymentNotification,
      what: "The acquirer's VA payment notification as it was settled, forwarded.",
    },
    {
      name: "qrPayment",
      path: "{callbackBaseUrl}/v1.0/qr/qr-mpm-notify",
      summary: "QR payment outcome",
      schema: QrPaymentNotification,
      what: "The acquirer's QRIS notification as it was settled, forwarded.",
    },
    {
      name: "walletPayment",
      path: "{callbackBaseUrl}/v1.0/debit/notify",
      summary: "E-wallet payment outcome",
      schema: WalletNotification,
      what: "The wallet provider's notification (00 approved, 06 declined) as it was applied, forwarded; the link's status callback follows.",
    },
  ];
  for (const h of hooks) {
    app.openAPIRegistry.registerWebhook({
      method: "post",
      path: h.name,
      operationId: `${h.name}Callback`,
      summary: h.summary,
      description: `${h.what} Posted to \`${h.path}\`.\n\n${VERIFY}`,
      tags: ["Callbacks"],
      security: [],
      request: {
        headers: CallbackHeaders,
        body: { content: { "application/json": { schema: h.schema } }, required: true },
      },
      responses: { 200: ACK, 400: RETRY },
    });
  }
}

/** The document's top: info, servers (PUBLIC_BASE_URL), tags, security schemes. */
export function documentConfig(publicBaseUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Nusapay gateway",
      version: "1.0.0",
      description: DESCRIPTION,
      // The project grants no licence (package.json is private); the document says so.
      license: { name: "Proprietary: no licence granted", url: `${publicBaseUrl}/docs` },
      contact: { name: "Nusapay developers", url: `${publicBaseUrl}/docs` },
    },
    servers: [{ url: publicBaseUrl, description: "This gateway (PUBLIC_BASE_URL)" }],
    tags: TAGS,
  };
}

export function registerSecuritySchemes(app: OpenAPIHono<ApiEnv>): void {
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES))
    app.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
}
