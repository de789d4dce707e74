import { describe, expect, it } from "vitest";
import { crc16CcittFalse } from "./crc16";
import { buildDynamicQris, parseQris, type DynamicQrisInput } from "./qris";

const input: DynamicQrisInput = {
  merchantName: "TOKO KOPI NUSANTARA",
  merchantCity: "JAKARTA SELATAN",
  postalCode: "12190",
  nmid: "ID1026123456789",
  merchantPan: "9360001234567890123",
  acquirerDomain: "ID.CO.NUSAPAY.WWW",
  mcc: "5814",
  amountMinor: 15_000_050,
  referenceLabel: "INV-2024-000123",
  terminalLabel: "KASIR01",
};

// Assembled by hand and checksummed with Python's binascii.crc_hqx(payload, 0xFFFF), independent of this code.
const EXPECTED =
  "000201" +
  "010212" +
  "26680017ID.CO.NUSAPAY.WWW01199360001234567890123021310261234567890303UMI" +
  "51440014ID.CO.QRIS.WWW0215ID10261234567890303UMI" +
  "52045814" +
  "5303360" +
  "5409150000.50" +
  "5802ID" +
  "5919TOKO KOPI NUSANTARA" +
  "6015JAKARTA SELATAN" +
  "610512190" +
  "62300515INV-2024-0001230707KASIR01" +
  "6304CB25";

/** Replaces one character of tag 54's value, leaving the CRC as it was. */
function tamperAmount(payload: string): string {
  const at = payload.indexOf("5409150000.50") + 4;
  return payload.slice(0, at) + "2" + payload.slice(at + 1);
}

describe("buildDynamicQris", () => {
  it("produces the expected tag layout and checksum", () => {
    expect(buildDynamicQris(input)).toBe(EXPECTED);
  });

  it("ends with a CRC equal to crc16 of everything before it", () => {
    const payload = buildDynamicQris({ ...input, amountMinor: 1 });
    expect(payload.slice(-8, -4)).toBe("6304");
    expect(payload.slice(-4)).toBe(crc16CcittFalse(payload.slice(0, -4)));
    expect(payload.slice(-4)).toMatch(/^[0-9A-F]{4}$/);
  });

  it("truncates long merchant names to 25 and cities to 15 characters", () => {
    const parsed = parseQris(
      buildDynamicQris({
        ...input,
        merchantName: "PT SUMBER REJEKI MAKMUR SEJAHTERA ABADI",
        merchantCity: "KABUPATEN BANDUNG BARAT",
      }),
    );
    expect(parsed.merchantName).toBe("PT SUMBER REJEKI MAKMUR S");
    expect(parsed.merchantName).toHaveLength(25);
    expect(parsed.merchantCity).toBe("KABUPATEN BANDU");
  });

  it("omits optional fields, defaults criteria to UMI, and keeps the NMID prefix only in tag 51", () => {
    const { terminalLabel: _t, ...minimal } = input;
    const parsed = parseQris(buildDynamicQris(minimal));
    expect(parsed.tags["62.07"]).toBeUndefined();
    expect(parsed.tags["62"]).toBe("0515INV-2024-000123");
    expect(parsed.tags["26.03"]).toBe("UMI");
    expect(parsed.tags["51.03"]).toBe("UMI");
    expect(parsed.tags["26.02"]).toBe("1026123456789");
    expect(parsed.tags["51.02"]).toBe("ID1026123456789");
  });

  it("always writes tag 61 (postal code) at the root, 5 digits, and a 15-character NMID in 51.02", () => {
    const payload = buildDynamicQris(input);
    expect(payload).toContain("610512190");
    const parsed = parseQris(payload);
    expect(parsed.postalCode).toBe("12190");
    expect(parsed.tags["51.02"]).toMatch(/^ID\d{13}$/);
    expect(parsed.tags["51.02"]).toHaveLength(15);
  });

  it("writes a non-default criteria into both templates", () => {
    const parsed = parseQris(buildDynamicQris({ ...input, criteria: "UBE" }));
    expect([parsed.tags["26.03"], parsed.tags["51.03"]]).toEqual(["UBE", "UBE"]);
  });

  it.each([
    [{ amountMinor: 0 }, /positive safe integer/],
    [{ amountMinor: 1500.5 }, /positive safe integer/],
    [{ amountMinor: -100 }, /positive safe integer/],
    [{ merchantName: "KOPI KÜCHE" }, /merchantName must contain only printable ASCII/],
    [{ merchantCity: "JAKARTA\n" }, /merchantCity must contain only printable ASCII/],
    [{ merchantName: "   " }, /merchantName must not be empty/],
    [{ referenceLabel: "R".repeat(26) }, /referenceLabel must be at most 25 characters/],
    [{ merchantPan: "936000123456789012" }, /merchantPan must be exactly 19 digits/],
    [{ mcc: "58A4" }, /mcc must be exactly 4 digits/],
    [{ criteria: "XYZ" as DynamicQrisInput["criteria"] }, /criteria must be one of/],
    [{ nmid: "ID102612345678901" }, /nmid must be ID followed by 13 digits/],
    [{ nmid: "1026123456789" }, /nmid must be ID followed by 13 digits/],
    [{ nmid: "ID10261234567X9" }, /nmid must be ID followed by 13 digits/],
    [{ postalCode: "1219" }, /postalCode must be exactly 5 digits/],
    [{ postalCode: "12190-1" }, /postalCode must be exactly 5 digits/],
    [{ postalCode: undefined as unknown as string }, /postalCode must be exactly 5 digits/],
    [{ amountMinor: 9_999_999_999_999 }, /99999999999.99 exceeds the 13-character limit of tag 54/],
  ] satisfies Array<[Partial<DynamicQrisInput>, RegExp]>)("rejects %j", (override, error) => {
    expect(() => buildDynamicQris({ ...input, ...override })).toThrow(error);
  });
});

