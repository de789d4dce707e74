export { crc16CcittFalse } from "./crc16";
export { decodeTlv, encodeTlv } from "./tlv";
export type { TlvField } from "./tlv";
export { fitsQrisAmount, formatQrisAmount, parseQrisAmount } from "./amount";
export { buildDynamicQris, parseQris } from "./qris";
export type { DynamicQrisInput, ParsedQris, QrisCriteria } from "./qris";
