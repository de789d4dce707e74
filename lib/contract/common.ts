import { z } from "zod";
import { MONEY_PATTERN, parseMoney } from "./money";
import { parseIsoWithOffset } from "./time";

/** Within the safe-integer range of minor units, so the handler's parseMoney cannot throw. */
function inRange(v: string): boolean {
  try {
    parseMoney(v, { allowNegative: true });
    return true;
  } catch {
    return false;
  }
}

/** "150000.00": exactly two fraction digits, never negative. */
export const MoneyString = z
  .string()
  .regex(MONEY_PATTERN)
  .refine((v) => !v.startsWith("-"), "must not be negative")
  .refine(inRange, "out of range");
/** Fees may be negative (discounts). */
export const SignedMoneyString = z.string().regex(MONEY_PATTERN).refine(inRange, "out of range");

export const Amount = z.object({ value: MoneyString, currency: z.literal("IDR") });
export const AmountOut = z.object({ value: z.string(), currency: z.string() });

export const IsoOffsetString = z
  .string()
  .max(40)
  .refine((v) => parseIsoWithOffset(v) !== null, "ISO 8601 date-time with offset");

export const HttpUrl = z
  .string()
  .max(2048)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "https:" || u.protocol === "http:";
    } catch {
      return false;
    }
  }, "http(s) URL");

export const Bilingual = z.object({ english: z.string(), indonesia: z.string() });

/** Every SNAP answer carries these two. */
export const Envelope = z.object({ responseCode: z.string().regex(/^\d{7}$/), responseMessage: z.string() });
