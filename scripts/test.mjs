// `npm test`: lint (the import direction included), the production build, the OpenAPI lint, then every suite against it — unit, API on PGlite and
// PostgreSQL, and (when present) the Playwright end-to-end specs in Chromium. Last, the check that all of it left the
// working tree as it found it: tests write only to ignored or temporary places (docs/screenshots is `npm run screenshots`).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";

function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}

/** What git sees of the tree: changed and untracked paths, and the content of every change. Null outside a clone. */
function treeState() {
  const git = (...args) => spawnSync("git", args, { encoding: "buffer", maxBuffer: 1 << 30 });
  const status = git("status", "--porcelain=v1", "-z", "--untracked-files=all");
  if (status.status !== 0) return null;
  const diff = git("diff", "HEAD", "--binary");
  return {
    paths: status.stdout.toString("utf8").split("\0").filter(Boolean),
    digest: createHash("sha256").update(diff.stdout).digest("hex"),
  };
}

const before = treeState();
run("npm", ["run", "lint"]);
run("npm", ["run", "build"]);
run("npm", ["run", "lint:api"]);
run("npx", ["vitest", "run"]);
if (fs.existsSync("playwright.config.ts")) run("npx", ["playwright", "test"]);

const after = treeState();
if (before && after) {
  const changed = after.paths.filter((p) => !before.paths.includes(p));
  if (changed.length > 0 || after.digest !== before.digest) {
    console.error(
      `\n✗ the tests changed the working tree (a test must not write tracked files):\n${(changed.length ? changed : after.paths).map((p) => `  ${p}`).join("\n")}`,
    );
    process.exit(1);
  }
}
