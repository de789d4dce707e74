import { describe, expect, it } from "vitest";
import { openPush, sealPush } from "./push-seal";

const KEY = "checkout-cookie-key";
const LINK = "8b4f2c1e-3a5d-4e6f-9a7b-1c2d3e4f5a6b";
const record = { referenceNo: "EW2611280000000000001", phone: "+6281234567890", lapsesAt: 1_790_000_000_000 };

describe("the OVO push record's cookie", () => {
  it("opens what it sealed, for the same link", () => {
    expect(openPush(KEY, LINK, sealPush(KEY, LINK, record))).toEqual(record);
  });

  it("shows none of the number's digits", () => {
    const sealed = sealPush(KEY, LINK, record);
    expect(sealed).not.toMatch(/81234567890|6281234|0812/);
    expect(Buffer.from(sealed, "base64url").toString("latin1")).not.toContain("81234567890");
  });

  it("refuses another link's record, another key's, a tampered one and plain JSON", () => {
    const sealed = sealPush(KEY, LINK, record);
    expect(openPush(KEY, "00000000-0000-4000-8000-000000000000", sealed)).toBeNull();
    expect(openPush("another-key", LINK, sealed)).toBeNull();
    const bytes = Buffer.from(sealed, "base64url");
    bytes[bytes.length - 1]! ^= 1;
    expect(openPush(KEY, LINK, bytes.toString("base64url"))).toBeNull();
    expect(openPush(KEY, LINK, JSON.stringify(record))).toBeNull();
    expect(openPush(KEY, LINK, undefined)).toBeNull();
    expect(openPush(KEY, LINK, "x".repeat(5000))).toBeNull();
  });
});
