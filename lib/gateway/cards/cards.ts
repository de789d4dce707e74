/**
 * Sandbox card rules. The card number and CVC only pass through these functions; callers
 * keep brand, last four and expiry, nothing more.
 */

export { BRAND_LABEL, cardBrand, expired, luhnValid, type CardBrand } from "@/lib/contract/card";

export const TEST_CARDS = {
  "4111111111111111": "succeeds",
  "4000000000000002": "declined",
  "4000000000003220": "requires_3ds",
} as const;
export type TestCardOutcome = (typeof TEST_CARDS)[keyof typeof TEST_CARDS];

/** "•••• 1111" is what receipts and the link's payment content show. */
export function maskedNumber(last4: string): string {
  return `•••• ${last4}`;
}