describe("parseQris", () => {
  it("round-trips every field of a dynamic QRIS", () => {
    expect(parseQris(buildDynamicQris(input))).toEqual({
      pointOfInitiation: "dynamic",
      amountMinor: 15_000_050,
      currency: "360",
      countryCode: "ID",
      merchantName: input.merchantName,
      merchantCity: input.merchantCity,
      postalCode: input.postalCode,
      mcc: input.mcc,
      referenceLabel: input.referenceLabel,
      terminalLabel: input.terminalLabel,
      nmid: input.nmid,
      crc: "CB25",
      tags: {
        "00": "01",
        "01": "12",
        "26": "0017ID.CO.NUSAPAY.WWW01199360001234567890123021310261234567890303UMI",
        "26.00": "ID.CO.NUSAPAY.WWW",
        "26.01": "9360001234567890123",
        "26.02": "1026123456789",
        "26.03": "UMI",
        "51": "0014ID.CO.QRIS.WWW0215ID10261234567890303UMI",
        "51.00": "ID.CO.QRIS.WWW",
        "51.02": "ID1026123456789",
        "51.03": "UMI",
        "52": "5814",
        "53": "360",
        "54": "150000.50",
        "58": "ID",
        "59": "TOKO KOPI NUSANTARA",
        "60": "JAKARTA SELATAN",
        "61": "12190",
        "62": "0515INV-2024-0001230707KASIR01",
        "62.05": "INV-2024-000123",
        "62.07": "KASIR01",
        "63": "CB25",
      },
    });
  });

  it("parses whole-rupiah amounts", () => {
    expect(parseQris(buildDynamicQris({ ...input, amountMinor: 15_000_000 })).amountMinor).toBe(15_000_000);
  });

  it("rejects a payload whose amount was changed after signing", () => {
    const tampered = tamperAmount(EXPECTED);
    expect(tampered).toContain("5409250000.50");
    expect(() => parseQris(tampered)).toThrow("QRIS CRC mismatch");
  });

  it("accepts a lower-case CRC and reports it upper-case", () => {
    const lower = EXPECTED.slice(0, -4) + EXPECTED.slice(-4).toLowerCase();
    expect(parseQris(lower).crc).toBe("CB25");
  });

  it("rejects a payload without a trailing CRC field", () => {
    expect(() => parseQris(EXPECTED.slice(0, -8))).toThrow(/does not end with a CRC field/);
  });

  it("reads a static QRIS without amount as amountMinor null", () => {
    const body =
      "000201010211" +
      "51440014ID.CO.QRIS.WWW0215ID10261234567890303UMI" +
      "5204581453033605802ID5904TOKO6007BANDUNG" +
      "6304";
    const parsed = parseQris(body + crc16CcittFalse(body));
    expect(parsed.pointOfInitiation).toBe("static");
    expect(parsed.amountMinor).toBeNull();
    expect(parsed.nmid).toBe("ID1026123456789");
    expect(parsed.referenceLabel).toBeUndefined();
  });

  it("rejects a correctly checksummed payload that lacks a mandatory tag", () => {
    const body = "000201010212" + "52045814" + "5303360" + "5802ID" + "6007BANDUNG" + "6304";
    expect(() => parseQris(body + crc16CcittFalse(body))).toThrow(/missing mandatory tag 59 \(merchant name\)/);
  });

  it("rejects a correctly checksummed payload with a malformed nested template", () => {
    const body = "000201010212" + "2605" + "00099" + "52045814530336058" + "02ID5904TOKO6007BANDUNG" + "6304";
    expect(() => parseQris(body + crc16CcittFalse(body))).toThrow(/TLV truncated/);
  });

  it("rejects duplicate top-level tags", () => {
    const body = "000201010212" + "5904TOKO" + "5904TOKO" + "520458145303360" + "5802ID6007BANDUNG" + "6304";
    expect(() => parseQris(body + crc16CcittFalse(body))).toThrow(/duplicate tag 59/);
  });
});
