/**
 * The production server (dist/server.js + the .next build) as a child process: the one way the
 * API suite (tests/support/server.ts), the browser suite (e2e/support/server.ts), the screenshot
 * script and the benchmarks (through bench/kit.ts, which scripts/bench.mjs bundles) start it.
 * No vitest or Playwright import here, so every one of them can load it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { SnapCredentials } from "@/lib/clients/gateway-client";
import type { SandboxCredentials } from "@/lib/gateway/sandbox/seed";

/** The project: the nearest folder up with a package.json (this file may run bundled, from dist/). */
export const ROOT = projectRoot(import.meta.dirname);

function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (dir === path.dirname(dir)) throw new Error(`no package.json above ${from}`);
  }
}

/** A loaded machine may need longer to start PGlite; TEST_SERVER_START_MS raises the limit. */
export const START_MS = Number(process.env.TEST_SERVER_START_MS ?? 150_000);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

export interface SpawnOptions {
  /** PostgreSQL when given; PGlite in the data dir otherwise. */
  databaseUrl?: string;
  /** Reuse a data dir (a restart); a fresh temp dir otherwise. */
  dataDir?: string;
  /** Laid over the defaults below (and over the caller's own environment). */
  env?: Record<string, string>;
  /** PUBLIC_BASE_URL = the address it listens on: a browser then stays on one host for links and cookies. */
  ownBaseUrl?: boolean;
  nodeArgs?: string[];
  /** Another checkout's production build to run (the bench's filing-day baseline); this project by default. */
  root?: string;
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** This process's output (stdout and stderr); a file, so another process can read it too. */
  logFile: string;
  child: ChildProcess;
  logs(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Start dist/server.js on a free port with a fresh (or the given) data dir; does not wait. */
export async function spawnServer(opts: SpawnOptions = {}): Promise<ServerProcess> {
  const root = opts.root ?? ROOT;
  if (!fs.existsSync(path.join(root, "dist/server.js")) || !fs.existsSync(path.join(root, ".next/BUILD_ID"))) {
    throw new Error(
      opts.root ? `no production build in ${root}` : "no production build: run `npm run build` first (npm test does)",
    );
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-data-"));
  // One file per process: a restart on the same data dir starts a log of its own.
  const logFile = path.join(dataDir, `server-${port}.log`);
  const out = fs.openSync(logFile, "a");
  // The V8 flags `npm start` gives the server (lib/server/node-flags.json), so tests and the bench run what
  // ships; another checkout's build from before that file ran with none.
  const flagsFile = path.join(root, "lib/server/node-flags.json");
  const nodeFlags =
    opts.root && !fs.existsSync(flagsFile) ? [] : (JSON.parse(fs.readFileSync(flagsFile, "utf8")) as string[]);
  const child = spawn(process.execPath, [...nodeFlags, ...(opts.nodeArgs ?? []), "dist/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl ?? "",
      ...(opts.ownBaseUrl ? { PUBLIC_BASE_URL: baseUrl } : {}),
      LOG_LEVEL: "info",
      // One server process unless the caller asks for more (on PostgreSQL the default is one per core).
      WEB_CONCURRENCY: "1",
      ...opts.env,
    },
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out); // the child holds its own copy
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    baseUrl,
    port,
    dataDir,
    databaseUrl: opts.databaseUrl,
    logFile,
    child,
    logs: () => fs.readFileSync(logFile, "utf8"),
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
      if ((await fetch(`${proc.baseUrl}/api/health`)).ok) return;
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

export interface StartedServer extends ServerProcess {
  /** What the server seeded on first start: the sandbox partners and demo links. */
  credentials: SandboxCredentials;
  /** The checkout's own SNAP client. */
  checkout: SnapCredentials;
}

/** Start the production server and wait until it answers; with the credentials it seeded. */
export async function startProductionServer(opts: SpawnOptions = {}): Promise<StartedServer> {
  const proc = await spawnServer(opts);
  await waitHealthy(proc);
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(proc.dataDir, file), "utf8"));
  return {
    ...proc,
    credentials: read("sandbox-credentials.json") as SandboxCredentials,
    checkout: read("checkout-client.json") as SnapCredentials,
  };
}
