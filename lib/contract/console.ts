import { z } from "zod";
import { FlagStatus } from "./link-flags";
import { AmountOut, Bilingual } from "@/lib/contract/common";
import { CreatePaymentLinkRequest, CustomerDetailOut, MethodGroup, PaymentSection } from "@/lib/contract/payment-link";
import { Refund, Refundable, RefundStatus } from "@/lib/contract/refunds";

/**
 * The console's part of the /v1 family (docs/contract.md §5.2, docs/console.md): one schema per
 * answer, used by the gateway's routes, the OpenAPI document and the typed client.
 */

export const LinkSummary = z.object({
  paymentLinkId: z.string(),
  partnerReferenceNo: z.string(),
  title: z.string(),
  totalAmount: AmountOut,
  paymentFlagStatus: FlagStatus,
  createdAt: z.string(),
  expiredAt: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  /** `va.bca`, `qr.qris`, `cc.card` once a method is chosen. */
  paymentMethod: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** What succeeded refunds gave back ("0.00" when none): the CSV export's refunded column (docs/contract.md §9). */
  refundedAmount: AmountOut,
});
export type LinkSummary = z.infer<typeof LinkSummary>;

export const LinkList = z.object({
  data: z.array(LinkSummary),
  hasMore: z.boolean(),
});
export type LinkList = z.infer<typeof LinkList>;

export const ListLinksQuery = z.object({
  status: FlagStatus.optional(),
  q: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  startingAfter: z.string().max(64).optional(),
  /** ISO 8601 instants: created at or after / before. */
  createdFrom: z.iso.datetime({ offset: true }).optional(),
  createdTo: z.iso.datetime({ offset: true }).optional(),
});
export type ListLinksQuery = z.input<typeof ListLinksQuery>;

export const TimelineEntry = z.object({
  type: z.enum(["created", "method_chosen", "method_switched", "paid", "rejected", "expired", "refund"]),
  at: z.string(),
  method: z.string().nullable(),
  /** expired: `merchant` (Expire now) or `deadline`. */
  by: z.string().nullable(),
  /** E-wallet steps: the payer's wallet account as shown to anyone (the masked phone number). */
  account: z.string().optional(),
  /** `refund` entries (at the refund's creation): the refund and its state now. */
  refund: z
    .object({
      id: z.string(),
      /** As the refund's own (docs/contract.md §9): whole rupiah, null when it has sen; `amountValue` exact. */
      amount: z.number().int().nullable(),
      amountValue: z.string(),
      status: RefundStatus,
      reason: z.string().nullable(),
    })
    .optional(),
});

export const DeliveryAttempt = z.object({
  attemptNo: z.number().int(),
  startedAt: z.string(),
  statusCode: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  error: z.string().nullable(),
  replyExcerpt: z.string().nullable(),
});

/** One callback the gateway posts (or posted) and every attempt of it: GET /v1/callback-deliveries, a link's detail, resend. */
export const Delivery = z
  .object({
    id: z.string().meta({ description: "Also the X-EXTERNAL-ID of every attempt of this delivery." }),
    kind: z.enum(["va", "qr", "ew", "link", "refund"]),
    linkId: z.string().nullable(),
    url: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    createdAt: z.string(),
    resendOf: z.string().nullable().meta({ description: "The delivery this one resends (Resend now), or null." }),
    body: z.unknown().meta({ description: "The exact JSON sent on every attempt." }),
    attemptLog: z.array(DeliveryAttempt),
  })
  .meta({ id: "CallbackDelivery" });
export type Delivery = z.infer<typeof Delivery>;

export const LinkPayment = PaymentSection.extend({
  referenceNo: z.string(),
  status: z.string(),
  paidAt: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
}).nullable();

