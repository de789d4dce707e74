import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createPublicKey,
  createSecretKey,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { StartupRefusal, type Config } from "@/lib/config";

/**
 * Secrets stay out of the database in clear. The master key comes from the environment or
 * a secret file (in the sandbox it may be generated into the data directory): partner
 * client secrets and the gateway's RSA signing key are stored sealed with it (AES-256-GCM),
 * payment-link secrets are derived from it, and nothing a database dump shows can be
 * replayed. Every instance sharing a database must hold the same master key
 * (lib/gateway/merchants/keyring.ts checks it at start).
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

/**
 * Every column holding a value sealed with the vault's encryption key (`encrypt` / the
 * master sealer): what a re-seal under a new master key must read and write again. There is
 * no rotation command yet; a test holds this list to the schema's sealed columns.
 */
export const SEALED_COLUMNS = [
  { table: "partners", column: "client_secret_enc" },
  { table: "partners", column: "previous_client_secret_enc" },
  /** Rows `gateway-private-key` and `checkout-client`. */
  { table: "gateway_meta", column: "value" },
  /** Saved cards' numbers (docs/contract.md §10); null once deleted. */
  { table: "payment_methods", column: "sealed_number" },
] as const;

/** The master key, from GATEWAY_MASTER_KEY, GATEWAY_MASTER_KEY_FILE or (sandbox only) the data dir. */
export function loadMasterKey(config: Pick<Config, "mode" | "dataDir" | "masterKey">): Buffer {
  const { value, file } = config.masterKey;
  if (value && file)
    throw new StartupRefusal(
      "GATEWAY_MASTER_KEY",
      "set either GATEWAY_MASTER_KEY or GATEWAY_MASTER_KEY_FILE, not both",
    );
  let text: string;
  let setting = "GATEWAY_MASTER_KEY";
  if (value) text = value;
  else if (file) {
    setting = "GATEWAY_MASTER_KEY_FILE";
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (err) {
      throw new StartupRefusal(setting, `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? "error"})`);
    }
  } else if (config.mode === "production") {
    throw new StartupRefusal(
      "GATEWAY_MASTER_KEY",
      "required in production (or GATEWAY_MASTER_KEY_FILE): base64 of 32 random bytes, e.g. `openssl rand -base64 32`, the same for every instance sharing the database",
    );
  } else {
    fs.mkdirSync(config.dataDir, { recursive: true });
    text = readOrCreate(path.join(config.dataDir, "gateway-master.key"), () => randomBytes(32).toString("base64"));
  }
  const key = Buffer.from(text.trim(), "base64");
  if (key.length !== 32) throw new StartupRefusal(setting, `must be base64 of exactly 32 bytes (got ${key.length})`);
  // A placeholder (all zeros, one byte repeated) is no secret: every sealed value would be open.
  if (key.every((b) => b === key[0]))
    throw new StartupRefusal(setting, "is one byte repeated, not a random key: use `openssl rand -base64 32`");
  return key;
}

export function createVault(masterKey: Buffer, gatewayPrivateKeyPem: string): Vault {
  const publicPem = createPublicKey(gatewayPrivateKeyPem).export({ type: "spki", format: "pem" }).toString();
  const encKey = subKey(masterKey, "vault:encryption");
  const linkKey = subKey(masterKey, "vault:payment-link");

  return {
    encrypt: (plain) => seal(encKey, plain),
    decrypt: (sealed) => unseal(encKey, sealed),
    linkSecret(linkId) {
      return createHmac("sha256", linkKey).update(linkId).digest("base64url").slice(0, 32);
    },
    derive(purpose, id) {
      return createHmac("sha256", linkKey).update(`${purpose}:${id}`).digest("base64url").slice(0, 32);
    },
    gatewayPrivateKeyPem,
    gatewayPublicKeyPem: publicPem,
  };
}

/** An HMAC of a fixed label: stored in the database, it tells whether another instance holds the same key. */
export function masterKeyCheck(masterKey: Buffer): string {
  return createHmac("sha256", masterKey).update("vault:key-check:v1").digest("base64url");
}

/** Seal and unseal with the master key alone: what the keyring needs before the RSA key is known. */
export function masterSealer(masterKey: Buffer): { encrypt(plain: string): string; decrypt(sealed: string): string } {
  const encKey = subKey(masterKey, "vault:encryption");
  return { encrypt: (plain) => seal(encKey, plain), decrypt: (sealed) => unseal(encKey, sealed) };
}

/**
 * A key of its own for one purpose, derived from the master key. A KeyObject, not a Buffer:
 * on Node 24 an HMAC or cipher keyed with a Buffer costs about 20 µs to set up against 3 µs
 * (a KeyObject is made of the Buffer each time), and every Inquiry answer derives its link's
 * secret.
 */
function subKey(masterKey: Buffer, purpose: string): KeyObject {
  return createSecretKey(createHmac("sha256", masterKey).update(purpose).digest());
}

function seal(encKey: KeyObject, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encKey, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(
    ".",
  );
}

function unseal(encKey: KeyObject, sealed: string): string {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !body || !tag) throw new Error("unreadable vault value");
  const decipher = createDecipheriv("aes-256-gcm", encKey, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

export function generateRsaKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

function readOrCreate(file: string, create: () => string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  const value = create();
  try {
    // wx: two instances sharing a data dir must not overwrite each other's fresh key.
    fs.writeFileSync(file, value, { mode: 0o600, flag: "wx" });
    return value;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return fs.readFileSync(file, "utf8");
  }
}
