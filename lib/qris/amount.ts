/**
 * Tag 54 carries rupiah as a decimal string while the rest of the system counts integer sen.
 * Both directions work on digit strings so no value ever passes through a binary fraction.
 */
const MAX_AMOUNT_CHARS = 13; // EMVCo limit for the tag 54 value
const AMOUNT_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;

export function formatQrisAmount(amountMinor: number): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new Error(`QRIS amount must be a positive safe integer of minor units (sen), got ${amountMinor}`);
  }
  const text = amountText(amountMinor);
  if (text.length > MAX_AMOUNT_CHARS) {
    throw new Error(`QRIS amount ${text} exceeds the ${MAX_AMOUNT_CHARS}-character limit of tag 54`);
  }
  return text;
}

/**
 * Whether a positive amount can be written into tag 54 at all. The limit is on characters,
 * not value: 9999999999999 (whole rupiah, 13 digits) fits, 99999999999.99 (14) does not.
 * Callers ask before building a payload, so an amount the QR cannot carry is refused as
 * bad input (or shown as an unavailable method), never discovered as a fault mid-payment.
 */
export function fitsQrisAmount(amountMinor: number): boolean {
  return Number.isSafeInteger(amountMinor) && amountMinor > 0 && amountText(amountMinor).length <= MAX_AMOUNT_CHARS;
}

function amountText(amountMinor: number): string {
  // At least three digits so there is always a whole part, e.g. 1 sen -> "001" -> "0.01".
  const digits = amountMinor.toString().padStart(3, "0");
  const whole = digits.slice(0, -2);
  const fraction = digits.slice(-2);
  return fraction === "00" ? whole : `${whole}.${fraction}`;
}

export function parseQrisAmount(text: string): number {
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) throw new Error(`QRIS amount ${JSON.stringify(text)} is not a decimal with at most 2 fraction digits`);
  const [, whole = "", fraction = ""] = match;
  // Shifting the decimal point textually keeps the conversion exact.
  const minor = Number(whole + fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(minor)) throw new Error(`QRIS amount ${text} is out of the safe integer range`);
  return minor;
}
