import { formatMoney, isWholeRupiah, parseMoney, type Minor } from "@/lib/contract/money";
import { INTL_LOCALE, type Locale } from "./locale";

/**
 * Display helpers shared by server components and client islands. Money stays integer minor
 * units until Intl formats the exact decimal string (Intl.NumberFormat accepts strings, so no
 * float ever holds an amount).
 */
export function rupiah(minor: Minor, locale: Locale): string {
  const fraction = !isWholeRupiah(minor);
  // Intl.NumberFormat v3: a decimal string is formatted exactly.
  return rupiahFormat(locale, fraction).format(formatMoney(minor) as unknown as number);
}

/**
 * Building an Intl formatter costs far more than using one (it loads locale data), and a
 * checkout render formats a dozen amounts and dates: formatters are made once per
 * combination of options and kept (the combinations are few: 2 locales × a handful of zones).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function memo<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) {
    f = make();
    if (formatters.size < 1_000) formatters.set(key, f);
  }
  return f;
}

function rupiahFormat(locale: Locale, fraction: boolean): Intl.NumberFormat {
  return memo(
    `idr:${locale}:${fraction}`,
    () =>
      new Intl.NumberFormat(INTL_LOCALE[locale], {
        style: "currency",
        currency: "IDR",
        currencyDisplay: "narrowSymbol",
        minimumFractionDigits: fraction ? 2 : 0,
        maximumFractionDigits: 2,
      }),
  );
}

/** A wire money string ("150000.00", maybe negative) → minor units. */
export function minorOf(value: string): Minor {
  return parseMoney(value, { allowNegative: true });
}

/** What a payer types into a banking app: whole rupiah, decimals only when there are sen. */
export function plainAmount(minor: Minor): string {
  const text = formatMoney(minor);
  return text.endsWith(".00") ? text.slice(0, -3) : text;
}

/** SNAP writes the VA number with space padding; payers type only the digits. */
export function bareVaNumber(value: string): string {
  return value.replace(/\s+/g, "");
}

/** "8880812345678901" → "8880 8123 4567 8901": groups of four, easy to read out and compare. */
export function groupedVaNumber(value: string): string {
  return bareVaNumber(value).replace(/(.{4})(?=.)/g, "$1 ");
}

const zones = new Map<string, boolean>();

/** Asked on every render (the payer's zone cookie): the answer for a name is kept. */
export function isTimeZone(tz: string | undefined | null): tz is string {
  if (!tz || tz.length > 64) return false;
  let valid = zones.get(tz);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      valid = true;
    } catch {
      valid = false;
    }
    if (zones.size < 1_000) zones.set(tz, valid);
  }
  return valid;
}

export function formatDeadline(date: Date, locale: Locale, timeZone: string): string {
  const format = memo(
    `deadline:${locale}:${timeZone}`,
    () =>
      new Intl.DateTimeFormat(INTL_LOCALE[locale], {
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        timeZone,
        timeZoneName: "short",
      }),
  );
  return format.format(date);
}

/**
 * "01:02:03", or with days "2d 01:02:03" / "2 hr 01:02:03" (the day unit as the locale writes
 * it, narrow): fixed width per unit so the countdown never shifts layout.
 */
export function formatRemaining(ms: number, locale: Locale): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const h = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const hms = [h, m, s].map((n) => String(n).padStart(2, "0")).join(":");
  if (days === 0) return hms;
  const dayText = new Intl.NumberFormat(INTL_LOCALE[locale], {
    style: "unit",
    unit: "day",
    unitDisplay: "narrow",
  }).format(days);
  return `${dayText} ${hms}`;
}
