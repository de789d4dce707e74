/**
 * Money is an integer count of minor units (sen for IDR). The wire carries decimal strings
 * with exactly two fraction digits ("150000.00"); conversion happens only at the edges and
 * never touches floating point.
 */
export type Minor = number;

/** Two fraction digits, optional leading minus, no exponent, no thousands separators. */
export const MONEY_PATTERN = /^-?(0|[1-9]\d{0,14})\.\d{2}$/;

export class MoneyFormatError extends Error {}

export function parseMoney(value: string, { allowNegative = false } = {}): Minor {
  if (!MONEY_PATTERN.test(value)) throw new MoneyFormatError(`not a money string: ${value}`);
  const negative = value.startsWith("-");
  if (negative && !allowNegative) throw new MoneyFormatError(`negative amount: ${value}`);
  const [whole, frac] = (negative ? value.slice(1) : value).split(".") as [string, string];
  const minor = Number(whole) * 100 + Number(frac);
  if (!Number.isSafeInteger(minor)) throw new MoneyFormatError(`amount out of range: ${value}`);
  return negative ? -minor : minor;
}

export function formatMoney(minor: Minor): string {
  if (!Number.isSafeInteger(minor)) throw new MoneyFormatError(`not an integer amount: ${minor}`);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const whole = Math.trunc(abs / 100);
  const frac = abs % 100;
  return `${sign}${whole}.${frac.toString().padStart(2, "0")}`;
}

/** Sum a list of minor amounts, refusing to leave the safe-integer range. */
export function sumMinor(values: readonly Minor[]): Minor {
  let total = 0;
  for (const v of values) {
    total += v;
    if (!Number.isSafeInteger(total)) throw new MoneyFormatError("sum out of range");
  }
  return total;
}

export function multiplyMinor(price: Minor, quantity: number): Minor {
  const product = price * quantity;
  if (!Number.isSafeInteger(product)) throw new MoneyFormatError("line total out of range");
  return product;
}
