/**
 * Money is an integer count of minor units (sen for IDR), branded so that a plain number —
 * whole rupiah from the /v1 wire, a quantity, a float — cannot be passed where an amount is
 * meant. The wire carries decimal strings with exactly two fraction digits ("150000.00"), and
 * the /v1 intents carry whole rupiah (docs/contract.md §3.2); both become `Minor` only through the
 * constructors below, at the edges, and never through floating point.
 */
export type Minor = number & { readonly __unit: "minor" };

/** Two fraction digits, optional leading minus, no exponent, no thousands separators. */
export const MONEY_PATTERN = /^-?(0|[1-9]\d{0,14})\.\d{2}$/;

/** Sen in one rupiah. */
const SEN_PER_RUPIAH = 100;

export class MoneyFormatError extends Error {}

/** An integer count of sen (a database column, a computed sum) as `Minor`; anything else throws. */
export function asMinor(value: number): Minor {
  if (!Number.isSafeInteger(value)) throw new MoneyFormatError(`not an integer amount: ${value}`);
  return value as Minor;
}

export const ZERO: Minor = asMinor(0);

export function parseMoney(value: string, { allowNegative = false } = {}): Minor {
  if (!MONEY_PATTERN.test(value)) throw new MoneyFormatError(`not a money string: ${value}`);
  const negative = value.startsWith("-");
  if (negative && !allowNegative) throw new MoneyFormatError(`negative amount: ${value}`);
  const [whole, frac] = (negative ? value.slice(1) : value).split(".") as [string, string];
  const minor = Number(whole) * SEN_PER_RUPIAH + Number(frac);
  if (!Number.isSafeInteger(minor)) throw new MoneyFormatError(`amount out of range: ${value}`);
  return (negative ? -minor : minor) as Minor;
}

export function formatMoney(minor: Minor): string {
  if (!Number.isSafeInteger(minor)) throw new MoneyFormatError(`not an integer amount: ${minor}`);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const whole = Math.trunc(abs / SEN_PER_RUPIAH);
  const frac = abs % SEN_PER_RUPIAH;
  return `${sign}${whole}.${frac.toString().padStart(2, "0")}`;
}

/** Whole rupiah as the /v1 intents write them (`amount: 150000`) → minor units. */
export function fromWholeRupiah(rupiah: number): Minor {
  if (!Number.isSafeInteger(rupiah)) throw new MoneyFormatError(`not a whole rupiah amount: ${rupiah}`);
  return asMinor(rupiah * SEN_PER_RUPIAH);
}

/** Minor units → whole rupiah, for the /v1 wire and the intents' column; an amount with sen throws. */
export function toWholeRupiah(minor: Minor): number {
  if (!isWholeRupiah(minor)) throw new MoneyFormatError(`not a whole rupiah amount: ${minor}`);
  return minor / SEN_PER_RUPIAH;
}

export function isWholeRupiah(minor: Minor): boolean {
  return Number.isSafeInteger(minor) && minor % SEN_PER_RUPIAH === 0;
}

/**
 * What a card can charge: a positive amount of whole rupiah. Card payments are intents, and
 * intents count whole rupiah (docs/contract.md §3.2), so a total with sen cannot go to a card. The one
 * rule for the checkout's card step, SNAP Card Pay and the intents themselves.
 */
export function cardCanCharge(total: Minor): boolean {
  return total > 0 && isWholeRupiah(total);
}

/** Sum a list of minor amounts, refusing to leave the safe-integer range. */
export function sumMinor(values: readonly Minor[]): Minor {
  let total = 0;
  for (const v of values) {
    total += v;
    if (!Number.isSafeInteger(total)) throw new MoneyFormatError("sum out of range");
  }
  return total as Minor;
}

export function multiplyMinor(price: Minor, quantity: number): Minor {
  const product = price * quantity;
  if (!Number.isSafeInteger(product)) throw new MoneyFormatError("line total out of range");
  return product as Minor;
}
