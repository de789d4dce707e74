import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/**
 * The OVO push record a payer's browser keeps (lib/checkout/wallet-push.ts) holds the number they
 * typed, so it travels sealed: AES-256-GCM under a key derived from the checkout's cookie key,
 * bound to the link's id, so the cookie shows no digits and one link's record cannot be read or
 * replayed as another's.
 */
export interface PushRecord {
  referenceNo: string;
  phone: string;
  lapsesAt: number;
}

const IV = 12;
const TAG = 16;

function keyOf(cookieKey: string): Buffer {
  return createHmac("sha256", cookieKey).update("wallet-push:v1").digest();
}

export function sealPush(cookieKey: string, linkId: string, record: PushRecord): string {
  const iv = randomBytes(IV);
  const cipher = createCipheriv("aes-256-gcm", keyOf(cookieKey), iv);
  cipher.setAAD(Buffer.from(linkId));
  const body = Buffer.concat([cipher.update(JSON.stringify(record), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The record, or null for anything else: absent, tampered, another link's, or not ours. */
export function openPush(cookieKey: string, linkId: string, raw: string | undefined): PushRecord | null {
  if (!raw || raw.length > 1024) return null;
  try {
    const bytes = Buffer.from(raw, "base64url");
    if (bytes.length <= IV + TAG) return null;
    const decipher = createDecipheriv("aes-256-gcm", keyOf(cookieKey), bytes.subarray(0, IV));
    decipher.setAAD(Buffer.from(linkId));
    decipher.setAuthTag(bytes.subarray(IV, IV + TAG));
    const text = Buffer.concat([decipher.update(bytes.subarray(IV + TAG)), decipher.final()]).toString("utf8");
    const v = JSON.parse(text) as Partial<PushRecord>;
    if (typeof v.referenceNo !== "string" || typeof v.phone !== "string" || typeof v.lapsesAt !== "number") return null;
    return { referenceNo: v.referenceNo, phone: v.phone, lapsesAt: v.lapsesAt };
  } catch {
    return null;
  }
}
