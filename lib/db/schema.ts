import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Minor } from "@/lib/contract/money";

/**
 * One schema for PGlite and PostgreSQL: text/uuid keys, integer minor units for money,
 * timestamptz for instants, and uniqueness enforced by constraints so that racing
 * requests are decided by the database, not by memory.
 */
const money = (name: string) => bigint(name, { mode: "number" }).$type<Minor>();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () =>
  instant("created_at")
    .notNull()
    .default(sql`now()`);
const updatedAt = () =>
  instant("updated_at")
    .notNull()
    .default(sql`now()`);

export const partners = pgTable("partners", {
  id: text("id").primaryKey(),
  kind: text("kind", { enum: ["merchant", "acquirer", "checkout"] }).notNull(),
  name: text("name").notNull(),
  city: text("city").notNull().default("Jakarta"),
  /** 5 digits, written into QRIS tag 61; checked by partners_postal_code_5_digits (migration 0008). */
  postalCode: text("postal_code").notNull().default("10110"),
  clientKey: text("client_key").notNull().unique(),
  /** AES-256-GCM ciphertext; the key lives outside the database (see lib/gateway/vault.ts). */
  clientSecretEnc: text("client_secret_enc").notNull(),
  publicKeyPem: text("public_key_pem").notNull(),
  /** SHA-256 of the `sk_` secret key of the /v1 family. */
  secretKeyHash: text("secret_key_hash").unique(),
  channelId: text("channel_id").notNull(),
  callbackBaseUrl: text("callback_base_url"),
  /**
   * Key rotation (docs/console.md): the replaced `sk_` key and client secret keep working
   * until these instants, then answer 401.
   */
  previousSecretKeyHash: text("previous_secret_key_hash"),
  previousSecretKeyUntil: instant("previous_secret_key_until"),
  previousClientSecretEnc: text("previous_client_secret_enc"),
  previousClientSecretUntil: instant("previous_client_secret_until"),
  /** IANA zone the console shows the merchant's times in. */
  timeZone: text("time_zone").notNull().default("Asia/Jakarta"),
  createdAt: createdAt(),
});

/**
 * What every instance sharing the database must agree on, written once at first start:
 * `master-key-check` (an HMAC of a fixed label under the master key), `gateway-private-key`
 * and `checkout-client` (sealed with the master key), `seed` (`sandbox` | `production`).
 */
export const gatewayMeta = pgTable("gateway_meta", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

export const accessTokens = pgTable(
  "access_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    expiresAt: instant("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("access_tokens_expires_idx").on(t.expiresAt)],
);

export const externalIds = pgTable(
  "external_ids",
  {
    partnerId: text("partner_id").notNull(),
    day: text("day").notNull(),
    externalId: text("external_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.day, t.externalId] })],
);

export const methodGroups = pgTable("method_groups", {
  id: text("id").primaryKey(),
  position: integer("position").notNull(),
  icon: text("icon").notNull(),
  titleEn: text("title_en").notNull(),
  titleId: text("title_id").notNull(),
  subtitleEn: text("subtitle_en").notNull(),
  subtitleId: text("subtitle_id").notNull(),
  buttonEn: text("button_en").notNull(),
  buttonId: text("button_id").notNull(),
  active: boolean("active").notNull(),
  activeTextEn: text("active_text_en").notNull().default(""),
  activeTextId: text("active_text_id").notNull().default(""),
});

export const methods = pgTable(
  "methods",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => methodGroups.id),
    id: text("id").notNull(),
    position: integer("position").notNull(),
    logo: text("logo").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull(),
    active: boolean("active").notNull(),
    activeTextEn: text("active_text_en").notNull().default(""),
    activeTextId: text("active_text_id").notNull().default(""),
    /** VA only: the bank's company prefix (partnerServiceId) and its 3-digit bank code. */
    partnerServiceId: text("partner_service_id"),
    bankCode: text("bank_code"),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.id] })],
);

