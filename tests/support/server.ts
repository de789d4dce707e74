import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { SandboxCredentials } from "@/lib/gateway/seed";
import { GatewayClient, type SnapCredentials } from "@/lib/clients/gateway-client";
import { freePort } from "./postgres";
import { ResponseValidator, type OpenApiDocument } from "./openapi-validator";

export type DbKind = "pglite" | "postgres";
export const DB_KINDS: DbKind[] = ["pglite", "postgres"];

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  credentials: SandboxCredentials;
  checkout: SnapCredentials;
  merchant: GatewayClient;
  acquirer: GatewayClient;
  /** Checks answers against the document this server serves; its fetch() is the clients'. */
  validator: ResponseValidator;
  logs(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  child: ChildProcess;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

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

/** A loaded machine may need longer to start PGlite; TEST_SERVER_START_MS raises the limit. */
const START_MS = Number(process.env.TEST_SERVER_START_MS ?? 150_000);

export interface ServerProcess {
  baseUrl: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  child: ChildProcess;
  logs(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

type StartOptions = { db: DbKind; env?: Record<string, string>; dataDir?: string; databaseUrl?: string };

/** Start dist/server.js on a free port with a fresh (or the given) data dir; does not wait. */
export async function spawnServer(opts: StartOptions): Promise<ServerProcess> {
  if (!fs.existsSync(path.join(ROOT, "dist/server.js")) || !fs.existsSync(path.join(ROOT, ".next/BUILD_ID"))) {
    throw new Error("no production build: run `npm run build` first (npm test does)");
  }
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-data-"));
  const databaseUrl = opts.db === "postgres" ? (opts.databaseUrl ?? (await newDatabaseUrl())) : undefined;
  let output = "";
  const child = spawn(process.execPath, ["dist/server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      // One server process unless a test asks for more (on PostgreSQL the default is one per core).
      WEB_CONCURRENCY: "1",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "" }),
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    databaseUrl,
    child,
    logs: () => output,
    exited,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Wait until /api/health answers; throws with the output if the process exits first. */
export async function waitHealthy(proc: ServerProcess, timeoutMs = START_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`server exited early:\n${proc.logs()}`);
    try {
      const res = await fetch(`${proc.baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${proc.logs()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
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
  const proc = await spawnServer(opts);
  await waitHealthy(proc);
  const { baseUrl, dataDir } = proc;
  const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, "sandbox-credentials.json"), "utf8")) as SandboxCredentials;
  const checkout = JSON.parse(fs.readFileSync(path.join(dataDir, "checkout-client.json"), "utf8")) as SnapCredentials;
  // Every answer the suites get through these clients must be one the served document describes.
  const validator = new ResponseValidator((await (await fetch(`${baseUrl}/openapi.json`)).json()) as OpenApiDocument);
  return {
    baseUrl,
    port: proc.port,
    dataDir,
    databaseUrl: proc.databaseUrl,
    credentials,
    checkout,
    merchant: new GatewayClient(baseUrl, credentials.merchant, validator.fetch()),
    acquirer: new GatewayClient(baseUrl, credentials.acquirer, validator.fetch()),
    validator,
    logs: proc.logs,
    child: proc.child,
    stop: proc.stop,
  };
}
