import type { GatewayContext } from "@/lib/gateway/context";
import { clientSecretOf, threeDsToken, type Intent } from "./intents";
import { toWholeRupiah } from "@/lib/contract/money";
import type { PaymentIntent } from "@/lib/contract/intents";

/** A payment intent as the /v1 family writes it (docs/contract.md §12.7 plus the card step). */
export function toIntent(gw: GatewayContext, i: Intent): PaymentIntent {
  return {
    id: i.id,
    amount: toWholeRupiah(i.amountMinor), // whole rupiah on the /v1 wire (docs/contract.md §3.2)
    currency: i.currency,
    clientSecret: clientSecretOf(gw, i.id),
    createdAt: i.createdAtIso,
    metadata: i.metadata,
    status: i.status,
    customerId: i.customerId,
    description: i.description,
    paymentLinkId: i.linkId,
    card:
      i.cardLast4 && i.cardBrand && i.cardExpMonth && i.cardExpYear
        ? { brand: i.cardBrand, last4: i.cardLast4, expMonth: i.cardExpMonth, expYear: i.cardExpYear }
        : null,
    lastError: i.lastError ?? null,
    nextAction:
      i.status === "requires_action"
        ? {
            type: "redirect_to_url",
            redirectUrl: `${gw.config.publicBaseUrl}/v1/payment-intents/${i.id}/3ds?token=${threeDsToken(gw, i.id)}`,
          }
        : null,
    paymentMethod: i.paymentMethodId,
    setupFutureUsage: i.setupFutureUsage,
  };
}

/**
 * What an idempotency record keeps of an answer: every intent in it (the answer itself, or
 * the `paymentIntent` of a 402) without its capabilities — the client secret and the
 * 3-D Secure link's token — which must never reach the database. Values are blanked in
 * place, so the key order, and with it the replay's bytes, stay the same.
 */
export function sealIntentAnswer(body: unknown): unknown {
  return mapIntents(body, (i) => ({
    ...i,
    clientSecret: "",
    ...(i.nextAction ? { nextAction: { ...i.nextAction, redirectUrl: "" } } : {}),
  }));
}

/** The replay: the capabilities derived again from each intent's id, as toIntent does. */
export function unsealIntentAnswer(gw: GatewayContext, body: unknown): unknown {
  return mapIntents(body, (i) => {
    const fresh = {
      clientSecret: clientSecretOf(gw, i.id),
      redirectUrl: `${gw.config.publicBaseUrl}/v1/payment-intents/${i.id}/3ds?token=${threeDsToken(gw, i.id)}`,
    };
    return {
      ...i,
      clientSecret: fresh.clientSecret,
      ...(i.nextAction ? { nextAction: { ...i.nextAction, redirectUrl: fresh.redirectUrl } } : {}),
    };
  });
}

type IntentLike = { id: string; clientSecret: string; nextAction?: { redirectUrl: string } | null };

function mapIntents(value: unknown, f: (i: IntentLike) => IntentLike): unknown {
  if (Array.isArray(value)) return value.map((v) => mapIntents(v, f));
  if (!value || typeof value !== "object") return value;
  const obj = value as Record<string, unknown>;
  if (typeof obj.id === "string" && typeof obj.clientSecret === "string") return f(obj as unknown as IntentLike);
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, mapIntents(v, f)]));
}
