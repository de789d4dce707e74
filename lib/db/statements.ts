import "./server-only";
import { createHash } from "node:crypto";
import { protocol, parse as pgliteResults, type PGlite } from "@electric-sql/pglite";
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
 * Results are mapped by each column's own `mapFromDriverValue` (what drizzle does). On
 * PGlite, date-times reach it as `Date` where drizzle's own PGlite session keeps the text;
 * every timestamp column is `with time zone` and its mapper takes either, so the rows are
 * identical (statements.test.ts compares them with drizzle's).
 *
 * Each is a named prepared statement, parsed and described once per connection: the link
 * lookup's 35-column join costs PostgreSQL several times more to parse and plan than to run
 * (docs/benchmarks.md). node-postgres prepares by name itself. PGlite's `query` has no
 * names, and sends parse, describe, bind, describe and execute as five calls into the
 * WebAssembly module; here the first use parses, and every use after is one call with
 * bind, describe, execute and sync, under PGlite's own locks (`runPrepared`).
 */

/** drizzle.mock(): a query builder with the PostgreSQL dialect and no connection. */
export const builder = drizzle.mock({ schema });

type ParamSlot = { name: string; encode?: (value: unknown) => unknown } | { constant: unknown };

export interface Statement {
  /** The prepared statement's name on each connection: a digest of the text, so one text has one name. */
  name: string;
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
  return { name: `hot_${createHash("sha256").update(sql).digest("hex").slice(0, 24)}`, text: sql, slots };
}

/** PGlite, or one of its transactions (which PGlite hands out as a plain object with `query` only). */
interface PgliteLike {
  execProtocol?: unknown;
  /** On a transaction: true once it has committed or rolled back. */
  closed?: boolean;
  [TRANSACTION_OF]?: PGlite;
}
interface PgLike {
  query(config: {
    name: string;
    text: string;
    values: unknown[];
    rowMode: "array";
    types: unknown;
  }): Promise<{ rows: unknown[][] }>;
  release?: unknown;
  connect?: unknown;
}

// node-postgres: date-time values as text, as drizzle's node-postgres session asks for them.
const AS_TEXT = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
export const pgTypes = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    AS_TEXT.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format as "text"),
};

type Listener = (st: Statement, values: unknown[]) => void;
let listener: Listener | null = null;

/** For the benchmark's storage ceiling (bench/kit.ts): see each hot statement as it runs. */
export function observeStatements(fn: Listener | null): void {
  listener = fn;
}

/** Run a hot statement on the executor's own connection; rows as arrays. */
export async function run(exec: Executor, st: Statement, values: Record<string, unknown>): Promise<unknown[][]> {
  const client = (exec as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error("hot statement: no driver connection on this executor");
  const params = st.slots.map((slot) => {
    if ("constant" in slot) return slot.constant;
    if (!(slot.name in values)) throw new Error(`hot statement: no value for ${slot.name}`);
    const value = values[slot.name];
    return slot.encode && value !== null && value !== undefined ? slot.encode(value) : value;
  });
  listener?.(st, params);
  return runOnConnection(client, st, params);
}

/**
 * A hot statement with its parameters, on a driver connection: a node-postgres client, a
 * PGlite, or a PGlite transaction. `run` calls it; so does the benchmark's storage ceiling,
 * which replays the Inquiry's statements on the raw driver.
 */
export async function runOnConnection(connection: unknown, st: Statement, params: unknown[]): Promise<unknown[][]> {
  const client = connection as PgliteLike | PgLike;
  const isPg = typeof (client as PgLike).release === "function" || typeof (client as PgLike).connect === "function";
  if (isPg) {
    const result = await (client as PgLike).query({
      name: st.name,
      text: st.text,
      values: params,
      rowMode: "array",
      types: pgTypes,
    });
    return result.rows;
  }
  const lite = client as PgliteLike;
  const owner = lite[TRANSACTION_OF];
  if (owner) {
    // As PGlite's own tx.query: a transaction that has ended takes no more statements (a
    // late one would otherwise run in whatever transaction is open by then, or in none).
    if (lite.closed) throw new Error("hot statement: the transaction is closed");
    return runPrepared(owner, st, params, true);
  }
  if (typeof lite.execProtocol === "function") return runPrepared(lite as unknown as PGlite, st, params, false);
  // A PGlite transaction not marked by markTransactions: its database was not opened by openDatabase.
  throw new Error("hot statement: a PGlite transaction of a database not opened by openDatabase");
}

/** On a PGlite transaction object: the PGlite it belongs to (set by `markTransactions`). */
const TRANSACTION_OF = Symbol("nusapay.pglite.transaction-of");

/**
 * Let `db`'s transactions be known as its own: PGlite's transaction object has `query` but
 * not the protocol calls `runPrepared` needs. Called once, when the database is opened.
 */
export function markTransactions(db: PGlite): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (work) => transaction((tx) => work(Object.assign(tx, { [TRANSACTION_OF]: db }) as typeof tx));
}

/** Per PGlite: the statements prepared on it, by name, with their parameters' type oids. */
const preparedOn = new WeakMap<PGlite, Map<string, number[]>>();
const { serialize } = protocol;

/**
 * Run a named statement on PGlite, parsing it on first use. Holding PGlite's locks as its
 * own `query` does: the query lock always (no other statement's messages between ours),
 * and outside a transaction the transaction lock too, so the statement cannot land inside
 * another request's open transaction. An error still ends with the Sync (PostgreSQL skips
 * to it), so the connection is ready for the next statement, and inside a transaction the
 * error aborts it as any failed statement does. The first use closes the name before parsing
 * it, and a statement the backend no longer knows is parsed again on the next use, so this
 * map and the backend cannot stay apart.
 */
async function runPrepared(db: PGlite, st: Statement, params: unknown[], inTransaction: boolean): Promise<unknown[][]> {
  const work = () =>
    db.runExclusive(async () => {
      await db._checkReady(); // checked under the locks: a close may have come while this waited
      let prepared = preparedOn.get(db);
      if (!prepared) preparedOn.set(db, (prepared = new Map()));
      let paramTypes = prepared.get(st.name);
      if (!paramTypes) {
        const described = await db.execProtocol(
          Buffer.concat([
            serialize.close({ type: "S", name: st.name }),
            serialize.parse({ name: st.name, text: st.text }),
            serialize.describe({ type: "S", name: st.name }),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        paramTypes = pgliteResults.parseDescribeStatementResults(described.messages);
        prepared.set(st.name, paramTypes);
      }
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const toText = db.serializers[paramTypes[i]!];
        return toText ? toText(value) : String(value);
      });
      let messages;
      try {
        ({ messages } = await db.execProtocol(
          Buffer.concat([
            serialize.bind({ statement: st.name, values }),
            serialize.describe({ type: "P" }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: !inTransaction },
        ));
      } catch (err) {
        // 26000: no such prepared statement (a DEALLOCATE, a reset): parse it again next time.
        if ((err as { code?: unknown }).code === "26000") prepared.delete(st.name);
        throw err;
      }
      return pgliteResults.parseResults(messages, db.parsers, { rowMode: "array" })[0]!.rows as unknown[][];
    });
  return inTransaction ? work() : db._runExclusiveTransaction(work);
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