export const LinkDetail = LinkSummary.extend({
  trxId: z.string(),
  subTitle: z.string(),
  paymentLinkUri: z.string(),
  paymentFlagReason: Bilingual,
  items: z.array(
    z.object({
      name: z.string(),
      price: z.string(),
      quantity: z.number().int(),
    }),
  ),
  fees: z.array(z.object({ text: z.string(), value: z.string() })),
  subtotal: z.string(),
  customerDetail: CustomerDetailOut,
  language: z.enum(["en", "id"]).nullable(),
  paymentMethods: z.array(z.string()).nullable(),
  callbackBaseUrl: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  latePayment: z.boolean(),
  timeZone: z.string(),
  timeline: z.array(TimelineEntry),
  payment: LinkPayment,
  deliveries: z.array(Delivery),
  /** The link's refunds, newest first (docs/contract.md §9). */
  refunds: z.array(Refund),
  refundable: Refundable,
});
export type LinkDetail = z.infer<typeof LinkDetail>;

/** POST /v1/payment-links: SNAP Create's body; reference and trxId are generated when left out. */
export const CreateLinkRequest = CreatePaymentLinkRequest.extend({
  partnerReferenceNo: z.string().min(1).max(64).optional(),
  trxId: z.string().min(1).max(64).optional(),
});
export type CreateLinkRequest = z.input<typeof CreateLinkRequest>;

export const MethodSettingRequest = z.object({
  active: z.boolean(),
  reason: z.enum(["maintenance", "registration"]).optional(),
});
export const MethodGroups = z.object({ data: z.array(MethodGroup) });
export type MethodGroups = z.infer<typeof MethodGroups>;

export const Overview = z.object({
  currency: z.literal("IDR"),
  timeZone: z.string(),
  /** Paid minus what succeeded refunds gave back, by the day of the payment. */
  collected: z.object({
    today: z.string(),
    last7Days: z.string(),
    last30Days: z.string(),
  }),
  /** What succeeded refunds gave back, by the day of the refund. */
  refunded: z.object({
    today: z.string(),
    last7Days: z.string(),
    last30Days: z.string(),
  }),
  counts: z.object({
    paid: z.number().int(),
    pending: z.number().int(),
    expired: z.number().int(),
    rejected: z.number().int(),
  }),
  /** Paid links ÷ links created, over the last 30 days; null when none were created. */
  conversion: z.number().nullable(),
  daily: z.array(z.object({ date: z.string(), amount: z.string(), count: z.number().int() })),
});
export type Overview = z.infer<typeof Overview>;

export const SignInRequest = z.object({
  email: z.string().min(1).max(255),
  password: z.string().min(1).max(1024),
});
export const ConsoleSessionInfo = z.object({
  user: z.object({ email: z.string() }),
  merchant: z.object({ partnerId: z.string(), name: z.string() }),
  expiresAt: z.string(),
});
export type ConsoleSessionInfo = z.infer<typeof ConsoleSessionInfo>;
export const SignInAnswer = ConsoleSessionInfo.extend({ token: z.string() });

export const Account = z.object({
  partnerId: z.string(),
  name: z.string(),
  clientKey: z.string(),
  channelId: z.string(),
  gatewayPublicKeyPem: z.string(),
  callbackBaseUrl: z.string().nullable(),
  timeZone: z.string(),
  mode: z.enum(["sandbox", "production"]),
  keyRotationGraceSeconds: z.number().int(),
  previousSecretKeyUntil: z.string().nullable(),
  previousClientSecretUntil: z.string().nullable(),
});
export type Account = z.infer<typeof Account>;

export const RotatedSecretKey = z.object({
  secretKey: z.string(),
  previousKeyValidUntil: z.string(),
});
export const RotatedClientSecret = z.object({
  clientSecret: z.string(),
  previousSecretValidUntil: z.string(),
});

export const TestCallback = z.object({
  request: z.object({
    method: z.literal("POST"),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    body: z.string(),
  }),
  response: z
    .object({
      status: z.number().int(),
      body: z.string(),
      latencyMs: z.number().int(),
    })
    .nullable(),
  error: z.string().nullable(),
});
export type TestCallback = z.infer<typeof TestCallback>;
