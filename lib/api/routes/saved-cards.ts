import { z } from "zod";
import { UUID_REGEX } from "@/lib/contract/common";
import { CustomerId, DeletedPaymentMethod, PaymentMethodId, PaymentMethodList } from "@/lib/contract/payment-methods";
import { defineV1Route } from "@/lib/api/v1-route";
import { V1Error } from "@/lib/api/v1-errors";
import { intentForClientSecret } from "@/lib/gateway/cards/intents";
import { deletePaymentMethod, listPaymentMethods, toPaymentMethod } from "@/lib/gateway/cards/payment-methods";

/**
 * Saved cards (docs/contract.md §10). The merchant reaches its customers' cards with its secret
 * key; the payer's page (the hosted checkout, or the merchant's own page through the SDK)
 * reaches only the cards of the customer an intent names, with that intent's client secret.
 */
const TAG = "Saved Cards";

const CustomerParams = z.object({ customerId: CustomerId });
const CustomerCardParams = z.object({ customerId: CustomerId, id: PaymentMethodId });
const IntentId = z
  .string()
  .regex(UUID_REGEX)
  .meta({ description: "The payment intent's id (a UUID).", example: "2b0f3c4e-8a51-4d7e-9a0c-6f1e2d3c4b5a" });
const IntentParams = z.object({ id: IntentId });
const IntentCardParams = z.object({ id: IntentId, paymentMethodId: PaymentMethodId });

export const listCustomerCardsRoute = defineV1Route({
  method: "get",
  path: "/v1/customers/{customerId}/payment-methods",
  operationId: "listCustomerPaymentMethods",
  summary: "List a customer's saved cards",
  description:
    'The cards saved for `customerId` by intents confirmed with `setupFutureUsage: "on_session"`, newest first, expired ones included: brand, last 4 and expiry, never the number. A customer with none (or another merchant\'s customer) lists `{"data":[]}`.',
  tag: TAG,
  auth: "secretKey",
  params: CustomerParams,
  notFoundMessage: "No such customer.",
  response: PaymentMethodList,
  responseDescription: "The customer's saved cards",
  errors: [],
  handler: async ({ tx, partner, params }) => ({
    data: (await listPaymentMethods(tx, partner.id, params.customerId)).map(toPaymentMethod),
  }),
});

export const deleteCustomerCardRoute = defineV1Route({
  method: "delete",
  path: "/v1/customers/{customerId}/payment-methods/{id}",
  operationId: "deleteCustomerPaymentMethod",
  summary: "Delete a customer's saved card",
  description:
    "Removes the card for good: its sealed number is erased and it can never be charged again (a confirm with it answers 404). Another merchant's customer or card, or one already deleted, answers 404.",
  tag: TAG,
  auth: "secretKey",
  params: CustomerCardParams,
  notFoundMessage: "No such payment method.",
  response: DeletedPaymentMethod,
  responseDescription: '`{"id","deleted":true}`',
  errors: ["resource_missing"],
  handler: ({ gw, tx, partner, params }) => deletePaymentMethod(gw, tx, partner.id, params.customerId, params.id),
});

export const listIntentCardsRoute = defineV1Route({
  method: "get",
  path: "/v1/payment-intents/{id}/payment-methods",
  operationId: "listPaymentIntentPaymentMethods",
  summary: "List the saved cards of an intent's customer",
  description:
    "The payer's view of Saved Cards, with the intent's client secret in the `X-Client-Secret` header (not the query: URLs end up in logs) instead of a secret key: the saved cards of the intent's `customerId`, `{\"data\":[]}` when it has none or no customer. What the hosted checkout's card step lists for a payment link created with `additionalInfo.customerId`.",
  tag: TAG,
  auth: "clientSecret",
  params: IntentParams,
  notFoundMessage: "No such payment intent.",
  response: PaymentMethodList,
  responseDescription: "The intent's customer's saved cards",
  errors: ["resource_missing"],
  async handler({ gw, tx, params, clientSecret }) {
    const intent = await intentForClientSecret(gw, tx, params.id, clientSecret);
    if (!intent.customerId) return { data: [] };
    return { data: (await listPaymentMethods(tx, intent.partnerId, intent.customerId)).map(toPaymentMethod) };
  },
});

export const deleteIntentCardRoute = defineV1Route({
  method: "delete",
  path: "/v1/payment-intents/{id}/payment-methods/{paymentMethodId}",
  operationId: "deletePaymentIntentPaymentMethod",
  summary: "Remove a saved card of an intent's customer",
  description:
    "The payer removes one of their saved cards, with the intent's client secret (`X-Client-Secret`): as Delete, for the intent's customer only; another customer's card answers 404.",
  tag: TAG,
  auth: "clientSecret",
  params: IntentCardParams,
  notFoundMessage: "No such payment method.",
  response: DeletedPaymentMethod,
  responseDescription: '`{"id","deleted":true}`',
  errors: ["resource_missing"],
  async handler({ gw, tx, params, clientSecret }) {
    const intent = await intentForClientSecret(gw, tx, params.id, clientSecret);
    if (!intent.customerId) throw new V1Error("resource_missing", "No such payment method.", "paymentMethodId");
    return deletePaymentMethod(gw, tx, intent.partnerId, intent.customerId, params.paymentMethodId);
  },
});

export const savedCardRoutes = [
  listCustomerCardsRoute,
  deleteCustomerCardRoute,
  listIntentCardsRoute,
  deleteIntentCardRoute,
];
