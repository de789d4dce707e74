import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./production-server";

/**
 * A throwaway PostgreSQL cluster in a temp dir, for the storage tests. The server binaries
 * refuse to run as root, so as root they run as the `postgres` user.
 */
export interface Cluster {
  url(database: string): string;
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

function findBin(name: string): string {
  const dirs = [
    process.env.PG_BIN,
    "/usr/local/bin",
    "/usr/lib/postgresql/15/bin",
    "/usr/lib/postgresql/16/bin",
    "/usr/lib/postgresql/17/bin",
  ];
  for (const dir of dirs) if (dir && fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  throw new Error(`PostgreSQL binary ${name} not found (set PG_BIN); the storage tests need a real server`);
}

export async function startCluster(): Promise<Cluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-pg-"));
  const dataDir = path.join(dir, "data");
  const run = (bin: string, args: string[]) => {
    const cmd = asRoot ? "runuser" : bin;
    const argv = asRoot ? ["-u", "postgres", "--", bin, ...args] : args;
    const r = spawnSync(cmd, argv, { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${bin} ${args.join(" ")} failed: ${r.stderr || r.stdout}`);
  };
  if (asRoot) {
    execFileSync("chown", ["-R", "postgres", dir]);
    fs.chmodSync(dir, 0o700);
  }
  run(findBin("initdb"), ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  run(findBin("pg_ctl"), [
    "-D",
    dataDir,
    "-l",
    path.join(dir, "server.log"),
    "-w",
    "-o",
    `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    "start",
  ]);
  const url = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  return {
    url,
    async createDatabase(name) {
      const pg = await import("pg");
      const client = new pg.default.Client({ connectionString: url("postgres") });
      await client.connect();
      await client.query(`create database "${name}"`);
      await client.end();
      return url(name);
    },
    stop() {
      try {
        run(findBin("pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
