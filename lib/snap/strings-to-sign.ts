/**
 * SNAP's three strings to sign (docs/contract.md §2.1, §2.7), with the body hash given as
 * lower-case hex. Pure and free of node:crypto: the gateway (lib/snap/signing, hashing with
 * node:crypto) and @nusapay/node (lib/sdk-node, hashing with WebCrypto) both build their
 * strings here, so the two ends cannot drift apart.
 */

/** SHA-256 of the empty string, the BODYHASH of a request without a body. */
export const EMPTY_BODY_HASH = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

/** POST /v1.0/access-token/b2b: `clientKey|X-TIMESTAMP`. */
export function tokenStringToSign(clientKey: string, timestamp: string): string {
  return `${clientKey}|${timestamp}`;
}

/** Every other /v1.0 call: `METHOD:PATH:TOKEN:BODYHASH:TIMESTAMP`, PATH with its query as sent. */
export function serviceString(parts: {
  method: string;
  path: string;
  accessToken: string;
  bodyHashHex: string;
  timestamp: string;
}): string {
  return [parts.method.toUpperCase(), parts.path, parts.accessToken, parts.bodyHashHex, parts.timestamp].join(":");
}

/** The gateway's outbound callbacks: `POST:PATH:BODYHASH:TIMESTAMP`, PATH with its query as sent. */
export function notificationString(parts: {
  method?: string;
  path: string;
  bodyHashHex: string;
  timestamp: string;
}): string {
  return [(parts.method ?? "POST").toUpperCase(), parts.path, parts.bodyHashHex, parts.timestamp].join(":");
}
