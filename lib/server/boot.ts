import type { Logger } from "pino";
import { config as processConfig, loadConfig, type Config } from "@/lib/config";
import { openDatabase, type Database } from "@/lib/db/client";
import type { GatewayContext } from "@/lib/gateway/context";
import { readCredentials, seedConsole, seedSandbox, type SandboxCredentials } from "@/lib/gateway/seed";
import { openVault } from "@/lib/gateway/vault";
import { processLogger } from "@/lib/log";

export interface Gateway {
  gw: GatewayContext;
  database: Database;
  credentials: SandboxCredentials | null;
  seeded: boolean;
}

/** Config → vault → database (migrated) → seed. Shared by the server and the bench. */
export async function bootGateway(opts: { env?: NodeJS.ProcessEnv; log?: Logger; config?: Config } = {}): Promise<Gateway> {
  const config = opts.config ?? (opts.env ? loadConfig(opts.env) : processConfig());
  const log = opts.log ?? processLogger(config.logLevel);
  const vault = openVault(config.dataDir, opts.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: config.pgPoolMax, log });
  const gw: GatewayContext = { db: database.db, dbKind: database.kind, config, vault, log, now: () => new Date() };
  const fresh = await seedSandbox(gw);
  const credentials = await seedConsole(gw, fresh ?? readCredentials(config.dataDir));
  return { gw, database, credentials, seeded: !!fresh };
}
