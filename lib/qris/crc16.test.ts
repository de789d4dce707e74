import { describe, expect, it } from "vitest";
import { crc16CcittFalse } from "./crc16";

describe("crc16CcittFalse", () => {
  it("matches the CRC-16/CCITT-FALSE check value", () => {
    expect(crc16CcittFalse("123456789")).toBe("29B1");
  });

  it("returns the init value for empty input, padded to 4 chars", () => {
    expect(crc16CcittFalse("")).toBe("FFFF");
  });

  // Expected value from Python's binascii.crc_hqx(b"\xc3\xa9\xe2\x82\xac", 0xFFFF); a UTF-16 based
  // implementation would produce something else.
  it("hashes UTF-8 bytes, not UTF-16 code units", () => {
    expect(crc16CcittFalse("é€")).toBe("12AA");
  });
});
