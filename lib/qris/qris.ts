import { formatQrisAmount, parseQrisAmount } from "./amount";
import { crc16CcittFalse } from "./crc16";
import { decodeTlv, encodeTlv } from "./tlv";

export type QrisCriteria = "UMI" | "UKE" | "UME" | "UBE";

export interface DynamicQrisInput {
  merchantName: string;
  merchantCity: string;
  /** The merchant's 5-digit Indonesian postal code: tag 61 at the root, as issued QRIS carry it. */
  postalCode: string;
  /** National Merchant ID as issued: "ID" + 13 digits, e.g. "ID1026123456789" (15 characters). */
  nmid: string;
  /** 19-digit merchant PAN issued by the acquirer. */
  merchantPan: string;
  /** Acquirer's reverse-domain GUI, e.g. "ID.CO.NUSAPAY.WWW". */
  acquirerDomain: string;
  /** ISO 18245 merchant category code, 4 digits. */
  mcc: string;
  /** Integer minor units (sen) of IDR, > 0. */
  amountMinor: number;
  /** At most 25 characters; rejected rather than truncated because it must round-trip. */
  referenceLabel: string;
  terminalLabel?: string;
  criteria?: QrisCriteria;
}

export interface ParsedQris {
  pointOfInitiation: "static" | "dynamic";
  amountMinor: number | null;
  currency: string;
  countryCode: string;
  merchantName: string;
  merchantCity: string;
  postalCode?: string;
  mcc: string;
  referenceLabel?: string;
  terminalLabel?: string;
  nmid?: string;
  crc: string;
  /** Top-level tags by tag ("59"), plus sub-tags of decoded templates as "26.01", "62.05". */
  tags: Record<string, string>;
}

const QRIS_NATIONAL_GUI = "ID.CO.QRIS.WWW";
const IDR_NUMERIC = "360";
const CRITERIA: readonly QrisCriteria[] = ["UMI", "UKE", "UME", "UBE"];
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
const CRC_TAG_PREFIX = "6304";
const MERCHANT_NAME_MAX = 25;
const MERCHANT_CITY_MAX = 15;

/** Rejects input scanners may render wrongly and that would make TLV lengths differ from byte counts. */
function requireText(field: string, value: string, maxLength?: number): string {
  if (value.trim() === "") throw new Error(`QRIS ${field} must not be empty`);
  if (!PRINTABLE_ASCII.test(value)) throw new Error(`QRIS ${field} must contain only printable ASCII characters`);
  if (maxLength !== undefined && value.length > maxLength) {
    throw new Error(`QRIS ${field} must be at most ${maxLength} characters, got ${value.length}`);
  }
  return value;
}

/** "ID" + 13 digits: the shape of an NMID issued by the QRIS national switch (ASPI). */
const NMID_PATTERN = /^ID\d{13}$/;

function requireDigits(field: string, value: string, count: number): string {
  if (!new RegExp(`^\\d{${count}}$`).test(value)) throw new Error(`QRIS ${field} must be exactly ${count} digits`);
  return value;
}

export function buildDynamicQris(input: DynamicQrisInput): string {
  const criteria = input.criteria ?? "UMI";
  if (!CRITERIA.includes(criteria)) throw new Error(`QRIS criteria must be one of ${CRITERIA.join(", ")}`);
  if (!NMID_PATTERN.test(input.nmid)) throw new Error("QRIS nmid must be ID followed by 13 digits (15 characters)");
  const nmid = input.nmid;
  const postalCode = requireDigits("postalCode", input.postalCode, 5);
  const merchantPan = requireDigits("merchantPan", input.merchantPan, 19);
  const mcc = requireDigits("mcc", input.mcc, 4);
  const acquirerDomain = requireText("acquirerDomain", input.acquirerDomain);
  // Display fields are cut to the QRIS limits instead of failing a payment over a long shop name.
  const merchantName = requireText("merchantName", input.merchantName).slice(0, MERCHANT_NAME_MAX);
  const merchantCity = requireText("merchantCity", input.merchantCity).slice(0, MERCHANT_CITY_MAX);
  const referenceLabel = requireText("referenceLabel", input.referenceLabel, 25);
  const amount = formatQrisAmount(input.amountMinor);

  // The acquirer template carries the bare number; the national template keeps the "ID" prefix.
  const acquirerMerchantId = nmid.slice(2);
  const additional: Array<[string, string]> = [["05", referenceLabel]];
  if (input.terminalLabel !== undefined) {
    additional.push(["07", requireText("terminalLabel", input.terminalLabel, 25)]);
  }

  const fields: Array<[string, string]> = [
    ["00", "01"],
    ["01", "12"],
    [
      "26",
      encodeTlv([
        ["00", acquirerDomain],
        ["01", merchantPan],
        ["02", acquirerMerchantId],
        ["03", criteria],
      ]),
    ],
    [
      "51",
      encodeTlv([
        ["00", QRIS_NATIONAL_GUI],
        ["02", nmid],
        ["03", criteria],
      ]),
    ],
    ["52", mcc],
    ["53", IDR_NUMERIC],
    ["54", amount],
    ["58", "ID"],
    ["59", merchantName],
    ["60", merchantCity],
    ["61", postalCode],
    ["62", encodeTlv(additional)],
  ];

  // The CRC covers its own tag and length, so those go in before computing it.
  const body = encodeTlv(fields) + CRC_TAG_PREFIX;
  return body + crc16CcittFalse(body);
}

