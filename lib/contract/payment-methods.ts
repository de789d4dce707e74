import { z } from "zod";

/**
 * Saved cards (docs/contract.md §10): a customer's `pm_…` payment methods, as the /v1 family
 * answers them and as every client parses them. Never the number, never the CVC.
 */

/**
 * A merchant's own name for its customer. No control characters: it travels in a URL path
 * (`/v1/customers/{customerId}/…`) and is stored as text, where U+0000 cannot go.
 */
export const CustomerId = z
  .string()
  .min(1)
  .max(255)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .regex(/^[^\u0000-\u001f\u007f]+$/, "no control characters")
  .meta({ description: "The merchant's own id for its customer.", example: "cus_1042" });

/** A payment link's customer: the same, at most 64 characters (docs/contract.md §10). */
export const LinkCustomerId = CustomerId.max(64);

/** `on_session`: keep the card for this customer's next payments, made while they are present. */
export const SetupFutureUsage = z.enum(["on_session"]).meta({
  description:
    "`on_session`: when the intent succeeds, save its card as a payment method of the intent's `customerId` (which it needs).",
});
export type SetupFutureUsage = z.infer<typeof SetupFutureUsage>;

/** `pm_` and 24 lower-case hex digits; anything else cannot name a saved card. */
export const PAYMENT_METHOD_ID = /^pm_[0-9a-f]{24}$/;

export const PaymentMethodId = z
  .string()
  .min(1)
  .max(100)
  .meta({ description: "A saved card's id (`pm_…`).", example: "pm_5f1c0e9a3b7d42c8a1e6f0b2" });

export const PaymentMethod = z
  .object({
    id: z.string().meta({ example: "pm_5f1c0e9a3b7d42c8a1e6f0b2" }),
    brand: z.string().meta({ description: "Lower case: `visa`, `mastercard`, `jcb`.", example: "visa" }),
    last4: z.string().meta({ example: "1111" }),
    expMonth: z.number().int().meta({ example: 12 }),
    expYear: z.number().int().meta({ example: 2030 }),
    createdAt: z
      .string()
      .meta({ description: "When it was saved (ISO 8601, UTC).", example: "2026-11-28T02:00:00.000Z" }),
  })
  .meta({ id: "PaymentMethod" });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const PaymentMethodList = z
  .object({ data: z.array(PaymentMethod).meta({ description: "Newest first; empty when there is none." }) })
  .meta({ id: "PaymentMethodList" });
export type PaymentMethodList = z.infer<typeof PaymentMethodList>;

export const DeletedPaymentMethod = z
  .object({ id: z.string(), deleted: z.literal(true) })
  .meta({ id: "DeletedPaymentMethod" });
export type DeletedPaymentMethod = z.infer<typeof DeletedPaymentMethod>;
