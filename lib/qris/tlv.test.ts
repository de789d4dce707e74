import { describe, expect, it } from "vitest";
import { decodeTlv, encodeTlv } from "./tlv";

describe("encodeTlv", () => {
  it("zero-pads the length and concatenates fields in order", () => {
    expect(
      encodeTlv([
        ["00", "01"],
        ["59", "TOKO"],
        ["62", ""],
      ]),
    ).toBe("000201" + "5904TOKO" + "6200");
  });

  it("accepts a 99-char value and rejects 100 chars", () => {
    expect(encodeTlv([["05", "x".repeat(99)]])).toBe(`0599${"x".repeat(99)}`);
    expect(() => encodeTlv([["05", "x".repeat(100)]])).toThrow(/tag 05 is 100 chars; the maximum is 99/);
  });

  it.each(["1", "123", "A1", " 1"])("rejects tag %j", (tag) => {
    expect(() => encodeTlv([[tag, "v"]])).toThrow(/tag must be exactly 2 digits/);
  });
});

describe("decodeTlv", () => {
  it("inverts encodeTlv", () => {
    const fields: Array<[string, string]> = [
      ["00", "01"],
      ["26", "0014ID.CO.QRIS.WWW"],
      ["63", "ABCD"],
    ];
    expect(decodeTlv(encodeTlv(fields))).toEqual(fields.map(([tag, value]) => ({ tag, value })));
  });

  it("returns no fields for an empty payload", () => {
    expect(decodeTlv("")).toEqual([]);
  });

  it("rejects a value cut short", () => {
    expect(() => decodeTlv("000201" + "5910TOKO")).toThrow(/truncated: tag 59 declares 10 chars but only 4 remain/);
  });

  it("rejects a dangling tag/length header", () => {
    expect(() => decodeTlv("00020159")).toThrow(/truncated at offset 6/);
  });

  it("rejects a non-numeric length", () => {
    expect(() => decodeTlv("00A101")).toThrow(/length "A1" for tag 00 is not 2 digits/);
  });

  it("rejects a non-numeric tag", () => {
    expect(() => decodeTlv("X0020101")).toThrow(/tag "X0" is not 2 digits/);
  });
});