function isTemplateTag(tag: string): boolean {
  const n = Number(tag);
  return (n >= 26 && n <= 51) || n === 62;
}

function requireTag(tags: Record<string, string>, tag: string, name: string): string {
  const value = tags[tag];
  if (value === undefined) throw new Error(`QRIS missing mandatory tag ${tag} (${name})`);
  return value;
}

/** The NMID lives in whichever template 26-51 carries the national GUI (51 in practice). */
function findNmid(tags: Record<string, string>): string | undefined {
  for (let tag = 26; tag <= 51; tag++) {
    if (tags[`${tag}.00`] === QRIS_NATIONAL_GUI) return tags[`${tag}.02`];
  }
  return undefined;
}

export function parseQris(payload: string): ParsedQris {
  // Check integrity before interpreting anything: a failed CRC means a misread or tampered code.
  if (payload.length < 8 || payload.slice(-8, -4) !== CRC_TAG_PREFIX) {
    throw new Error("QRIS payload does not end with a CRC field (6304XXXX)");
  }
  const crc = payload.slice(-4).toUpperCase();
  if (crc16CcittFalse(payload.slice(0, -4)) !== crc) throw new Error("QRIS CRC mismatch");

  const tags: Record<string, string> = {};
  const fields = decodeTlv(payload);
  for (const { tag, value } of fields) {
    if (tag in tags) throw new Error(`QRIS duplicate tag ${tag}`);
    tags[tag] = value;
    if (!isTemplateTag(tag)) continue;
    for (const sub of decodeTlv(value)) {
      const key = `${tag}.${sub.tag}`;
      if (key in tags) throw new Error(`QRIS duplicate sub-tag ${sub.tag} in template ${tag}`);
      tags[key] = sub.value;
    }
  }
  // A matching "6304" tail could still sit inside another field's value; the CRC must be the last field.
  if (fields.at(-1)?.tag !== "63") throw new Error("QRIS CRC field is not the last field");

  if (requireTag(tags, "00", "payload format indicator") !== "01") {
    throw new Error(`QRIS unsupported payload format indicator ${tags["00"]}`);
  }
  const initiation = requireTag(tags, "01", "point of initiation method");
  if (initiation !== "11" && initiation !== "12") throw new Error(`QRIS unknown point of initiation ${initiation}`);
  const amountText = tags["54"];

  const result: ParsedQris = {
    pointOfInitiation: initiation === "11" ? "static" : "dynamic",
    amountMinor: amountText === undefined ? null : parseQrisAmount(amountText),
    currency: requireTag(tags, "53", "transaction currency"),
    countryCode: requireTag(tags, "58", "country code"),
    merchantName: requireTag(tags, "59", "merchant name"),
    merchantCity: requireTag(tags, "60", "merchant city"),
    mcc: requireTag(tags, "52", "merchant category code"),
    crc,
    tags,
  };
  // Only set present keys so `"postalCode" in result` tells the caller what the code carried.
  const postalCode = tags["61"];
  const referenceLabel = tags["62.05"];
  const terminalLabel = tags["62.07"];
  const nmid = findNmid(tags);
  if (postalCode !== undefined) result.postalCode = postalCode;
  if (referenceLabel !== undefined) result.referenceLabel = referenceLabel;
  if (terminalLabel !== undefined) result.terminalLabel = terminalLabel;
  if (nmid !== undefined) result.nmid = nmid;
  return result;
}
