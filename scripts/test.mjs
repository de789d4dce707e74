// `npm test`: lint (the import direction included), the production build, the OpenAPI lint, then every suite against it — unit, API on PGlite and
// PostgreSQL, and (when present) the Playwright end-to-end specs in Chromium. Last, the check that all of it left the
// working tree as it found it: tests write only to ignored or temporary places (docs/screenshots is `npm run screenshots`).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}

/**
 * What git sees of the tree: every changed, added, deleted or untracked path with the hash of its
 * content now ("deleted" for a path that is gone). Null outside a clone.
 */
function treeState() {
  const status = spawnSync("git", ["status", "--porcelain=v1", "-z", "--untracked-files=all"], { encoding: "utf8" });
  if (status.status !== 0) return null;
  const fields = status.stdout.split("\0");
  const paths = [];
  for (let i = 0; i < fields.length; i++) {
    if (!fields[i]) continue;
    paths.push(fields[i].slice(3));
    if (fields[i][0] === "R" || fields[i][0] === "C") i++; // a rename's second field is its old path
  }
  const present = paths.filter((p) => fs.existsSync(p));
  const hashes = spawnSync("git", ["hash-object", "--stdin-paths"], { input: present.join("\n"), encoding: "utf8" });
  const byPath = new Map(paths.map((p) => [p, "deleted"]));
  hashes.stdout
    .trim()
    .split("\n")
    .forEach((h, i) => present[i] !== undefined && byPath.set(present[i], h));
  return byPath;
}

const before = treeState();
run("npm", ["run", "lint"]);
run("npm", ["run", "build"]);
run("npm", ["run", "lint:api"]);
run("npx", ["vitest", "run"]);
if (fs.existsSync("playwright.config.ts")) run("npx", ["playwright", "test"]);

const after = treeState();
if (before && after) {
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((p) => before.get(p) !== after.get(p));
  if (changed.length > 0) {
    console.error(
      `\n✗ the tests changed the working tree (a test must not write tracked files):\n${changed.map((p) => `  ${p}`).join("\n")}`,
    );
    process.exit(1);
  }
}
