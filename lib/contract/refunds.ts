import { z } from "zod";
import { Amount, AmountOut, Envelope, UUID_REGEX } from "./common";

/**
 * Refunds (docs/contract.md §9): the /v1 resource, its create body and list, and SNAP's two
 * refund operations. One schema per shape, used by the gateway's routes, the OpenAPI document
 * and the typed clients. `/v1` amounts are whole rupiah, SNAP's two-decimal strings; a refund
 * with sen (SNAP's, or a /v1 refund of a remainder with sen) says so in `amountValue`, since
 * /v1's whole-rupiah `amount` cannot (docs/contract.md §9).
 */

export const RefundStatus = z.enum(["pending", "succeeded", "failed"]);
export type RefundStatus = z.infer<typeof RefundStatus>;

/** A refund id: `re_` and 24 lower-case hex digits. */
export const REFUND_ID_REGEX = /^re_[0-9a-f]{24}$/;

export const Refund = z
  .object({
    id: z.string().meta({ description: "`re_…`", example: "re_5f0c2a9d1e7b4c3a8f6e2d10" }),
    paymentLinkId: z.string().nullable().meta({ description: "The paid link, or null for a standalone payment." }),
    paymentIntentId: z
      .string()
      .nullable()
      .meta({ description: "The card payment intent refunded, or null for a QRIS or e-wallet payment." }),
    amount: z.number().int().nullable().meta({
      description:
        "Whole rupiah; null when the refund has sen (made through SNAP, or the remainder of a payment with sen): `amountValue` is exact.",
      example: 50000,
    }),
    amountValue: z
      .string()
      .meta({ description: "The exact amount, two decimals, as SNAP writes it.", example: "50000.00" }),
    currency: z.literal("IDR"),
    status: RefundStatus.meta({
      description:
        "`pending` until the acquirer answers, then `succeeded` or `failed` (a failed refund gives its amount back to what may be refunded).",
    }),
    reason: z.string().nullable(),
    createdAt: z.string().meta({ description: "ISO 8601, UTC.", example: "2026-01-12T03:04:05.678Z" }),
  })
  .meta({ id: "Refund" });
export type Refund = z.infer<typeof Refund>;

const LinkIdField = z
  .string()
  .regex(UUID_REGEX, "must be a payment link id (a UUID)")
  .meta({ description: "The paid link to refund.", example: "7d1f0c2a-5b3e-4c8d-9e6f-0a1b2c3d4e5f" });
const IntentIdField = z.string().regex(UUID_REGEX, "must be a payment intent id (a UUID)").meta({
  description: "The succeeded card payment intent to refund.",
  example: "2b0f3c4e-8a51-4d7e-9a0c-6f1e2d3c4b5a",
});

/** POST /v1/refunds: exactly one of paymentLinkId and paymentIntentId. */
export const CreateRefundRequest = z
  .object({
    paymentLinkId: LinkIdField.optional(),
    paymentIntentId: IntentIdField.optional(),
    amount: z
      .number()
      .int()
      .min(1)
      .max(1_000_000_000_000)
      .optional()
      .meta({ description: "Whole rupiah; default: all that remains refundable.", example: 50000 }),
    reason: z.string().max(255).optional().meta({ example: "Returned item" }),
  })
  .superRefine((b, ctx) => {
    if (b.paymentLinkId === undefined && b.paymentIntentId === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["paymentLinkId"],
        message: "send paymentLinkId or paymentIntentId",
      });
    else if (b.paymentLinkId !== undefined && b.paymentIntentId !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["paymentIntentId"],
        message: "send paymentLinkId or paymentIntentId, not both",
      });
  });
export type CreateRefundRequest = z.input<typeof CreateRefundRequest>;

/** GET /v1/refunds: one payment's refunds (or all the merchant's when neither is given), newest first. */
export const ListRefundsQuery = z
  .object({
    paymentLinkId: LinkIdField.optional(),
    paymentIntentId: IntentIdField.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    startingAfter: z
      .string()
      .regex(REFUND_ID_REGEX, "must be a refund id")
      .optional()
      .meta({ description: "The last refund id of the previous page." }),
  })
  .superRefine((q, ctx) => {
    if (q.paymentLinkId !== undefined && q.paymentIntentId !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["paymentIntentId"],
        message: "send paymentLinkId or paymentIntentId, not both",
      });
  });
export type ListRefundsQuery = z.input<typeof ListRefundsQuery>;

export const RefundList = z.object({ data: z.array(Refund), hasMore: z.boolean() }).meta({ id: "RefundList" });
export type RefundList = z.infer<typeof RefundList>;

/**
 * What a console link detail says about refunding it: `amountValue` what may still be refunded
 * (paid − succeeded − pending), exact; `amount` the whole rupiah of it the console's form can
 * ask for (a remainder's sen go back with a refund without an amount); `refundedValue` what
 * succeeded so far, exact, and `refunded` the same in whole rupiah, null when it has sen;
 * `reason` why nothing may be refunded: `va` (a bank transfer has no way back), `not_paid`;
 * null when refundable (or when all is refunded: `amountValue` "0.00").
 */
export const Refundable = z.object({
  amount: z.number().int(),
  amountValue: z.string(),
  refunded: z.number().int().nullable(),
  refundedValue: z.string(),
  reason: z.enum(["va", "not_paid"]).nullable(),
});
export type Refundable = z.infer<typeof Refundable>;

// --- SNAP ---

/** POST /v1.0/qr/qr-mpm-refund (78) and POST /v1.0/debit/refund (58): one body. */
export const SnapRefundRequest = z
  .object({
    originalReferenceNo: z.string().min(1).max(64).optional(),
    originalPartnerReferenceNo: z.string().min(1).max(64).optional(),
    originalExternalId: z.string().max(64).optional(),
    partnerRefundNo: z.string().min(1).max(64),
    refundAmount: Amount,
    reason: z.string().max(255).optional(),
    merchantId: z.string().max(64).optional(),
    subMerchantId: z.string().max(64).optional(),
    externalStoreId: z.string().max(64).optional(),
    additionalInfo: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.originalReferenceNo === undefined && b.originalPartnerReferenceNo === undefined)
      ctx.addIssue({ code: "invalid_type", expected: "string", path: ["originalReferenceNo"], message: "required" });
  });
export type SnapRefundRequest = z.input<typeof SnapRefundRequest>;

export const SnapRefundResponse = Envelope.extend({
  originalReferenceNo: z.string(),
  originalPartnerReferenceNo: z.string(),
  refundNo: z.string(),
  partnerRefundNo: z.string(),
  refundAmount: AmountOut,
  refundTime: z.string(),
});
export type SnapRefundResponse = z.infer<typeof SnapRefundResponse>;

/** POST {callbackBaseUrl}/v1.0/refund/notify: each final refund (refundStatus 00 succeeded, 06 failed). */
export const RefundNotification = z
  .object({
    refundNo: z.string(),
    partnerRefundNo: z.string().nullable(),
    originalReferenceNo: z.string(),
    originalPartnerReferenceNo: z.string(),
    paymentLinkId: z.string().nullable(),
    refundAmount: AmountOut,
    refundStatus: z.enum(["00", "06"]),
    refundTime: z.string(),
  })
  .meta({ id: "RefundNotification" });
export type RefundNotification = z.infer<typeof RefundNotification>;
