import type { GatewayContext } from "../../gateway/context";
import { clientSecretOf, threeDsToken, type IntentRow } from "../../gateway/intents";
import type { PaymentIntent } from "../schemas/intents";

/** A payment intent as the /v1 family writes it (INTERFACE §2.7 plus the card step). */
export function toIntent(gw: GatewayContext, i: IntentRow): PaymentIntent {
  return {
    id: i.id,
    amount: i.amount,
    currency: i.currency,
    clientSecret: clientSecretOf(gw, i.id),
    createdAt: i.createdAtIso,
    metadata: i.metadata,
    status: i.status,
    customerId: i.customerId,
    description: i.description,
    paymentLinkId: i.linkId,
    card: i.cardLast4 && i.cardBrand && i.cardExpMonth && i.cardExpYear ? { brand: i.cardBrand, last4: i.cardLast4, expMonth: i.cardExpMonth, expYear: i.cardExpYear } : null,
    lastError: i.lastError ?? null,
    nextAction:
      i.status === "requires_action"
        ? { type: "redirect_to_url", redirectUrl: `${gw.config.publicBaseUrl}/v1/payment-intents/${i.id}/3ds?token=${threeDsToken(gw, i.id)}` }
        : null,
  };
}
