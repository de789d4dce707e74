import { fork } from "node:child_process";
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

/** Set on the process the primary starts to prepare the database (prepareInChild). */
const PREPARE_ROLE = "NUSAPAY_PREPARE";

/** Is this the process the primary started to prepare the database? */
export function isPrepareProcess(): boolean {
  return process.env[PREPARE_ROLE] === "1" && typeof process.send === "function";
}

/** A failure the process that had it has already written to stderr: the primary only exits. */
export class ReportedFailure extends Error {}

/**
 * The primary's preparation (migrations and the sandbox seed) runs in a process of its own,
 * the server's entry with PREPARE_ROLE set, which sends one message and exits. The database
 * driver, the migrations and the seed are loaded there and leave with it, so the primary stays
 * a small process that forks and watches (docs/live-events.md, "Several processes"). Its
 * stdout and stderr are the primary's: a refusal is printed once, by it.
 */
export function prepareInChild<T>(): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1]!, process.argv.slice(2), {
      env: { ...process.env, [PREPARE_ROLE]: "1" },
      execArgv: process.execArgv,
      stdio: "inherit",
    });
    let answer: { value: T } | null = null;
    child.once("message", (value) => {
      answer = { value: value as T };
      // Let it go only now that the answer is here: its exit cannot overtake its message.
      child.disconnect();
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0 && answer) resolve(answer.value);
      else reject(new ReportedFailure(`preparing the database failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** In the preparing process: send the primary its answer, then exit once it has it. */
export function answerPrimary(value: unknown): void {
  process.once("disconnect", () => process.exit(0));
  process.send!(value);
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
