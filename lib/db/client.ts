import "./server-only";
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import { StartupRefusal } from "@/lib/config";
import type PgModule from "pg";
import type { Client as PgClient } from "pg";
import * as schema from "./schema";
import { markTransactions } from "./statements";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * LISTEN on `channel`: `onPayload` gets each NOTIFY payload committed by any connection
   * (this process's included). On PostgreSQL a dedicated connection listens and is re-opened
   * when lost; `onResume` then runs, since notices sent while it was down are gone.
   */
  listen(channel: string, onPayload: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Migrations ship as SQL next to this file in the source tree (copied beside dist/ too). */
export function migrationsFolder(): string {
  const candidates = [
    path.resolve(process.cwd(), "lib/db/migrations"),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "migrations"),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../lib/db/migrations"),
  ];
  const found = candidates.find((p) => fs.existsSync(path.join(p, "meta", "_journal.json")));
  if (!found) throw new Error(`migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  log?: Pick<Logger, "warn">;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(opts.dataDir);
}

/**
 * PGlite's page cache. initdb writes PostgreSQL's default, 128 MB, into postgresql.conf, and
 * PGlite's WebAssembly memory touches all of it at start, so it is resident from the first
 * request: ~300 MiB for a PGlite opened on an existing database against ~200 MiB with 32 MB
 * (docs/live-events.md, "Memory"). The sandbox's working set fits in 32 MB; a page outside it
 * is read from the data directory, which the kernel caches. Set on the command line, so the
 * directory's postgresql.conf stays initdb's.
 */
export const PGLITE_SHARED_BUFFERS = "32MB";

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = path.join(dataDir, "pglite");
  fs.mkdirSync(dir, { recursive: true });
  const release = lockPgliteDir(dataDir);
  try {
    await initPgliteDir(dir);
    const client = await PGlite.create(dir, {
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    markTransactions(client);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      // PGlite delivers notifications on its one connection, after the notifying transaction commits.
      listen: async (channel, onPayload) => client.listen(channel, onPayload),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** Run in a child: make the database in argv[2] with the PGlite module at argv[1], and exit. */
const INITDB_SCRIPT = `
process.stdin.on("end", () => process.exit(1));
process.stdin.resume();
const [entry, dir] = process.argv.slice(1);
const { PGlite } = await import(entry);
const db = await PGlite.create(dir);
await db.close();
process.exit(0);
`;

/**
 * A new PGlite database is made by initdb, a second WebAssembly program that PGlite would
 * compile and run in the process opening the directory, leaving its work space in that
 * process's native heap (about 100 MiB of a first start's idle RSS: docs/live-events.md, "The
 * first start"). So a new database is made by a short-lived child process, in a sibling
 * directory renamed into place once complete; a leftover staging directory is replaced. A
 * directory that has files but no database is left to PGlite, as before.
 */
export async function initPgliteDir(dir: string, timeoutMs = 300_000): Promise<void> {
  if (fs.existsSync(path.join(dir, "PG_VERSION"))) return;
  if (fs.readdirSync(dir).length > 0) return;
  // A symlink the operator made is not ours to swap for another directory: left to PGlite.
  if (fs.lstatSync(dir).isSymbolicLink()) return;
  const staging = `${dir}.init`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  const entry = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href;
  // The child exits when its stdin closes, so it cannot outlive a killed parent and write on
  // while the next start clears its directory.
  const child = spawn(process.execPath, ["--input-type=module", "-e", INITDB_SCRIPT, entry, staging], {
    stdio: ["pipe", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => void (stderr = (stderr + chunk).slice(-4000)));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (status) => resolve(status));
  }).finally(() => {
    clearTimeout(timer);
    child.stdin.destroy();
  });
  if (code !== 0 || !fs.existsSync(path.join(staging, "PG_VERSION")))
    throw new Error(`creating the PGlite database in ${staging} failed (exit ${code}): ${stderr.trim()}`);
  try {
    // rename(2) replaces an empty directory in one step.
    fs.renameSync(staging, dir);
  } catch {
    // A place rename cannot replace (a mounted volume): PGlite makes the database there, as before.
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * PGlite is one process per data directory: a second process on the same files corrupts
 * them. The owner's pid is kept in `$DATA_DIR/pglite.pid`; a live owner means refusal, a
 * dead one (a crash, a SIGKILL) leaves a stale file that is taken over.
 */
function lockPgliteDir(dataDir: string): () => void {
  const file = path.join(dataDir, "pglite.pid");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: "wx", mode: 0o600 });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const owner = Number(fs.readFileSync(file, "utf8").trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
      throw new StartupRefusal(
        "DATA_DIR",
        `the PGlite database in ${dataDir} is open in process ${owner} (PGlite allows one process per data directory): stop that process first, or use DATABASE_URL for several processes`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new StartupRefusal("DATA_DIR", `could not take ${file}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Any constant: the advisory lock every instance takes around its migrations. */
const MIGRATION_LOCK = 0x6e757361; // "nusa"

async function openPostgres(url: string, opts: OpenOptions): Promise<Database> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.default.Pool({ connectionString: url, max: opts.poolMax ?? 10 });
  // A broken idle connection must not crash the process; the pool replaces it, and the
  // operator sees why (a restarted server, a cut network).
  pool.on("error", (err) => opts.log?.warn({ err }, "idle PostgreSQL connection failed; the pool replaces it"));
  // Instances starting together migrate one after another on one connection holding an
  // advisory lock: the second waits, then finds the work done (no unique-violation race).
  const conn = await pool.connect();
  try {
    await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(conn, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } catch (err) {
    conn.release(true);
    await pool.end();
    throw err;
  }
  conn.release();
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: "postgres",
    listen: (channel, onPayload, onResume) => listenPostgres(pg.default, url, channel, onPayload, onResume),
    close: () => pool.end(),
  };
}

/** One connection outside the pool, holding the LISTEN; re-opened with back-off when it drops. */
async function listenPostgres(
  pg: typeof PgModule,
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onResume?: () => void,
): Promise<() => Promise<void>> {
  let client: PgClient | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    c.on("error", () => lost(c));
    c.on("end", () => lost(c));
    try {
      await c.connect();
      // The channel is a fixed identifier of ours, not input: safe to interpolate.
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      c.removeAllListeners("end");
      await c.end().catch(() => {});
      throw err;
    }
    client = c;
  };
  // Lost after it was up: keep trying (a database restart must not end live events for good).
  const lost = (c: PgClient) => {
    if (stopped || client !== c) return;
    client = null;
    const again = (attempt: number) => {
      retry = setTimeout(
        () => {
          if (stopped) return;
          open().then(
            () => onResume?.(),
            () => again(attempt + 1),
          );
        },
        Math.min(5_000, 100 * 2 ** attempt),
      );
    };
    again(0);
  };

  for (let attempt = 1; ; attempt++) {
    try {
      await open();
      break;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** The SQLSTATE of a unique violation, as both drivers report it. */
export function isUniqueViolation(err: unknown): boolean {
  return findPgError(err)?.code === "23505";
}

/**
 * PostgreSQL gave up on the transaction, not on the request: a serialization failure or a
 * deadlock (SQLSTATE 40001, 40P01). Running the whole transaction again is safe.
 */
export function isRetryableConflict(err: unknown): boolean {
  const code = findPgError(err)?.code;
  return code === "40001" || code === "40P01";
}

function findPgError(err: unknown): { code?: string; constraint?: string; message?: string } | null {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === "object"; i++) {
    const o = cur as { code?: unknown; cause?: unknown };
    if (typeof o.code === "string" && /^[0-9A-Z]{5}$/.test(o.code)) return o as { code: string };
    cur = o.cause;
  }
  return null;
}
