// `npm test`: lint (the import direction included), the production build, then every suite against it — unit, API on PGlite and
// PostgreSQL, and (when present) the Playwright end-to-end specs in Chromium.
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

run("npm", ["run", "lint"]);
run("npm", ["run", "build"]);
run("npx", ["vitest", "run"]);
if (fs.existsSync("playwright.config.ts")) run("npx", ["playwright", "test"]);
