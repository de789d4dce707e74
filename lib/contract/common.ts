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

/**
 * A base URL: an http(s) origin with an optional path prefix, to which paths are appended
 * (`{callbackBaseUrl}/v1.0/payment-link/notify`, `{PAY_BASE_URL}/pay/{id}?secret=…`). A `?` or
 * `#` would swallow what is appended (`…?a=1/v1.0/…` posts to the base with a query, `…#x/v1.0/…`
 * to the base itself), and `user:password@` would keep a credential in the clear where the
 * value is stored (a callback is signed with the gateway's key instead, docs/contract.md §2.9): all three
 * are refused.
 */
export function isBaseUrl(v: string): boolean {
  // The text as written is what is stored and joined to paths, so it must already be the plain
  // form every reader parses alike: a lower-case http(s):// and no space, backslash or control
  // character (`HTTPS://…`, `https:host`, `https:\\host`, a trailing space all parse, differently).
  // eslint-disable-next-line no-control-regex
  if (!/^https?:\/\/[^\s\\?#\u0000-\u001f\u007f]+$/.test(v)) return false;
  try {
    const u = new URL(v);
    return u.hostname !== "" && u.username === "" && u.password === "";
  } catch {
    return false;
  }
}

/** What `isBaseUrl` asks, in the words every refusal uses (API, start-up, the partners CLI). */
export const BASE_URL_RULE =
  "must be an http(s):// URL without query, fragment, user or password (paths are appended to it)";

export const BaseUrl = z.string().max(2048).refine(isBaseUrl, BASE_URL_RULE);

export const Bilingual = z.object({ english: z.string(), indonesia: z.string() });

/** Every SNAP answer carries these two. */
export const Envelope = z.object({ responseCode: z.string().regex(/^\d{7}$/), responseMessage: z.string() });

/**
 * A UUID, any version, any case (the ids the gateway issues). Written without the `i` flag:
 * a JSON Schema `pattern` has no flags, and the document carries this one.
 */
export const UUID_REGEX = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const UuidString = z.string().regex(UUID_REGEX);
