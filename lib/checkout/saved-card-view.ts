import { expired } from "@/lib/contract/card";
import type { PaymentMethod } from "@/lib/contract/payment-methods";
import type { SavedCardView } from "./action-results";

/**
 * What the card step gets of a saved card: the listing's fields, no `createdAt`, and whether it
 * has expired at `now` (a card is good through the last day of its expiry month).
 */
export function savedCardView(pm: PaymentMethod, now: Date): SavedCardView {
  return {
    id: pm.id,
    brand: pm.brand,
    last4: pm.last4,
    expMonth: pm.expMonth,
    expYear: pm.expYear,
    expired: expired(pm.expMonth, pm.expYear, now),
  };
}
