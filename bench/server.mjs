// The production server (dist/server.js) as a child process, for the benchmarks.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Start `dist/server.js` on a free port with a fresh data dir (PGlite) or `databaseUrl`, and
 * wait for /api/health. Logs go to a file in the data dir (stdout of a benchmark stays clean).
 */
export async function startServer({ root, databaseUrl, env = {}, nodeArgs = [] }) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-bench-"));
  const logFile = path.join(dataDir, "server.log");
  const out = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, [...nodeArgs, "dist/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", out, out],
  });
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${fs.readFileSync(logFile, "utf8")}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not become healthy");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, "sandbox-credentials.json"), "utf8"));
  const checkout = JSON.parse(fs.readFileSync(path.join(dataDir, "checkout-client.json"), "utf8"));
  return {
    baseUrl,
    port,
    dataDir,
    databaseUrl,
    credentials,
    checkout,
    pid: child.pid,
    logs: () => fs.readFileSync(logFile, "utf8"),
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await exited;
      fs.closeSync(out);
      return code;
    },
  };
}
