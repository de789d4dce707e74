import { describe, expect, it } from "vitest";
import { SnapError } from "./codes";
import { checkTimestampWindow, readServiceHeaders } from "./headers";

const VALID: Record<string, string> = {
  authorization: "Bearer tok_abc",
  "x-timestamp": "2026-11-22T15:04:05+07:00",
  "x-partner-id": "6f1c2f9e-7a0b-4c55-9d2e-3b8f0a1c2d3e",
  "x-external-id": "41807553358950093184162180797837",
  "channel-id": "95221",
  "x-signature": "c2lnbmF0dXJl",
};

/** A getter like fetch's Headers.get: lower-cases the name it is asked for. */
function getter(headers: Record<string, string | undefined>) {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return (name: string) => lower[name.toLowerCase()];
}

function snapErrorOf(fn: () => unknown): { snapCase: string; detail: string | undefined } {
  try {
    fn();
  } catch (e) {
    if (e instanceof SnapError) return { snapCase: e.snapCase, detail: e.detail };
    throw e;
  }
  throw new Error("expected a SnapError");
}

describe("readServiceHeaders", () => {
  it("reads every header, trimmed, with the bearer token split off", () => {
    const h = readServiceHeaders(
      getter({ ...VALID, "x-external-id": "  abc-123  ", authorization: "bearer   tok_abc" }),
    );
    expect(h).toEqual({
      timestamp: VALID["x-timestamp"],
      timestampDate: new Date("2026-11-22T08:04:05Z"),
      partnerId: VALID["x-partner-id"],
      externalId: "abc-123",
      channelId: "95221",
      signature: "c2lnbmF0dXJl",
      accessToken: "tok_abc",
    });
  });

  it("reads header names case-insensitively", () => {
    const mixed = {
      Authorization: VALID.authorization,
      "X-Timestamp": VALID["x-timestamp"],
      "x-PARTNER-id": VALID["x-partner-id"],
      "X-EXTERNAL-ID": "e1",
      "Channel-Id": "95221",
    };
    expect(readServiceHeaders(getter(mixed)).externalId).toBe("e1");
  });

  it.each(["X-TIMESTAMP", "X-PARTNER-ID", "X-EXTERNAL-ID", "CHANNEL-ID"])("names a missing %s (400xx02)", (name) => {
    const headers = { ...VALID, [name.toLowerCase()]: undefined };
    expect(snapErrorOf(() => readServiceHeaders(getter(headers)))).toEqual({
      snapCase: "invalidMandatoryField",
      detail: name,
    });
    // blank counts as missing
    const blank = { ...VALID, [name.toLowerCase()]: "   " };
    expect(snapErrorOf(() => readServiceHeaders(getter(blank)))).toEqual({
      snapCase: "invalidMandatoryField",
      detail: name,
    });
  });

  it("reports the first missing header in a fixed order", () => {
    const headers = { ...VALID, "x-timestamp": undefined, "channel-id": undefined };
    expect(snapErrorOf(() => readServiceHeaders(getter(headers))).detail).toBe("X-TIMESTAMP");
  });

  it.each([
    ["X-TIMESTAMP", "x-timestamp", "2026-11-22 15:04:05"],
    ["X-TIMESTAMP", "x-timestamp", "2026-02-31T10:00:00+07:00"],
    ["X-TIMESTAMP", "x-timestamp", "1795337095"],
    ["X-PARTNER-ID", "x-partner-id", "a".repeat(37)],
    ["X-PARTNER-ID", "x-partner-id", "partner id"],
    ["X-EXTERNAL-ID", "x-external-id", "id/with/slashes"],
    ["X-EXTERNAL-ID", "x-external-id", "ünïcode"],
    ["CHANNEL-ID", "channel-id", "95221;drop"],
  ])("refuses a malformed %s (%s = %j) as 400xx01", (name, key, value) => {
    expect(snapErrorOf(() => readServiceHeaders(getter({ ...VALID, [key]: value })))).toEqual({
      snapCase: "invalidFieldFormat",
      detail: name,
    });
  });

  it("accepts 36-character UUIDs and the standard's numeric forms", () => {
    const h = readServiceHeaders(
      getter({ ...VALID, "x-external-id": "1".repeat(36), "x-partner-id": "82150823919040624621823174737537" }),
    );
    expect(h.externalId).toHaveLength(36);
    expect(h.partnerId).toBe("82150823919040624621823174737537");
    expect(readServiceHeaders(getter({ ...VALID, "x-external-id": "7" })).externalId).toBe("7");
  });

  it("leaves the two authentication headers to the wrapper: missing ones are null, not 400", () => {
    const h = readServiceHeaders(getter({ ...VALID, authorization: undefined, "x-signature": undefined }));
    expect(h.accessToken).toBeNull();
    expect(h.signature).toBeNull();
  });

  it.each([["Basic dXNlcjpwYXNz"], ["Bearer"], ["Bearer a b"], ["tok_abc"]])(
    "reads no token from Authorization %j",
    (value) => {
      expect(readServiceHeaders(getter({ ...VALID, authorization: value })).accessToken).toBeNull();
    },
  );
});

describe("checkTimestampWindow", () => {
  const now = new Date("2026-11-22T08:00:00Z");
  it.each([0, 300, -300, 299.999])("accepts %d s of skew", (s) => {
    expect(() => checkTimestampWindow(new Date(now.getTime() + s * 1000), now, 300)).not.toThrow();
  });

  it.each([301, -301, 300.001, 86_400])("refuses %d s of skew with 401xx00", (s) => {
    expect(snapErrorOf(() => checkTimestampWindow(new Date(now.getTime() + s * 1000), now, 300)).snapCase).toBe(
      "unauthorized",
    );
  });
});
