/**
 * Card rules shared by the browser (inline form errors) and the gateway (the authority).
 * Pure functions: the number passes through, nothing is kept.
 */
export type CardBrand = "visa" | "mastercard" | "jcb" | "amex" | "unknown";

/** A brand as receipts, the card form and the link's payment content name it. */
export const BRAND_LABEL: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  jcb: "JCB",
  amex: "American Express",
  unknown: "Card",
};

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): CardBrand {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return "mastercard";
  if (/^35(2[89]|[3-8]\d)/.test(number)) return "jcb";
  if (/^3[47]/.test(number)) return "amex";
  return "unknown";
}

export function expired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}
