import { describe, expect, it } from "vitest";
import { parseQris } from "@/lib/qris";
import { asMinor } from "@/lib/contract/money";
import { qrisFor } from "./link-payments";

const merchant = {
  id: "0f8fad5b-d9cb-469f-a165-70867728950e",
  name: "Toko Kopi Nusantara",
  city: "Jakarta",
  postalCode: "10110",
};

describe("qrisFor: the merchant's QRIS identity", () => {
  const qr = parseQris(qrisFor(merchant, asMinor(24_500_010), "QR202611221504050001"));

  it("writes an NMID as issued: ID + 13 digits, 15 characters; the acquirer template the bare 13 digits", () => {
    expect(qr.nmid).toMatch(/^ID\d{13}$/);
    expect(qr.tags["26.02"]).toBe(qr.nmid!.slice(2));
    expect(qr.tags["26.01"]).toMatch(/^936009\d{13}$/);
  });

  it("carries the merchant's postal code in tag 61", () => {
    expect(qr.postalCode).toBe("10110");
    expect(parseQris(qrisFor({ ...merchant, postalCode: "40115" }, asMinor(100), "R")).postalCode).toBe("40115");
  });

  it("is the same identity on every QR of one merchant", () => {
    const other = parseQris(qrisFor(merchant, asMinor(100), "R2"));
    expect([other.nmid, other.tags["26.01"]]).toEqual([qr.nmid, qr.tags["26.01"]]);
  });
});
