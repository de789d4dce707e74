import { z } from "zod";
import { cancelIntent, confirmIntent, confirmScope, createIntent, findIntent } from "@/lib/gateway/cards/intents";
import { UUID_REGEX } from "@/lib/contract/common";
import { CardDeclinedBody, ConfirmIntentRequest, CreateIntentRequest, PaymentIntent } from "@/lib/contract/intents";
import { defineV1Route, V1Reply } from "@/lib/api/v1-route";
import { fromWholeRupiah } from "@/lib/contract/money";
import { sealIntentAnswer, toIntent, unsealIntentAnswer } from "@/lib/gateway/cards/intent-wire";

const TAG = "Payment Intents";
const IntentParams = z.object({
  id: z
    .string()
    .regex(UUID_REGEX)
    .meta({ description: "The payment intent's id (a UUID).", example: "2b0f3c4e-8a51-4d7e-9a0c-6f1e2d3c4b5a" }),
});
/** Idempotency records keep no client secret or 3-D Secure token: sealed, then derived again on replay. */
const sealed = { seal: sealIntentAnswer, unseal: unsealIntentAnswer };

export const createIntentRoute = defineV1Route({
  method: "post",
  path: "/v1/payment-intents",
  operationId: "createPaymentIntent",
  summary: "Create a payment intent",
  description:
    "Creates an intent to collect `amount` whole rupiah by card. Hand its `clientSecret` to the payer's browser, which confirms it with the card (Confirm). With `customerId` and `setupFutureUsage: \"on_session\"` the card is saved for that customer once the intent succeeds (Saved Cards); an intent for a payment link is for the link's `additionalInfo.customerId`, and naming another is refused.",
  tag: TAG,
  auth: "secretKey",
  body: CreateIntentRequest,
  response: PaymentIntent,
  responseDescription: "The new intent, `status` `created`",
  errors: [
    "currency_not_supported",
    "amount_mismatch",
    "parameter_missing",
    "resource_missing",
    "payment_link_not_awaiting_card",
  ],
  idempotency: sealed,
  handler: async ({ gw, tx, partner, body: { amount, ...rest } }) =>
    // Whole rupiah on the wire (docs/contract.md §3.2), minor units inside.
    toIntent(gw, await createIntent(gw, tx, partner, { ...rest, amountMinor: fromWholeRupiah(amount) })),
});

export const retrieveIntentRoute = defineV1Route({
  method: "get",
  path: "/v1/payment-intents/{id}",
  operationId: "retrievePaymentIntent",
  summary: "Retrieve a payment intent",
  description: "The intent as it is now. Another merchant's intent answers like an unknown one.",
  tag: TAG,
  auth: "secretKey",
  params: IntentParams,
  notFoundMessage: "No such payment intent.",
  response: PaymentIntent,
  responseDescription: "The intent",
  errors: ["resource_missing"],
  handler: async ({ gw, tx, partner, params }) => toIntent(gw, await findIntent(tx, partner, params.id)),
});

export const confirmIntentRoute = defineV1Route({
  method: "post",
  path: "/v1/payment-intents/{id}/confirm",
  operationId: "confirmPaymentIntent",
  summary: "Confirm a payment intent with a card",
  description:
    'The browser (SDK) step: no secret key, the intent\'s client secret instead. The card succeeds (`succeeded`), needs 3-D Secure (`requires_action` with `nextAction.redirectUrl`), or is declined (402, the intent `failed` with `lastError`). Sandbox cards: 4111111111111111 succeeds, 4000000000000002 is declined, 4000000000003220 asks for 3-D Secure. A decline is as final as a success and is replayed under the same Idempotency-Key; refusals (400, 404, 409) are not kept. `returnUrl` is where 3-D Secure sends the browser back; an intent made by SNAP Card Pay ignores it and keeps its `PAY_RETURN`. A saved card pays with `{"clientSecret","paymentMethod":"pm_…","cvc"}` instead of `card`: the intent\'s `customerId` must own it (else 404 `resource_missing`), `cvc` is required, an expired card is 400 `expired_card`, and a 3-D Secure card asks again. `setupFutureUsage` here saves a new card as on create.',
  tag: TAG,
  auth: "clientSecret",
  params: IntentParams,
  notFoundMessage: "No such payment intent.",
  body: ConfirmIntentRequest,
  response: PaymentIntent,
  responseDescription: "The intent, `succeeded` or `requires_action`",
  replies: {
    402: {
      description: "The card was declined: card_error / card_declined, with the failed intent",
      schema: CardDeclinedBody,
    },
  },
  errors: [
    "resource_missing",
    "payment_intent_unexpected_state",
    "payment_link_not_payable",
    "invalid_number",
    "invalid_expiry_month",
    "invalid_expiry_year",
    "expired_card",
    "invalid_cvc",
    "test_card_required",
    "rate_limited",
  ],
  idempotency: {
    ...sealed,
    keep: (status) => status === 200 || status === 402,
    // No secret key here: the key space is that of the intent's merchant.
    owner: ({ gw, params, clientSecret }) => confirmScope(gw, gw.db, params.id, clientSecret),
  },
  afterCommit: (gw) => gw.kickOutbox?.(),
  async handler({ gw, tx, params, body, clientSecret }) {
    const outcome = await confirmIntent(gw, tx, params.id, { ...body, clientSecret });
    const intent = toIntent(gw, outcome.intent);
    if (!outcome.declined) return intent;
    const e = intent.lastError!;
    return new V1Reply(402, {
      error: {
        type: "card_error",
        code: "card_declined",
        message: e.message,
        param: null,
        declineCode: e.declineCode,
        paymentIntent: intent,
      },
    });
  },
});

export const cancelIntentRoute = defineV1Route({
  method: "post",
  path: "/v1/payment-intents/{id}/cancel",
  operationId: "cancelPaymentIntent",
  summary: "Cancel a payment intent",
  description:
    "Cancels an intent that has not succeeded. It takes no parameters; an Idempotency-Key is still bound to the body it came with.",
  tag: TAG,
  auth: "secretKey",
  params: IntentParams,
  notFoundMessage: "No such payment intent.",
  response: PaymentIntent,
  responseDescription: "The intent, `status` `canceled`",
  errors: ["resource_missing", "payment_intent_unexpected_state"],
  idempotency: sealed,
  handler: async ({ gw, tx, partner, params }) => toIntent(gw, await cancelIntent(gw, tx, partner, params.id)),
});

export const intentRoutes = [createIntentRoute, retrieveIntentRoute, confirmIntentRoute, cancelIntentRoute];
