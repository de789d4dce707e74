import {
  formatMoney,
  MoneyFormatError,
  multiplyMinor,
  parseMoney,
  sumMinor,
  ZERO,
  type Minor,
} from "@/lib/contract/money";

/**
 * The money rules of a payment link, in one place for every side: SNAP Create and the
 * console's /v1 create (lib/gateway/links/payment-links.ts) and the console form's live total in
 * the browser all call `invoiceTotals`. Integer minor units, no floats; a sum that leaves
 * the safe-integer range is refused, not rounded.
 */
export function invoiceTotals(
  items: readonly { priceMinor: Minor; quantity: number }[],
  fees: readonly { valueMinor: Minor }[],
): { subtotalMinor: Minor; totalMinor: Minor } {
  const subtotalMinor = sumMinor(items.map((i) => multiplyMinor(i.priceMinor, i.quantity)));
  const totalMinor = sumMinor([subtotalMinor, ...fees.map((f) => f.valueMinor)]);
  return { subtotalMinor, totalMinor };
}

export type TotalsError = "amount" | "quantity" | "range" | "total";

/**
 * A form's rows as typed (`"125000"`, `"12500,5"`, `"-2000"` for a discount) → the wire's
 * money strings and the totals, or the first problem of each field. Grouping separators are
 * refused rather than guessed ("1.000" is one thousand in Indonesian and one in English).
 */
export function moneyFromInput(text: string, { allowNegative = false } = {}): string | null {
  const m = /^\s*(-)?\s*(\d{1,15})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m || (m[1] && !allowNegative)) return null;
  const value = `${m[1] ?? ""}${BigInt(m[2]!).toString()}.${(m[3] ?? "").padEnd(2, "0")}`;
  try {
    parseMoney(value, { allowNegative });
    return value === "-0.00" ? "0.00" : value;
  } catch {
    return null;
  }
}

export interface FormTotals {
  subtotal: string | null;
  total: string | null;
  /** Field path (`items.0.price`, `fees.1.value`, `total`) → what is wrong. */
  errors: Record<string, TotalsError>;
}

export function formTotals(
  items: readonly { price: string; quantity: string }[],
  fees: readonly { value: string }[],
): FormTotals {
  const errors: Record<string, TotalsError> = {};
  const lines = items.map((item, i) => {
    const price = moneyFromInput(item.price);
    if (price === null) errors[`items.${i}.price`] = "amount";
    const quantity = /^\s*\d{1,7}\s*$/.test(item.quantity) ? Number(item.quantity) : NaN;
    if (!(quantity >= 1 && quantity <= 1_000_000)) errors[`items.${i}.quantity`] = "quantity";
    return {
      priceMinor: price === null ? ZERO : parseMoney(price),
      quantity: Number.isFinite(quantity) ? quantity : 0,
    };
  });
  const feeLines = fees.map((fee, i) => {
    const value = moneyFromInput(fee.value, { allowNegative: true });
    if (value === null) errors[`fees.${i}.value`] = "amount";
    return {
      valueMinor: value === null ? ZERO : parseMoney(value, { allowNegative: true }),
    };
  });
  if (Object.keys(errors).length > 0) return { subtotal: null, total: null, errors };
  try {
    const { subtotalMinor, totalMinor } = invoiceTotals(lines, feeLines);
    if (totalMinor <= 0) errors.total = "total";
    return {
      subtotal: formatMoney(subtotalMinor),
      total: formatMoney(totalMinor),
      errors,
    };
  } catch (err) {
    if (err instanceof MoneyFormatError) return { subtotal: null, total: null, errors: { total: "range" } };
    throw err;
  }
}
