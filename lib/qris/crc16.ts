/**
 * CRC-16/CCITT-FALSE, the checksum EMVCo mandates for tag 63 of merchant-presented QR codes.
 * Computed over UTF-8 bytes (not UTF-16 code units) so any non-ASCII input matches what a
 * scanner sees once the string is encoded into the QR symbol.
 */
const POLY = 0x1021;
const encoder = new TextEncoder();

export function crc16CcittFalse(input: string): string {
  let crc = 0xffff;
  for (const byte of encoder.encode(input)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ POLY) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  // Scanners compare the four characters literally, so the width and case are part of the format.
  return crc.toString(16).toUpperCase().padStart(4, "0");
}
