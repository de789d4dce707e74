import { createCipheriv, createDecipheriv, createHmac, createPublicKey, generateKeyPairSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Secrets stay out of the database. The vault holds the gateway's master key and RSA
 * signing key in files of the data directory (mode 0600): partner client secrets are
 * stored encrypted with the master key, payment-link secrets are derived from it, and
 * nothing a database dump shows can be replayed.
 */
export interface Vault {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** Deterministic per-link capability: ≥ 128 bits, recomputable, never stored. */
  linkSecret(linkId: string): string;
  /** The same kind of capability for other purposes (client secrets, 3-D Secure tokens). */
  derive(purpose: string, id: string): string;
  gatewayPrivateKeyPem: string;
  gatewayPublicKeyPem: string;
}

export function openVault(dataDir: string, env: NodeJS.ProcessEnv = process.env): Vault {
  fs.mkdirSync(dataDir, { recursive: true });
  const masterKey = env.GATEWAY_MASTER_KEY
    ? Buffer.from(env.GATEWAY_MASTER_KEY, "base64")
    : readOrCreate(path.join(dataDir, "gateway-master.key"), () => randomBytes(32).toString("base64"), (s) => Buffer.from(s.trim(), "base64"));
  if (masterKey.length !== 32) throw new Error("GATEWAY_MASTER_KEY must be 32 bytes, base64");
  const privatePem = readOrCreate(
    path.join(dataDir, "gateway-private-key.pem"),
    () => generateRsaKeyPair().privateKeyPem,
    (s) => s,
  );
  const publicPem = createPublicKey(privatePem).export({ type: "spki", format: "pem" }).toString();
  const encKey = createHmac("sha256", masterKey).update("vault:encryption").digest();
  const linkKey = createHmac("sha256", masterKey).update("vault:payment-link").digest();

  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", encKey, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
    },
    decrypt(sealed) {
      const [version, iv, body, tag] = sealed.split(".");
      if (version !== "v1" || !iv || !body || !tag) throw new Error("unreadable vault value");
      const decipher = createDecipheriv("aes-256-gcm", encKey, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
    linkSecret(linkId) {
      return createHmac("sha256", linkKey).update(linkId).digest("base64url").slice(0, 32);
    },
    derive(purpose, id) {
      return createHmac("sha256", linkKey).update(`${purpose}:${id}`).digest("base64url").slice(0, 32);
    },
    gatewayPrivateKeyPem: privatePem,
    gatewayPublicKeyPem: publicPem,
  };
}

export function generateRsaKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

function readOrCreate<T>(file: string, create: () => string, read: (s: string) => T): T {
  try {
    return read(fs.readFileSync(file, "utf8"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const value = create();
  try {
    // wx: two instances sharing a data dir must not overwrite each other's fresh key.
    fs.writeFileSync(file, value, { mode: 0o600, flag: "wx" });
    return read(value);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return read(fs.readFileSync(file, "utf8"));
  }
}
