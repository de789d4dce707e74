import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { ResponseValidator, type OpenApiDocument } from "./openapi-validator";
import {
  spawnServer as spawnProcess,
  startProductionServer,
  START_MS,
  type ServerProcess,
  type SpawnOptions,
  type StartedServer,
} from "./production-server";

export { waitHealthy, type ServerProcess } from "./production-server";

export type DbKind = "pglite" | "postgres";
export const DB_KINDS: DbKind[] = ["pglite", "postgres"];

export interface RunningServer extends StartedServer {
  merchant: GatewayClient;
  acquirer: GatewayClient;
  /** Checks answers against the document this server serves; its fetch() is the clients'. */
  validator: ResponseValidator;
}

export async function newDatabaseUrl(): Promise<string> {
  const base = inject("pgBaseUrl");
  const name = `t_${randomBytes(6).toString("hex")}`;
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: base });
  await client.connect();
  await client.query(`create database "${name}"`);
  await client.end();
  return base.replace(/\/postgres$/, `/${name}`);
}

type StartOptions = { db: DbKind; env?: Record<string, string>; dataDir?: string; databaseUrl?: string };

/** Start dist/server.js on a free port with a fresh (or the given) data dir and database; does not wait. */
export async function spawnServer(opts: StartOptions): Promise<ServerProcess> {
  return spawnProcess(await processOptions(opts));
}

async function processOptions(opts: StartOptions): Promise<SpawnOptions> {
  const databaseUrl = opts.db === "postgres" ? (opts.databaseUrl ?? (await newDatabaseUrl())) : undefined;
  return { databaseUrl, dataDir: opts.dataDir, env: opts.env };
}

/** Start a server that is expected to refuse: its exit code and output. */
export async function expectRefusal(opts: StartOptions, timeoutMs = START_MS) {
  const proc = await spawnServer(opts);
  const timer = setTimeout(() => proc.child.kill("SIGKILL"), timeoutMs);
  const code = await proc.exited;
  clearTimeout(timer);
  return { code, output: proc.logs() };
}

/**
 * Start the real production server (dist/server.js, the .next build) on a free port with
 * a fresh data dir, and wait until /api/health answers.
 */
export async function startServer(opts: StartOptions = { db: "pglite" }): Promise<RunningServer> {
  const proc = await startProductionServer(await processOptions(opts));
  const { baseUrl, credentials } = proc;
  // Every answer the suites get through these clients must be one the served document describes.
  const validator = new ResponseValidator((await (await fetch(`${baseUrl}/openapi.json`)).json()) as OpenApiDocument);
  return {
    ...proc,
    merchant: new GatewayClient(baseUrl, credentials.merchant, validator.fetch()),
    acquirer: new GatewayClient(baseUrl, credentials.acquirer, validator.fetch()),
    validator,
  };
}
