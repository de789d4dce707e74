import "@/lib/server-only";
import { checkoutIntents } from "@/lib/connector/gateway";
import { classifyFailure } from "@/lib/connector/failures";
import { PAYMENT_METHOD_ID } from "@/lib/contract/payment-methods";
import type { SavedCardView } from "./action-results";
import { savedCardView } from "./saved-card-view";

/** `pi_<id>_secret_<random>` → `<id>`; null for anything else (it came from a browser). */
function intentIdOf(clientSecret: string): string | null {
  return /^pi_([0-9a-f-]{36})_secret_[A-Za-z0-9_-]{1,100}$/.exec(clientSecret)?.[1] ?? null;
}

/**
 * The saved cards of the card step's intent's customer (docs/contract.md §10), as the step
 * shows them: the listing's fields and whether the card has expired, judged here so the
 * payer's clock does not decide. Null when the gateway could not list them.
 */
export async function listSavedCards(clientSecret: string, now = new Date()): Promise<SavedCardView[] | null> {
  const intentId = intentIdOf(clientSecret);
  if (!intentId) return null;
  try {
    const { data } = await checkoutIntents().listPaymentMethodsForIntent(intentId, clientSecret);
    return data.map((pm) => savedCardView(pm, now));
  } catch (err) {
    classifyFailure(err, "list saved cards");
    return null;
  }
}

/** Remove one saved card of the intent's customer; true once the gateway says it is deleted. */
export async function removeCustomerCard(clientSecret: string, paymentMethodId: string): Promise<boolean> {
  const intentId = intentIdOf(clientSecret);
  if (!intentId || !PAYMENT_METHOD_ID.test(paymentMethodId)) return false;
  try {
    const answer = await checkoutIntents().deletePaymentMethodForIntent(intentId, paymentMethodId, clientSecret);
    return answer.deleted;
  } catch (err) {
    classifyFailure(err, "remove saved card");
    return false;
  }
}
