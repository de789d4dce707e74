import type { Logger } from "pino";
import type { Config } from "@/lib/config";
import type { Db } from "@/lib/db/client";

export type { Executor } from "@/lib/db/client";
/** The API runs its business steps through this (retried on deadlock / serialization failure). */
export { inTransaction } from "@/lib/db/transaction";
import type { Vault } from "./vault";

/** What every domain function needs, passed explicitly so tests can build one in-process. */
export interface GatewayContext {
  db: Db;
  dbKind: "pglite" | "postgres";
  config: Config;
  vault: Vault;
  log: Logger;
  now(): Date;
  /** Wakes the callback worker after a transaction that wrote to the outbox has committed. */
  kickOutbox?: () => void;
  /** Wakes the refund worker after a refund was written (lib/gateway/refunds/refund-worker.ts). */
  kickRefunds?: () => void;
}
