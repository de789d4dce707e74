import cluster from "node:cluster";
import os from "node:os";
import type { Config } from "@/lib/config";

/**
 * `WEB_CONCURRENCY=N` (docs/live-events.md, "Several processes"): N server processes share the
 * port through node:cluster and one PostgreSQL. PGlite is one process's files, so it is always
 * one. What must hold across the processes, and how it does:
 * - callbacks: each process runs the leased outbox worker (SKIP LOCKED), so a delivery is sent once;
 * - live events: each process LISTENs, so a change committed by any of them reaches every stream;
 * - the per-partner rate limit: each process takes its share (limit / N), so the sum stays the limit.
 */
export function processCount(config: Pick<Config, "databaseUrl" | "webConcurrency">): number {
  if (!config.databaseUrl) return 1;
  return config.webConcurrency ?? os.availableParallelism();
}

/** In a worker: how many processes share the limits (set by the primary). */
export function processShare(): number {
  const n = Number(process.env.NUSAPAY_PROCESSES ?? 1);
  return cluster.isWorker && Number.isInteger(n) && n > 1 ? n : 1;
}

export interface PrimaryOptions {
  count: number;
  /** Runs once before any worker starts: migrations and the sandbox seed, so workers do not race on them. */
  prepare(): Promise<void>;
  /** Once every worker listens. */
  ready(port: number): void;
  log(msg: string, extra?: Record<string, unknown>): void;
}

/** The primary: prepares, forks, replaces a worker that dies, and passes SIGTERM/SIGINT on. */
export async function runPrimary(opts: PrimaryOptions): Promise<void> {
  await opts.prepare();
  let closing = false;
  let listening = 0;
  const crashes: number[] = [];
  const fork = () => cluster.fork({ NUSAPAY_PROCESSES: String(opts.count) });

  cluster.on("listening", (_worker, address) => {
    if (++listening === opts.count) opts.ready(address.port);
  });
  cluster.on("exit", (worker, code, signal) => {
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // An unexpected exit: start another, unless they keep dying (then something is wrong with all).
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && crashes[0]! < now - 60_000) crashes.shift();
    opts.log("server process exited; starting another", { pid: worker.process.pid, code, signal });
    if (crashes.length > 5) {
      opts.log("server processes keep exiting; giving up");
      process.exit(1);
    }
    setTimeout(fork, 1_000);
  });
  for (let i = 0; i < opts.count; i++) fork();

  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    opts.log(`${signal}: stopping the server processes`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
