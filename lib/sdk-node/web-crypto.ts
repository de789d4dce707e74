/**
 * The SDK's cryptography on WebCrypto (globalThis.crypto.subtle) alone: Node 20+, Deno, Bun,
 * Cloudflare Workers and Vercel's edge runtime all have it, and none needs node:crypto.
 * lib/sdk-node/web-crypto.test.ts checks every function against the gateway's own
 * node:crypto implementation (lib/snap/signing): RSASSA-PKCS1-v1_5 is deterministic, so the
 * signatures must be equal byte for byte.
 */

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error("@nusapay/node needs WebCrypto (globalThis.crypto.subtle): Node 20+ or an edge runtime");
  return s;
}

export type BodyInput = string | Uint8Array | ArrayBuffer;

export function bytesOf(body: BodyInput): Uint8Array<ArrayBuffer> {
  if (typeof body === "string") return encoder.encode(body);
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  // A copy: a Node Buffer may be a view into a larger shared pool.
  return new Uint8Array(body);
}

function hex(buf: ArrayBuffer): string {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
}

function toBase64(buf: ArrayBuffer): string {
  let s = "";
  for (const b of new Uint8Array(buf)) s += String.fromCharCode(b);
  return btoa(s);
}

/** Base64 (standard or URL-safe) or hex, as the gateway accepts; null when it is neither. */
export function decodeSignature(signature: string): Uint8Array<ArrayBuffer> | null {
  const s = signature.trim();
  if (s.length === 0) return null;
  if (/^[0-9a-fA-F]+$/.test(s) && s.length % 2 === 0 && s.length >= 64)
    return Uint8Array.from(s.match(/../g)!, (h) => parseInt(h, 16));
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(s)) return null;
  const std = s.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  try {
    return Uint8Array.from(atob(std + "=".repeat((4 - (std.length % 4)) % 4)), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export async function sha256Hex(body: BodyInput): Promise<string> {
  return hex(await subtle().digest("SHA-256", bytesOf(body)));
}

/** HMAC-SHA512 with the client secret, base64: X-SIGNATURE of a /v1.0 service call. */
export async function hmacSha512Base64(secret: string, data: string): Promise<string> {
  const key = await subtle().importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-512" }, false, [
    "sign",
  ]);
  return toBase64(await subtle().sign("HMAC", key, encoder.encode(data)));
}

const RSA = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;
const keys = new Map<string, Promise<CryptoKey>>();

function pemBody(pem: string, label: RegExp): Uint8Array<ArrayBuffer> | null {
  const m = new RegExp(`-----BEGIN (${label.source})-----([\\s\\S]*?)-----END \\1-----`).exec(pem);
  if (!m) return null;
  return Uint8Array.from(atob(m[2]!.replace(/\s+/g, "")), (c) => c.charCodeAt(0));
}

function derLength(n: number): number[] {
  if (n < 0x80) return [n];
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

function derSequence(...parts: number[][]): number[] {
  const content = parts.flat();
  return [0x30, ...derLength(content.length), ...content];
}

/** PKCS#1 (`BEGIN RSA PRIVATE KEY`, what `openssl genrsa` writes) wrapped as the PKCS#8 WebCrypto reads. */
function pkcs1ToPkcs8(pkcs1: Uint8Array): Uint8Array<ArrayBuffer> {
  const version = [0x02, 0x01, 0x00];
  const rsaEncryption = derSequence([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01], [0x05, 0x00]);
  const octets = [0x04, ...derLength(pkcs1.length), ...pkcs1];
  return new Uint8Array(derSequence(version, rsaEncryption, octets));
}

/** `BEGIN RSA PUBLIC KEY` (PKCS#1) wrapped as SPKI. */
function pkcs1PublicToSpki(pkcs1: Uint8Array): Uint8Array<ArrayBuffer> {
  const rsaEncryption = derSequence([0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01], [0x05, 0x00]);
  const bits = [0x03, ...derLength(pkcs1.length + 1), 0x00, ...pkcs1];
  return new Uint8Array(derSequence(rsaEncryption, bits));
}

function importPrivate(pem: string): Promise<CryptoKey> {
  let key = keys.get(pem);
  if (!key) {
    const pkcs8 = pemBody(pem, /PRIVATE KEY/);
    const pkcs1 = pkcs8 ? null : pemBody(pem, /RSA PRIVATE KEY/);
    const der = pkcs8 ?? (pkcs1 && pkcs1ToPkcs8(pkcs1));
    if (!der) return Promise.reject(new Error("privateKeyPem: not a PEM RSA private key"));
    key = subtle().importKey("pkcs8", der, RSA, false, ["sign"]);
    key.catch(() => keys.delete(pem));
    keys.set(pem, key);
  }
  return key;
}

function importPublic(pem: string): Promise<CryptoKey> {
  let key = keys.get(pem);
  if (!key) {
    const spki = pemBody(pem, /PUBLIC KEY/);
    const pkcs1 = spki ? null : pemBody(pem, /RSA PUBLIC KEY/);
    const der = spki ?? (pkcs1 && pkcs1PublicToSpki(pkcs1));
    if (!der) return Promise.reject(new Error("publicKeyPem: not a PEM RSA public key"));
    key = subtle().importKey("spki", der, RSA, false, ["verify"]);
    key.catch(() => keys.delete(pem));
    keys.set(pem, key);
  }
  return key;
}

/** SHA256withRSA (RSASSA-PKCS1-v1_5), base64: X-SIGNATURE of the token request. */
export async function rsaSignBase64(privateKeyPem: string, data: string): Promise<string> {
  return toBase64(await subtle().sign(RSA, await importPrivate(privateKeyPem), encoder.encode(data)));
}

/** False for a malformed key or signature as for a wrong one: a callback is either proven or refused. */
export async function rsaVerify(publicKeyPem: string, data: string, signature: string): Promise<boolean> {
  const sig = decodeSignature(signature);
  if (!sig) return false;
  try {
    return await subtle().verify(RSA, await importPublic(publicKeyPem), sig, encoder.encode(data));
  } catch {
    return false;
  }
}

/** A random UUID v4 for X-EXTERNAL-ID and Idempotency-Key. */
export function randomId(): string {
  return globalThis.crypto.randomUUID();
}
