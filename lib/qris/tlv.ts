/**
 * EMVCo tag-length-value: two-digit tag, two-digit decimal length, then the value.
 * Lengths count string characters; callers that need byte-exact lengths must keep values
 * ASCII (the QRIS builder enforces this), since EMVCo lengths are defined per character.
 */
export interface TlvField {
  tag: string;
  value: string;
}

const TAG_PATTERN = /^\d{2}$/;
const MAX_VALUE_LENGTH = 99; // the length field has only two digits

export function encodeTlv(fields: ReadonlyArray<readonly [tag: string, value: string]>): string {
  let out = "";
  for (const [tag, value] of fields) {
    if (!TAG_PATTERN.test(tag)) throw new Error(`TLV tag must be exactly 2 digits, got ${JSON.stringify(tag)}`);
    if (value.length > MAX_VALUE_LENGTH) {
      throw new Error(`TLV value for tag ${tag} is ${value.length} chars; the maximum is ${MAX_VALUE_LENGTH}`);
    }
    out += tag + value.length.toString().padStart(2, "0") + value;
  }
  return out;
}

export function decodeTlv(payload: string): TlvField[] {
  const fields: TlvField[] = [];
  let pos = 0;
  while (pos < payload.length) {
    if (payload.length - pos < 4) {
      throw new Error(`TLV truncated at offset ${pos}: need 4 chars of tag+length, have ${payload.length - pos}`);
    }
    const tag = payload.slice(pos, pos + 2);
    const lengthText = payload.slice(pos + 2, pos + 4);
    if (!TAG_PATTERN.test(tag))
      throw new Error(`TLV malformed at offset ${pos}: tag ${JSON.stringify(tag)} is not 2 digits`);
    if (!TAG_PATTERN.test(lengthText)) {
      throw new Error(
        `TLV malformed at offset ${pos + 2}: length ${JSON.stringify(lengthText)} for tag ${tag} is not 2 digits`,
      );
    }
    const length = Number(lengthText);
    const start = pos + 4;
    if (start + length > payload.length) {
      throw new Error(`TLV truncated: tag ${tag} declares ${length} chars but only ${payload.length - start} remain`);
    }
    fields.push({ tag, value: payload.slice(start, start + length) });
    pos = start + length;
  }
  return fields;
}
