import { z } from "zod";
import { HttpUrl } from "./common";
import { CustomerId, PaymentMethodId, SetupFutureUsage } from "./payment-methods";

export const CreateIntentRequest = z.object({
  amount: z.number().int().positive().max(1_000_000_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/),
  customerId: CustomerId.optional(),
  description: z.string().max(1000).optional(),
  metadata: z
    .record(z.string().min(1).max(40), z.string().max(500))
    .refine((m) => Object.keys(m).length <= 50, "at most 50 keys")
    .default({}),
  returnUrl: HttpUrl.optional(),
  setupFutureUsage: SetupFutureUsage.optional(),
});
export type CreateIntentRequest = z.input<typeof CreateIntentRequest>;

export const CardDetails = z.object({
  number: z.string().min(1).max(30),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().min(1).max(8),
  holderName: z.string().max(100).default(""),
});

/**
 * A confirm pays with a new `card`, or with a saved `paymentMethod` of the intent's customer
 * and its `cvc` (docs/contract.md §10): one of the two, never both.
 */
export const ConfirmIntentRequest = z
  .object({
    /** Required unless the X-Client-Secret header carries it. */
    clientSecret: z.string().min(1).max(200).optional(),
    card: CardDetails.optional(),
    paymentMethod: PaymentMethodId.optional(),
    cvc: z
      .string()
      .min(1)
      .max(8)
      .optional()
      .meta({ description: "The saved card's security code: required with `paymentMethod`, never kept." }),
    /** May also be set here: the payer ticks "save this card" after the intent was made. */
    setupFutureUsage: SetupFutureUsage.optional(),
    returnUrl: HttpUrl.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.card && b.paymentMethod !== undefined)
      ctx.addIssue({ code: "custom", path: ["paymentMethod"], message: "send either card or paymentMethod, not both" });
    else if (!b.card && b.paymentMethod === undefined)
      ctx.addIssue({ code: "custom", path: ["card"], message: "Invalid input: expected object, received undefined" });
    else if (b.paymentMethod !== undefined && b.cvc === undefined)
      ctx.addIssue({ code: "custom", path: ["cvc"], message: "required with paymentMethod" });
    else if (b.card && b.cvc !== undefined)
      ctx.addIssue({ code: "custom", path: ["cvc"], message: "goes inside card (card.cvc) with a new card" });
  });
export type ConfirmIntentRequest = z.input<typeof ConfirmIntentRequest>;

export const IntentStatus = z.enum(["created", "requires_action", "processing", "succeeded", "failed", "canceled"]);

export const PaymentIntent = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  clientSecret: z.string(),
  createdAt: z.string(),
  metadata: z.record(z.string(), z.string()),
  status: IntentStatus,
  customerId: z.string().nullable(),
  description: z.string().nullable(),
  paymentLinkId: z.string().nullable(),
  card: z
    .object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() })
    .nullable(),
  lastError: z
    .object({ type: z.string(), code: z.string(), message: z.string(), declineCode: z.string().optional() })
    .nullable(),
  nextAction: z.object({ type: z.literal("redirect_to_url"), redirectUrl: z.string() }).nullable(),
  /** The saved card it was confirmed with, or the one it saved on success; else null (docs/contract.md §10). */
  paymentMethod: z.string().nullable(),
  setupFutureUsage: SetupFutureUsage.nullable(),
});
export type PaymentIntent = z.infer<typeof PaymentIntent>;

/** The /v1 error object (docs/contract.md §3.3). */
export const V1ErrorBody = z
  .object({
    error: z
      .object({
        type: z.enum([
          "invalid_request_error",
          "authentication_error",
          "card_error",
          "api_error",
          "idempotency_error",
          "rate_limit_error",
        ]),
        code: z
          .string()
          .meta({ description: "What went wrong, for a program (`parameter_invalid`, `resource_missing`, …)." }),
        message: z.string().meta({ description: "What went wrong, for a developer." }),
        param: z
          .string()
          .nullable()
          .meta({ description: "The field or header it is about (`card.number`, `Idempotency-Key`), or null." }),
      })
      .passthrough(),
  })
  .meta({ id: "V1Error" });

/** 402 on confirm: the decline, with the intent now `failed`. */
export const CardDeclinedBody = z
  .object({
    error: z.object({
      type: z.literal("card_error"),
      code: z.literal("card_declined"),
      message: z.string(),
      param: z.null(),
      declineCode: z.string().optional(),
      paymentIntent: PaymentIntent,
    }),
  })
  .meta({ id: "CardDeclined" });
