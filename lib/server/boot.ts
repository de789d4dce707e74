import type { Logger } from "pino";
import { checkProductionConfig, config as processConfig, loadConfig, type Config } from "@/lib/config";
import { openDatabase, type Database } from "@/lib/db/client";
import type { GatewayContext } from "@/lib/gateway/context";
import { openKeyring, readMeta } from "@/lib/gateway/merchants/keyring";
import {
  readCredentials,
  refuseOtherMode,
  seedConsole,
  seedGateway,
  type SandboxCredentials,
} from "@/lib/gateway/sandbox/seed";
import { loadMasterKey } from "@/lib/gateway/vault";
import { processLogger } from "@/lib/log";

export interface Gateway {
  gw: GatewayContext;
  database: Database;
  credentials: SandboxCredentials | null;
  seeded: boolean;
}

/**
 * Config → production checks → master key → database (migrated) → keyring (the key checked
 * against the database, the shared RSA key) → seed. Anything unsafe throws a StartupRefusal
 * before the first request can be served. Shared by the server, the bench and the tests.
 */
export async function bootGateway(
  opts: { env?: NodeJS.ProcessEnv; log?: Logger; config?: Config } = {},
): Promise<Gateway> {
  const config = opts.config ?? (opts.env ? loadConfig(opts.env) : processConfig());
  const log = opts.log ?? processLogger(config.logLevel);
  const database = await openGatewayDatabase(config, log);
  try {
    const { vault } = database;
    const gw: GatewayContext = { db: database.db, dbKind: database.kind, config, vault, log, now: () => new Date() };
    const fresh = await seedGateway(gw);
    // The sandbox's demo console users join the demo merchant (and a second one, for isolation).
    const credentials =
      config.mode === "sandbox" ? await seedConsole(gw, fresh ?? readCredentials(config.dataDir)) : null;
    return { gw, database, credentials, seeded: !!fresh };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

/** The database with its keyring, for the server and for `npm run partners`. */
export async function openGatewayDatabase(
  config: Config,
  log?: Pick<Logger, "warn">,
): Promise<Database & { vault: GatewayContext["vault"] }> {
  checkProductionConfig(config);
  const masterKey = loadMasterKey(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.pgPoolMax,
    ...(log ? { log } : {}),
  });
  try {
    // The mode first: nothing (not even the keyring's check row) is written to a database of
    // the other mode.
    refuseOtherMode(await readMeta(database.db, "seed"), config.mode);
    return { ...database, vault: await openKeyring(database.db, config, masterKey) };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}
