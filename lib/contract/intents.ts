import { z } from "zod";
import { HttpUrl } from "./common";

export const CreateIntentRequest = z.object({
  amount: z.number().int().positive().max(1_000_000_000_000),
  currency: z.string().regex(/^[A-Z]{3}$/),
  customerId: z.string().min(1).max(255).optional(),
  description: z.string().max(1000).optional(),
  metadata: z
    .record(z.string().min(1).max(40), z.string().max(500))
    .refine((m) => Object.keys(m).length <= 50, "at most 50 keys")
    .default({}),
  returnUrl: HttpUrl.optional(),
});
export type CreateIntentRequest = z.input<typeof CreateIntentRequest>;

export const CardDetails = z.object({
  number: z.string().min(1).max(30),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().min(1).max(8),
  holderName: z.string().max(100).default(""),
});

export const ConfirmIntentRequest = z.object({
  /** Required unless the X-Client-Secret header carries it. */
  clientSecret: z.string().min(1).max(200).optional(),
  card: CardDetails,
  returnUrl: HttpUrl.optional(),
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
