import { describe, expect, it } from "vitest";
import { formatJakarta, formatJakartaMillis, formatUtcMicros, jakartaDay, parseIsoWithOffset } from "./time";

const instant = (iso: string) => parseIsoWithOffset(iso)?.toISOString() ?? null;

describe("parseIsoWithOffset", () => {
  it.each([
    ["Z", "2026-11-22T08:04:05Z", "2026-11-22T08:04:05.000Z"],
    ["+07:00", "2026-11-22T15:04:05+07:00", "2026-11-22T08:04:05.000Z"],
    ["+0700 (no colon)", "2026-11-22T15:04:05+0700", "2026-11-22T08:04:05.000Z"],
    ["a negative offset", "2026-11-22T03:04:05-05:00", "2026-11-22T08:04:05.000Z"],
    ["a half-hour offset", "2026-11-22T13:34:05+05:30", "2026-11-22T08:04:05.000Z"],
    ["milliseconds", "2026-11-22T15:04:05.123+07:00", "2026-11-22T08:04:05.123Z"],
    ["nanoseconds (truncated to ms)", "2026-11-22T15:04:05.123456789+07:00", "2026-11-22T08:04:05.123Z"],
    ["the offset moving the instant to the previous day", "2026-01-01T03:00:00+07:00", "2025-12-31T20:00:00.000Z"],
    ["a leap day", "2024-02-29T12:00:00+07:00", "2024-02-29T05:00:00.000Z"],
    ["the last second of a year", "2026-12-31T23:59:59Z", "2026-12-31T23:59:59.000Z"],
  ])("reads %s", (_, input, expected) => {
    expect(instant(input)).toBe(expected);
  });

  it.each([
    ["no offset", "2026-11-22T15:04:05"],
    ["a date only", "2026-11-22"],
    ["a space instead of T", "2026-11-22 15:04:05+07:00"],
    ["lower-case z", "2026-11-22T08:04:05z"],
    ["an hour-only offset", "2026-11-22T15:04:05+07"],
    ["February 31st", "2026-02-31T10:00:00+07:00"],
    ["February 29th of a common year", "2026-02-29T10:00:00+07:00"],
    ["April 31st", "2026-04-31T10:00:00Z"],
    ["month 13", "2026-13-01T10:00:00Z"],
    ["month 00", "2026-00-10T10:00:00Z"],
    ["day 00", "2026-01-00T10:00:00Z"],
    ["hour 24", "2026-01-01T24:00:00Z"],
    ["minute 60", "2026-01-01T10:60:00Z"],
    ["second 60", "2026-01-01T10:00:60Z"],
    ["an impossible offset", "2026-01-01T10:00:00+99:99"],
    ["a unix timestamp", "1795337095"],
    ["trailing text", "2026-11-22T15:04:05+07:00x"],
    ["leading space", " 2026-11-22T15:04:05+07:00"],
    ["an empty string", ""],
    ["ten fraction digits", "2026-11-22T15:04:05.1234567890Z"],
  ])("refuses %s", (_, input) => {
    expect(parseIsoWithOffset(input)).toBeNull();
  });
});

describe("formatJakarta", () => {
  it("writes seconds precision with +07:00", () => {
    expect(formatJakarta(new Date("2026-11-22T08:04:05.999Z"))).toBe("2026-11-22T15:04:05+07:00");
    expect(formatJakarta(new Date("2026-11-22T17:30:00Z"))).toBe("2026-11-23T00:30:00+07:00");
  });

  it("round-trips through parseIsoWithOffset", () => {
    const d = new Date("2026-06-30T23:59:59Z");
    expect(parseIsoWithOffset(formatJakarta(d))!.getTime()).toBe(d.getTime());
  });
});

describe("formatJakartaMillis", () => {
  it("writes yyyy-MM-ddTHH:mm:ss.SSS+07:00, milliseconds always three digits", () => {
    expect(formatJakartaMillis(new Date("2026-11-22T08:04:05.999Z"))).toBe("2026-11-22T15:04:05.999+07:00");
    expect(formatJakartaMillis(new Date("2026-11-22T17:30:00Z"))).toBe("2026-11-23T00:30:00.000+07:00");
    expect(formatJakartaMillis(new Date("2026-12-31T17:00:00.007Z"))).toBe("2027-01-01T00:00:00.007+07:00");
  });

  it("round-trips through parseIsoWithOffset to the millisecond", () => {
    const d = new Date("2026-06-30T23:59:59.123Z");
    expect(parseIsoWithOffset(formatJakartaMillis(d))!.getTime()).toBe(d.getTime());
  });
});

describe("jakartaDay", () => {
  it.each([
    ["16:59:59.999 UTC is still the same Jakarta day", "2026-11-22T16:59:59.999Z", "2026-11-22"],
    ["17:00 UTC is midnight in Jakarta: the next day", "2026-11-22T17:00:00.000Z", "2026-11-23"],
    ["early UTC morning is already the Jakarta afternoon", "2026-11-22T00:00:00.000Z", "2026-11-22"],
    ["the year turns in Jakarta seven hours before UTC", "2026-12-31T17:00:00.000Z", "2027-01-01"],
    ["a leap day", "2028-02-28T17:00:00.000Z", "2028-02-29"],
  ])("%s", (_, iso, day) => {
    expect(jakartaDay(new Date(iso))).toBe(day);
  });

  it("agrees with Intl for Asia/Jakarta across a day of instants", () => {
    const fmt = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Asia/Jakarta",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    const start = Date.parse("2026-11-22T00:00:00Z");
    for (let t = start; t < start + 86_400_000; t += 15 * 60_000 + 1) {
      expect(jakartaDay(new Date(t))).toBe(fmt.format(new Date(t)));
    }
  });
});

describe("formatUtcMicros", () => {
  it("writes six fraction digits and Z", () => {
    expect(formatUtcMicros(new Date("2026-11-22T08:04:05.123Z"), 456)).toBe("2026-11-22T08:04:05.123456Z");
    expect(formatUtcMicros(new Date("2026-11-22T08:04:05.000Z"))).toBe("2026-11-22T08:04:05.000000Z");
    expect(formatUtcMicros(new Date("2026-11-22T08:04:05.001Z"), 7)).toMatch(/^2026-11-22T08:04:05\.001007Z$/);
  });
});
