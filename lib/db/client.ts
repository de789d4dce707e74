import "./server-only";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
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
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(path.join(opts.dataDir, "pglite"));
}

async function openPglite(dir: string): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}

async function openPostgres(url: string, opts: OpenOptions): Promise<Database> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.default.Pool({ connectionString: url, max: opts.poolMax ?? 10 });
  // A broken idle connection must not crash the process; the pool replaces it, and the
  // operator sees why (a restarted server, a cut network).
  pool.on("error", (err) => opts.log?.warn({ err }, "idle PostgreSQL connection failed; the pool replaces it"));
  const db = drizzle(pool, { schema });
  // Two instances starting together may race on the first migration: the loser retries
  // and then finds the work done.
  for (let attempt = 1; ; attempt++) {
    try {
      await migrate(db, { migrationsFolder: migrationsFolder() });
      break;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
  return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
}

/** The SQLSTATE of a unique violation, as both drivers report it. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return !!e && e.code === "23505" && (!constraint || e.constraint === constraint || String(e.message).includes(constraint));
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