export interface InvoiceItem {
  name: string;
  priceMinor: Minor;
  quantity: number;
}
export interface InvoiceFee {
  text: string;
  valueMinor: Minor;
}
export interface CustomerDetail {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  billingAddress: { address: string; city: string; postalCode: string; countryCode: string; province: string };
}
export interface Invoice {
  title: string;
  subTitle: string;
  items: InvoiceItem[];
  fees: InvoiceFee[];
  customer: CustomerDetail;
}

export const paymentLinks = pgTable(
  "payment_links",
  {
    id: text("id").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    partnerReferenceNo: text("partner_reference_no").notNull(),
    trxId: text("trx_id").notNull(),
    currency: text("currency").notNull(),
    subtotalMinor: money("subtotal_minor").notNull(),
    totalMinor: money("total_minor").notNull(),
    invoice: jsonb("invoice").$type<Invoice>().notNull(),
    /** `["va.bca", "qr.qris"]`, or null for every method. */
    paymentMethods: jsonb("payment_methods").$type<string[] | null>(),
    callbackBaseUrl: text("callback_base_url"),
    redirectUrl: text("redirect_url"),
    language: text("language", { enum: ["en", "id"] }),
    /** The merchant's customer (≤ 64 chars): the card step offers its saved cards (docs/contract.md §10). */
    customerId: text("customer_id"),
    /** pending | paid | rejected. "Expired" is derived from expires_at, never stored. */
    status: text("status", { enum: ["pending", "paid", "rejected"] })
      .notNull()
      .default("pending"),
    expiresAt: instant("expires_at").notNull(),
    currentPaymentId: text("current_payment_id"),
    paidAt: instant("paid_at"),
    /** Paid after its deadline (a QR whose money had already moved): flagged for the merchant. */
    latePayment: boolean("late_payment").notNull().default(false),
    /** Bumped with every state change a payer's page must see; live-event ids derive from it. */
    eventVersion: integer("event_version").notNull().default(0),
    /** Lower-cased reference, customer name and email: what the console's search matches. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(partner_reference_no || ' ' || coalesce(invoice->'customer'->>'firstName', '') || ' ' || coalesce(invoice->'customer'->>'lastName', '') || ' ' || coalesce(invoice->'customer'->>'email', ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_links_partner_ref_uq").on(t.partnerId, t.partnerReferenceNo),
    // The console's links table: newest first within a merchant, optionally by status.
    index("payment_links_partner_created_idx").on(t.partnerId, t.createdAt.desc(), t.id.desc()),
    index("payment_links_partner_status_created_idx").on(t.partnerId, t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

/** A method chosen for a link (or a standalone VA / QR): what the payer pays into. */
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    linkId: text("link_id").references(() => paymentLinks.id),
    groupId: text("group_id").notNull(),
    methodId: text("method_id").notNull(),
    /** active | retired (method switched) | paid | rejected | expired | deleted */
    status: text("status", { enum: ["active", "retired", "paid", "rejected", "expired", "deleted"] }).notNull(),
    amountMinor: money("amount_minor").notNull(),
    currency: text("currency").notNull(),
    contentName: text("content_name").notNull(),
    contentValue: text("content_value").notNull(),
    /** VA number, QR reference or payment-intent id: what the acquirer or card flow names. */
    referenceNo: text("reference_no").notNull(),
    /** The merchant's own reference for the transaction list (link ref, VA trxId, QR/card ref). */
    partnerReferenceNo: text("partner_reference_no"),
    createdAt: createdAt(),
    paidAt: instant("paid_at"),
  },
  (t) => [
    // At most one live method per link: two racing Pay calls cannot both win.
    uniqueIndex("payments_one_active_per_link_uq")
      .on(t.linkId)
      .where(sql`status = 'active' and link_id is not null`),
    // At most one successful payment per link: the double-credit guard of last resort.
    uniqueIndex("payments_one_paid_per_link_uq")
      .on(t.linkId)
      .where(sql`status = 'paid' and link_id is not null`),
    uniqueIndex("payments_reference_uq").on(t.groupId, t.referenceNo),
    index("payments_partner_created_idx").on(t.partnerId, t.createdAt),
  ],
);

