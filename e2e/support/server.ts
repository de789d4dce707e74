import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

export interface StartedServer {
  baseUrl: string;
  dataDir: string;
  logFile: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The real production server (dist/server.js + .next) on a free port with a fresh data dir,
 * as tests/support/server.ts does for the API suite; output goes to a log file so tests can
 * check what reached the logs.
 */
export async function startProductionServer(env: Record<string, string> = {}): Promise<StartedServer> {
  if (!fs.existsSync(path.join(ROOT, "dist/server.js")) || !fs.existsSync(path.join(ROOT, ".next/BUILD_ID"))) {
    throw new Error("no production build: run `npm run build` first (npm test does)");
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-e2e-"));
  const logFile = path.join(dataDir, "server.log");
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, ["dist/server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", log, log],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A loaded machine may need longer to start PGlite; TEST_SERVER_START_MS raises the limit.
  const deadline = Date.now() + Number(process.env.TEST_SERVER_START_MS ?? 150_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${fs.readFileSync(logFile, "utf8")}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${fs.readFileSync(logFile, "utf8")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    dataDir,
    logFile,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
