import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  sign,
  timingSafeEqual,
  verify,
  type KeyObject,
} from "node:crypto";
import { notificationString, serviceString, tokenStringToSign } from "./strings-to-sign";

export { tokenStringToSign };

/**
 * SNAP signatures, both directions. The same functions sign our own client's requests and
 * verify a partner's, so the two sides cannot drift apart.
 */
export const EMPTY_BODY_HASH = createHash("sha256").update("").digest("hex");

export function bodyHash(body: string | Uint8Array): string {
  return createHash("sha256").update(body).digest("hex");
}

/** String to sign for every other /v1.0 call: `METHOD:PATH:TOKEN:BODYHASH:TIMESTAMP`. */
export function serviceStringToSign(parts: {
  method: string;
  path: string;
  accessToken: string;
  body: string | Uint8Array;
  timestamp: string;
}): string {
  return serviceString({ ...parts, bodyHashHex: bodyHash(parts.body) });
}

/** String to sign for the gateway's outbound notifications: `POST:PATH:BODYHASH:TIMESTAMP`. */
export function notificationStringToSign(parts: {
  method?: string;
  path: string;
  body: string | Uint8Array;
  timestamp: string;
}): string {
  return notificationString({ ...parts, bodyHashHex: bodyHash(parts.body) });
}

export type KeyInput = string | KeyObject;

const privateKeys = new Map<string, KeyObject>();
const publicKeys = new Map<string, KeyObject>();

function privateKeyOf(key: KeyInput): KeyObject {
  if (typeof key !== "string") return key;
  let k = privateKeys.get(key);
  if (!k) privateKeys.set(key, (k = createPrivateKey(key)));
  return k;
}

function publicKeyOf(key: KeyInput): KeyObject {
  if (typeof key !== "string") return key;
  let k = publicKeys.get(key);
  if (!k) publicKeys.set(key, (k = createPublicKey(key)));
  return k;
}

/** SHA256withRSA (RSASSA-PKCS1-v1_5), base64. */
export function rsaSign(privateKey: KeyInput, data: string): string {
  return sign("sha256", Buffer.from(data), privateKeyOf(privateKey)).toString("base64");
}

export function rsaVerify(publicKey: KeyInput, data: string, signature: string): boolean {
  const sig = decodeSignature(signature);
  if (!sig) return false;
  try {
    return verify("sha256", Buffer.from(data), publicKeyOf(publicKey), sig);
  } catch {
    return false;
  }
}

/** HMAC-SHA512 with the client secret, base64. */
export function hmacSign(clientSecret: string, data: string): string {
  return createHmac("sha512", clientSecret).update(data).digest("base64");
}

/** Constant-time check; accepts base64 (the standard) or hex (some bank SDKs). */
export function hmacVerify(clientSecret: string, data: string, signature: string): boolean {
  const expected = createHmac("sha512", clientSecret).update(data).digest();
  const given = decodeSignature(signature);
  return !!given && given.length === expected.length && timingSafeEqual(given, expected);
}

/** Decode a base64 or hex signature; null when it is neither. */
export function decodeSignature(signature: string): Buffer | null {
  const s = signature.trim();
  if (s.length === 0) return null;
  if (/^[0-9a-fA-F]+$/.test(s) && s.length % 2 === 0 && s.length >= 64) return Buffer.from(s, "hex");
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(s)) return Buffer.from(s.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return null;
}

/** Constant-time equality of two strings of secret material. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
