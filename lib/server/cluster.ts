import { fork, type ChildProcess } from "node:child_process";
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

/** That process while it runs: the primary's SIGTERM or SIGINT is passed to it (runPrimary). */
let preparing: ChildProcess | null = null;

/**
 * Is this the process a primary started to prepare the database? Only a process forked with
 * an IPC channel, never a cluster worker: the variable in an operator's environment, which
 * the workers inherit, changes nothing for them.
 */
export function isPrepareProcess(): boolean {
  return process.env[PREPARE_ROLE] === "1" && cluster.isPrimary && typeof process.send === "function";
}

/**
 * The preparation failed or was stopped. `reported`: the preparing process has written why
 * (its refusal or fault, on the primary's stderr), so the primary only exits.
 */
export class PrepareFailure extends Error {
  constructor(
    message: string,
    readonly reported: boolean,
  ) {
    super(message);
  }
}

/**
 * The primary's preparation (migrations and the sandbox seed) runs in a process of its own,
 * the server's entry with PREPARE_ROLE set, which sends one message and exits. The database
 * driver, the migrations and the seed are loaded there and leave with it, so the primary stays
 * a small process that forks and watches (docs/live-events.md, "Several processes"). Its
 * stdout and stderr are the primary's: a refusal is printed once, by it. A SIGTERM or SIGINT
 * that reaches the primary meanwhile stops the preparation too (runPrimary).
 */
export function prepareInChild<T>(): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1]!, process.argv.slice(2), {
      env: { ...process.env, [PREPARE_ROLE]: "1" },
      // Its own inspector port, if any, is not the primary's.
      execArgv: process.execArgv.filter((arg) => !arg.startsWith("--inspect")),
      stdio: "inherit",
    });
    preparing = child;
    let answer: { value: T } | null = null;
    child.once("message", (value) => {
      answer = { value: value as T };
      // Let it go only now that the answer is here: its exit cannot overtake its message.
      child.disconnect();
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      preparing = null;
      if (code === 0 && answer) resolve(answer.value);
      // Exit 1 is the entry's own, after writing why (lib/server/main.ts).
      else if (code === 1) reject(new PrepareFailure("preparing the database failed", true));
      else reject(new PrepareFailure(`the process preparing the database ended (${signal ?? `exit ${code}`})`, false));
    });
  });
}

/**
 * In the preparing process: run `prepare`, send the primary its answer, and exit once the
 * primary has it. If the primary goes first (killed, crashed), this stops where it is, with
 * exit 1: nothing half-done is left by that, migrations and the seed each run in a
 * transaction, and the next start prepares again.
 */
export async function prepareForPrimary(prepare: () => Promise<unknown>): Promise<void> {
  let sent = false;
  process.once("disconnect", () => process.exit(sent ? 0 : 1));
  // A disconnect while the entry was still loading went by with no one listening.
  if (!process.connected) process.exit(1);
  const value = await prepare();
  if (!process.connected) process.exit(1);
  sent = true;
  process.send!(value, (err: Error | null) => {
    if (err) process.exit(1);
  });
}

export interface PrimaryOptions<P> {
  count: number;
  /** Runs once before any worker starts: migrations and the sandbox seed, so workers do not race on them. */
  prepare(): Promise<P>;
  /** Once every worker listens, with what `prepare` answered. */
  ready(port: number, prepared: P): void;
  log(msg: string, extra?: Record<string, unknown>): void;
}

/** The primary: prepares, forks, replaces a worker that dies, and passes SIGTERM/SIGINT on. */
export async function runPrimary<P>(opts: PrimaryOptions<P>): Promise<void> {
  let closing = false;
  // Listening from the start: until a process listens for a signal, the signal kills it
  // outright, which would leave the preparing process to finish on its own.
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    opts.log(`${signal}: stopping the server processes`);
    // Still preparing: stop that; its end ends the start (prepareInChild rejects, exit 1).
    if (preparing) {
      preparing.kill(signal);
      return;
    }
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  const prepared = await opts.prepare();
  if (closing) process.exit(0); // stopped while the preparation was finishing: nothing to stop
  let listening = 0;
  const crashes: number[] = [];
  const fork = () => cluster.fork({ NUSAPAY_PROCESSES: String(opts.count) });

  cluster.on("listening", (_worker, address) => {
    if (++listening === opts.count) opts.ready(address.port, prepared);
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
    setTimeout(() => {
      if (!closing) fork(); // a stop that came meanwhile must not meet a new worker
    }, 1_000);
  });
  for (let i = 0; i < opts.count; i++) fork();
}
