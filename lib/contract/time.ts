/**
 * SNAP timestamps: ISO 8601 with a numeric offset (or Z). The gateway writes Jakarta time
 * (+07:00), as Indonesian banks do; it reads any offset.
 */
const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/;

export function parseIsoWithOffset(value: string): Date | null {
  const m = ISO_WITH_OFFSET.exec(value);
  if (!m) return null;
  const [, , mo, d, h, mi, s] = m.map(Number) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h! > 23 || mi! > 59 || s! > 59) return null;
  const normalised = value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  const date = new Date(normalised);
  if (Number.isNaN(date.getTime())) return null;
  // Reject calendar overflow such as 2026-02-31, which Date would roll into March.
  const offset = m[8] === "Z" ? 0 : offsetMinutes(m[8]!);
  const local = new Date(date.getTime() + offset * 60_000);
  if (local.getUTCDate() !== d || local.getUTCMonth() + 1 !== mo) return null;
  return date;
}

function offsetMinutes(text: string): number {
  const sign = text.startsWith("-") ? -1 : 1;
  const digits = text.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

const JAKARTA_OFFSET_MS = 7 * 3600_000;

/** `2026-11-22T15:04:05+07:00` */
export function formatJakarta(date: Date): string {
  const local = new Date(date.getTime() + JAKARTA_OFFSET_MS);
  return `${local.toISOString().slice(0, 19)}+07:00`;
}

/**
 * `2026-11-22T15:04:05.123+07:00`: the X-TIMESTAMP the gateway writes on every /v1.0
 * answer and on its outbound callbacks (docs/contract.md §2.2, the SNAP standard's examples).
 * Body fields keep formatJakarta, as the interface writes them.
 */
export function formatJakartaMillis(date: Date): string {
  const local = new Date(date.getTime() + JAKARTA_OFFSET_MS);
  return `${local.toISOString().slice(0, 23)}+07:00`;
}

/** The Jakarta calendar day of an instant, `YYYY-MM-DD`: the scope of X-EXTERNAL-ID uniqueness. */
export function jakartaDay(date: Date): string {
  return new Date(date.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** `2026-11-22T08:04:05.123456Z`: JS has milliseconds; the extra digits come from hrtime. */
export function formatUtcMicros(date: Date, micros = 0): string {
  const base = date.toISOString().slice(0, 23);
  return `${base}${String(micros % 1000).padStart(3, "0")}Z`;
}
