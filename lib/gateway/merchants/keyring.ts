import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { StartupRefusal, type Config } from "@/lib/config";
import type { Db, Executor } from "@/lib/db/client";
import { gatewayMeta, partners } from "@/lib/db/schema";
import { createVault, generateRsaKeyPair, masterKeyCheck, masterSealer, type Vault } from "@/lib/gateway/vault";

/**
 * Several instances, one truth. What must be the same on every instance sharing a database
 * lives in that database, not in each DATA_DIR: a check of the master key, the gateway's
 * RSA signing key (sealed with the master key) and the hosted checkout's credentials. An
 * instance holding another master key refuses to start instead of answering 500s and
 * signing callbacks nobody can verify.
 */
const WRONG_KEY =
  "this database was set up with a different master key: every instance sharing a database must use the same GATEWAY_MASTER_KEY (or GATEWAY_MASTER_KEY_FILE); in the sandbox, copy $DATA_DIR/gateway-master.key of the first instance or set GATEWAY_MASTER_KEY on all";

export async function readMeta(exec: Executor, name: string): Promise<string | null> {
  const [row] = await exec
    .select({ value: gatewayMeta.value })
    .from(gatewayMeta)
    .where(eq(gatewayMeta.name, name))
    .limit(1);
  return row?.value ?? null;
}

/** First writer wins; everyone reads what won. */
export async function putMetaOnce(exec: Executor, name: string, value: string): Promise<string> {
  await exec.insert(gatewayMeta).values({ name, value }).onConflictDoNothing();
  return (await readMeta(exec, name))!;
}

/** Check the master key against the database, then load (or create) the shared RSA key. */
export async function openKeyring(db: Db, config: Pick<Config, "dataDir">, masterKey: Buffer): Promise<Vault> {
  const sealer = masterSealer(masterKey);
  const check = masterKeyCheck(masterKey);
  const stored = await readMeta(db, "master-key-check");
  if (stored === null) {
    // A database from before the check: its partners' secrets tell whether the key is theirs.
    const [sample] = await db.select({ enc: partners.clientSecretEnc }).from(partners).limit(1);
    if (sample && !decrypts(sealer, sample.enc)) throw new StartupRefusal("GATEWAY_MASTER_KEY", WRONG_KEY);
  }
  if ((stored ?? (await putMetaOnce(db, "master-key-check", check))) !== check)
    throw new StartupRefusal("GATEWAY_MASTER_KEY", WRONG_KEY);

  let sealedKey = await readMeta(db, "gateway-private-key");
  if (sealedKey === null) {
    // A data dir from before the keyring keeps its key, so merchants' copies of
    // gatewayPublicKeyPem stay valid; otherwise a new one.
    const legacy = path.join(config.dataDir, "gateway-private-key.pem");
    const pem = fs.existsSync(legacy) ? fs.readFileSync(legacy, "utf8") : generateRsaKeyPair().privateKeyPem;
    sealedKey = await putMetaOnce(db, "gateway-private-key", sealer.encrypt(pem));
  }
  return createVault(masterKey, sealer.decrypt(sealedKey));
}

function decrypts(sealer: ReturnType<typeof masterSealer>, value: string): boolean {
  try {
    sealer.decrypt(value);
    return true;
  } catch {
    return false;
  }
}