export const virtualAccounts = pgTable(
  "virtual_accounts",
  {
    id: text("id").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    paymentId: text("payment_id").references(() => payments.id),
    bank: text("bank").notNull(),
    /** As SNAP writes it: 8 characters, left-padded with spaces. */
    partnerServiceId: text("partner_service_id").notNull(),
    customerNo: text("customer_no").notNull(),
    virtualAccountNo: text("virtual_account_no").notNull(),
    /** The number without SNAP's padding spaces: what notifications are matched on. */
    accountDigits: text("account_digits"),
    virtualAccountName: text("virtual_account_name").notNull(),
    virtualAccountEmail: text("virtual_account_email"),
    virtualAccountPhone: text("virtual_account_phone"),
    trxId: text("trx_id").notNull(),
    trxType: text("trx_type", { enum: ["C", "O"] }).notNull(),
    amountMinor: money("amount_minor"),
    currency: text("currency").notNull().default("IDR"),
    status: text("status", { enum: ["active", "paid", "deleted", "retired"] }).notNull(),
    expiresAt: instant("expires_at").notNull(),
    additionalInfo: jsonb("additional_info").$type<Record<string, unknown>>(),
    paidAmountMinor: money("paid_amount_minor"),
    paymentRequestId: text("payment_request_id"),
    paidAt: instant("paid_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("virtual_accounts_no_uq").on(t.virtualAccountNo),
    uniqueIndex("virtual_accounts_digits_uq").on(t.accountDigits),
  ],
);

export const qrCodes = pgTable(
  "qr_codes",
  {
    referenceNo: text("reference_no").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    paymentId: text("payment_id").references(() => payments.id),
    partnerReferenceNo: text("partner_reference_no").notNull(),
    merchantId: text("merchant_id"),
    amountMinor: money("amount_minor").notNull(),
    currency: text("currency").notNull().default("IDR"),
    content: text("content").notNull(),
    /** active | paid | failed | retired | canceled | refunded (04 after 00: the money went back) */
    status: text("status", { enum: ["active", "paid", "failed", "retired", "canceled", "refunded"] }).notNull(),
    expiresAt: instant("expires_at").notNull(),
    paidAt: instant("paid_at"),
    refundedAt: instant("refunded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("qr_codes_standalone_ref_uq")
      .on(t.partnerId, t.partnerReferenceNo)
      .where(sql`payment_id is null`),
  ],
);

/**
 * Inbound payment notifications that took effect, keyed by what makes them the same
 * notification (VA: paymentRequestId; QR: originalReferenceNo). A repeat gets the stored
 * first answer and never a second credit.
 */
export const inboundNotifications = pgTable(
  "inbound_notifications",
  {
    id: text("id").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    kind: text("kind", { enum: ["va", "qr", "ew"] }).notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    responseBody: jsonb("response_body").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("inbound_notifications_key_uq").on(t.partnerId, t.kind, t.dedupeKey)],
);

/**
 * One e-wallet attempt of a link (docs/contract.md §8): what the wallet provider names by
 * `referenceNo`. Its payments row says whether it is still the link's current method; this
 * row keeps what only a wallet has (the flow, the push request's lapse, the payer's account)
 * and how the provider answered. The phone number itself is not kept: a keyed hash recognises
 * the same number on a second Pay, the masked form is what anyone is shown.
 */
export const walletPayments = pgTable(
  "wallet_payments",
  {
    referenceNo: text("reference_no").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    linkId: text("link_id")
      .notNull()
      .references(() => paymentLinks.id),
    methodId: text("method_id").notNull(),
    flow: text("flow", { enum: ["redirect", "push"] }).notNull(),
    /** The link's partnerReferenceNo: the notification's originalPartnerReferenceNo. */
    partnerReferenceNo: text("partner_reference_no").notNull(),
    amountMinor: money("amount_minor").notNull(),
    currency: text("currency").notNull(),
    phoneHash: text("phone_hash"),
    phoneMasked: text("phone_masked"),
    /** Push flow: the request lapses unapproved at this instant; redirect: null (open while the link is). */
    lapsesAt: instant("lapses_at"),
    /** open | paid (00) | failed (06): the provider's answer, once. */
    status: text("status", { enum: ["open", "paid", "failed"] }).notNull(),
    finishedAt: instant("finished_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("wallet_payments_payment_idx").on(t.paymentId),
    index("wallet_payments_partner_ref_idx").on(t.partnerId, t.partnerReferenceNo, t.createdAt),
  ],
);

/** Transactional outbox of callbacks to merchants: written in the settlement's transaction. */
export const callbackDeliveries = pgTable(
  "callback_deliveries",
  {
    /** Also the X-EXTERNAL-ID of every attempt, so merchants can de-duplicate. */
    id: text("id").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    linkId: text("link_id"),
    kind: text("kind", { enum: ["va", "qr", "ew", "link"] }).notNull(),
    url: text("url").notNull(),
    /** The exact JSON sent on every attempt. */
    body: text("body").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at")
      .notNull()
      .default(sql`now()`),
    leaseUntil: instant("lease_until"),
    leasedBy: text("leased_by"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: instant("delivered_at"),
    /** A delivery the merchant asked to send again: the one it copies. */
    resendOf: text("resend_of"),
    createdAt: createdAt(),
  },
  (t) => [
    index("callback_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("callback_deliveries_partner_idx").on(t.partnerId, t.createdAt),
    index("callback_deliveries_link_idx").on(t.linkId, t.createdAt),
  ],
);

export const callbackAttempts = pgTable(
  "callback_attempts",
  {
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => callbackDeliveries.id),
    attemptNo: integer("attempt_no").notNull(),
    instanceId: text("instance_id").notNull(),
    startedAt: instant("started_at").notNull(),
    statusCode: integer("status_code"),
    latencyMs: integer("latency_ms").notNull(),
    error: text("error"),
    replyExcerpt: text("reply_excerpt"),
  },
  // One row per attempt number: two instances can never both record attempt n.
  (t) => [primaryKey({ columns: [t.deliveryId, t.attemptNo] })],
);

/**
 * Card payments (the /v1 family). Only brand, last four, expiry and holder name are kept:
 * the card number and CVC pass through memory during confirm and are never written.
 */
export const paymentIntents = pgTable(
  "payment_intents",
  {
    id: text("id").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    linkId: text("link_id"),
    /** SNAP Card Pay's partnerReferenceNo, when the intent came from /v1.0/debit. */
    partnerReferenceNo: text("partner_reference_no"),
    /** Whole rupiah (docs/contract.md §3.2). */
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    customerId: text("customer_id"),
    description: text("description"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    status: text("status", {
      enum: ["created", "requires_action", "processing", "succeeded", "failed", "canceled"],
    }).notNull(),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    cardExpMonth: integer("card_exp_month"),
    cardExpYear: integer("card_exp_year"),
    cardHolder: text("card_holder"),
    lastError: jsonb("last_error").$type<{
      type: string;
      code: string;
      message: string;
      declineCode?: string;
    } | null>(),
    returnUrl: text("return_url"),
    /** `on_session`: save the card for customerId when this intent succeeds (docs/contract.md §10). */
    setupFutureUsage: text("setup_future_usage", { enum: ["on_session"] }),
    /** The saved card it was confirmed with, or the one it saved when it succeeded. */
    paymentMethodId: text("payment_method_id"),
    /** ISO UTC with six fraction digits, fixed at creation (docs/contract.md §12.7). */
    createdAtIso: text("created_at_iso").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_intents_partner_ref_uq")
      .on(t.partnerId, t.partnerReferenceNo)
      .where(sql`partner_reference_no is not null`),
    index("payment_intents_partner_created_idx").on(t.partnerId, t.createdAt),
  ],
);

/** Idempotency-Key of the /v1 family: the first answer, replayed for 24 h. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    partnerId: text("partner_id").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code").notNull(),
    responseBody: jsonb("response_body").$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.key] })],
);

/** Per-address request counters (lib/limits), shared through PostgreSQL; UNLOGGED in SQL. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** People who sign in to the merchant console; one merchant each. */
export const consoleUsers = pgTable(
  "console_users",
  {
    id: text("id").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    /** Lower-cased. */
    email: text("email").notNull(),
    /** scrypt (lib/gateway/merchants/passwords.ts): parameters, salt and hash in one string. */
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("console_users_email_uq").on(t.email)],
);

/** Console sessions, found by the SHA-256 of their token: the token itself is never stored. */
export const consoleSessions = pgTable(
  "console_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => consoleUsers.id),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    createdAt: createdAt(),
    lastSeenAt: instant("last_seen_at")
      .notNull()
      .default(sql`now()`),
    /** The absolute end (12 h after sign-in); idleness is judged from last_seen_at. */
    expiresAt: instant("expires_at").notNull(),
  },
  (t) => [index("console_sessions_expires_idx").on(t.expiresAt)],
);

/** One row per failed sign-in, per scope (`account:<hash>` and `address:<ip>`). */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    scope: text("scope").notNull(),
    at: instant("at")
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index("sign_in_failures_scope_at_idx").on(t.scope, t.at)],
);

/** A merchant's own switch for a method group (method_id '') or one method. */
export const merchantMethodSettings = pgTable(
  "merchant_method_settings",
  {
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    groupId: text("group_id").notNull(),
    methodId: text("method_id").notNull().default(""),
    active: boolean("active").notNull(),
    reason: text("reason", { enum: ["maintenance", "registration"] }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: "merchant_method_settings_pk", columns: [t.partnerId, t.groupId, t.methodId] })],
);

export type LinkEventType = "created" | "method_chosen" | "method_switched" | "paid" | "rejected" | "expired";

/** What happened to a link and when: the console's timeline. */
export const linkEvents = pgTable(
  "link_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    linkId: text("link_id")
      .notNull()
      .references(() => paymentLinks.id),
    type: text("type").$type<LinkEventType>().notNull(),
    at: instant("at")
      .notNull()
      .default(sql`now()`),
    detail: jsonb("detail").$type<Record<string, unknown> | null>(),
  },
  (t) => [index("link_events_link_idx").on(t.linkId, t.at)],
);

/**
 * Saved cards (docs/contract.md §10): a merchant's customer's `pm_…`. The number is kept only
 * sealed with the vault's key (lib/gateway/vault.ts SEALED_COLUMNS), from the confirm of an
 * intent that asked to save it until the card is deleted; the CVC never. `pending` while that
 * intent has not succeeded (3-D Secure), `active` once it has, `deleted` for good — with the
 * sealed number erased, so a deleted card cannot be charged even by a bug that skips the status.
 */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: text("id").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id),
    customerId: text("customer_id").notNull(),
    /** The intent whose success saves it: one saved card per intent at most. */
    intentId: text("intent_id").notNull(),
    status: text("status", { enum: ["pending", "active", "deleted"] }).notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    /** vault.encrypt(number); null once deleted (or its intent failed). */
    sealedNumber: text("sealed_number"),
    createdAt: createdAt(),
    deletedAt: instant("deleted_at"),
  },
  (t) => [
    uniqueIndex("payment_methods_intent_uq").on(t.intentId),
    index("payment_methods_customer_idx").on(t.partnerId, t.customerId, t.createdAt.desc()),
  ],
);
