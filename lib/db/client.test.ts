import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { initPgliteDir, openDatabase, PGLITE_SHARED_BUFFERS } from "./client";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-pglite-init-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("a new PGlite database is made by a child process", () => {
  it("makes the database in a staging directory and moves it into place; a leftover staging directory is replaced", async () => {
    const dir = path.join(root, "a", "pglite");
    fs.mkdirSync(dir, { recursive: true });
    // What a crash during an earlier first start leaves behind.
    fs.mkdirSync(`${dir}.init`);
    fs.writeFileSync(`${dir}.init/PG_VERSION`, "half\n");
    fs.writeFileSync(`${dir}.init/junk`, "x");

    await initPgliteDir(dir);

    expect(fs.readFileSync(path.join(dir, "PG_VERSION"), "utf8").trim()).toMatch(/^\d+$/);
    expect(fs.existsSync(path.join(dir, "junk"))).toBe(false);
    expect(fs.existsSync(`${dir}.init`)).toBe(false);
    const before = fs.statSync(path.join(dir, "PG_VERSION")).mtimeMs;
    await initPgliteDir(dir); // an existing database is left as it is
    expect(fs.statSync(path.join(dir, "PG_VERSION")).mtimeMs).toBe(before);
  }, 120_000);

  it("a directory with files but no database is not touched", async () => {
    const dir = path.join(root, "b", "pglite");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "notes.txt"), "mine");
    await initPgliteDir(dir);
    expect(fs.readdirSync(dir)).toEqual(["notes.txt"]);
    expect(fs.existsSync(`${dir}.init`)).toBe(false);
  });

  it("a symlinked directory is left to PGlite, as before (no staging directory beside it)", async () => {
    const target = path.join(root, "volume");
    fs.mkdirSync(target);
    fs.mkdirSync(path.join(root, "d"));
    fs.symlinkSync(target, path.join(root, "d", "pglite"));
    await initPgliteDir(path.join(root, "d", "pglite"));
    expect(fs.existsSync(path.join(root, "d", "pglite.init"))).toBe(false);
    expect(fs.lstatSync(path.join(root, "d", "pglite")).isSymbolicLink()).toBe(true);
    expect(fs.readdirSync(target)).toEqual([]);
  });

  it("a child that does not finish in time is stopped, and nothing is moved into place", async () => {
    const dir = path.join(root, "e", "pglite");
    fs.mkdirSync(dir, { recursive: true });
    await expect(initPgliteDir(dir, 50)).rejects.toThrow(/creating the PGlite database in .*pglite\.init failed/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("the server's open on a new data directory gets a working, migrated database", async () => {
    const dataDir = path.join(root, "c");
    fs.mkdirSync(dataDir);
    const database = await openDatabase({ dataDir });
    try {
      const { rows } = (await database.db.execute("select count(*)::int as n from payment_links")) as unknown as {
        rows: { n: number }[];
      };
      expect(rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "pglite.init"))).toBe(false);
  }, 120_000);

  it("opens PGlite with a 32 MB page cache, on the command line: the directory's postgresql.conf stays initdb's", async () => {
    const dataDir = path.join(root, "f");
    fs.mkdirSync(dataDir);
    const conf = () => fs.readFileSync(path.join(dataDir, "pglite", "postgresql.conf"), "utf8");
    for (let open = 0; open < 2; open++) {
      const database = await openDatabase({ dataDir });
      try {
        const { rows } = (await database.db.execute("show shared_buffers")) as unknown as {
          rows: { shared_buffers: string }[];
        };
        expect(rows[0]!.shared_buffers).toBe("32MB");
        expect(rows[0]!.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
      } finally {
        await database.close();
      }
      // initdb's file, whole: its page cache size and its locale settings are still there.
      expect(conf()).toMatch(/^shared_buffers = 128MB/m);
      expect(conf()).toMatch(/^datestyle = /m);
    }
  }, 120_000);
});
