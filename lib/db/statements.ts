import "./server-only";
import { getTableColumns, type Column, type Table } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Executor } from "./client";
import * as schema from "./schema";

/**
 * Statements on the hot path (every signed request records its X-EXTERNAL-ID; every
 * Inquiry finds a link), built once by drizzle from the schema and run straight on the
 * driver connection drizzle holds for the executor: inside a transaction, that
 * transaction's own connection.
 *
 * Why not plain drizzle there: per call it rebuilds the SQL from the query builder and, on
 * PGlite, hands a parser table that PGlite copies for every result. Profiled on the
 * Inquiry, that cost about as much CPU as PGlite's own work on the two statements.
 * Results are mapped by each column's own `mapFromDriverValue` (what drizzle does), and
 * date-time values reach it as drizzle's drivers deliver them, so rows are identical.
 */

/** drizzle.mock(): a query builder with the PostgreSQL dialect and no connection. */
export const builder = drizzle.mock({ schema });

type ParamSlot = { name: string; encode?: (value: unknown) => unknown } | { constant: unknown };

export interface Statement {
  text: string;
  /** One per $n: a named value (encoded by its column, as drizzle does) or a constant. */
  slots: ParamSlot[];
}

/** `query.toSQL()` with `sql.placeholder(name)` for every value that varies. */
export function statement(query: { toSQL(): { sql: string; params: unknown[] } }): Statement {
  const { sql, params } = query.toSQL();
  const slots = params.map((p): ParamSlot => {
    // insert values come as Param { value: Placeholder, encoder: column }
    const param = p as {
      name?: unknown;
      value?: { name?: unknown };
      encoder?: { mapToDriverValue?: (v: unknown) => unknown };
    } | null;
    if (typeof param?.name === "string") return { name: param.name };
    if (typeof param?.value?.name === "string") {
      const encoder = param.encoder;
      return {
        name: param.value.name,
        ...(encoder?.mapToDriverValue ? { encode: (v: unknown) => encoder.mapToDriverValue!(v) } : {}),
      };
    }
    return { constant: p };
  });
  return { text: sql, slots };
}

interface PgliteLike {
  query(text: string, params: unknown[], options: { rowMode: "array" }): Promise<{ rows: unknown[][] }>;
}
interface PgLike {
  query(config: { text: string; values: unknown[]; rowMode: "array"; types: unknown }): Promise<{ rows: unknown[][] }>;
  release?: unknown;
  connect?: unknown;
}

// node-postgres: date-time values as text, as drizzle's node-postgres session asks for them.
const AS_TEXT = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
export const pgTypes = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    AS_TEXT.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format as "text"),
};

type Listener = (text: string, values: unknown[]) => void;
let listener: Listener | null = null;

/** For the benchmark's storage ceiling (bench/kit.ts): see each hot statement as it runs. */
export function observeStatements(fn: Listener | null): void {
  listener = fn;
}

/** Run a hot statement on the executor's own connection; rows as arrays. */
export async function run(exec: Executor, st: Statement, values: Record<string, unknown>): Promise<unknown[][]> {
  const client = (exec as unknown as { session?: { client?: unknown } }).session?.client as
    PgliteLike | PgLike | undefined;
  if (!client) throw new Error("hot statement: no driver connection on this executor");
  const params = st.slots.map((slot) => {
    if ("constant" in slot) return slot.constant;
    if (!(slot.name in values)) throw new Error(`hot statement: no value for ${slot.name}`);
    const value = values[slot.name];
    return slot.encode && value !== null && value !== undefined ? slot.encode(value) : value;
  });
  listener?.(st.text, params);
  const isPg = typeof (client as PgLike).release === "function" || typeof (client as PgLike).connect === "function";
  const result = isPg
    ? await (client as PgLike).query({ text: st.text, values: params, rowMode: "array", types: pgTypes })
    : await (client as PgliteLike).query(st.text, params, { rowMode: "array" });
  return result.rows;
}

/**
 * Maps `table`'s columns from position `offset` of an array row, in the order drizzle
 * selects a table's columns (the order of getTableColumns).
 */
export function rowReader<T extends Table>(
  table: T,
): { width: number; read(row: unknown[], offset: number): T["$inferSelect"] } {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  return {
    width: columns.length,
    read(row, offset) {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i++) {
        const [key, column] = columns[i]!;
        const value = row[offset + i];
        out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return out as T["$inferSelect"];
    },
  };
}
