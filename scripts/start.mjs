// `npm start`: build when there is no production build, or when a source file is newer than
// the one there (after a pull, a checkout or an edit), then serve.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What the production build is made of (see `npm run build`). */
const SOURCES = [
  "app",
  "components",
  "lib",
  "messages",
  "i18n",
  "public",
  "proxy.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "package-lock.json",
  "scripts/build-server.mjs",
  "scripts/server-bundle.mjs",
  "scripts/build-css.mjs",
];

function newestSource() {
  let newest = { mtimeMs: 0, file: "" };
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return; // not in this checkout
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (!name.startsWith(".")) visit(path.join(p, name));
    } else if (st.mtimeMs > newest.mtimeMs && !/\.test\.tsx?$/.test(p)) {
      newest = { mtimeMs: st.mtimeMs, file: p };
    }
  };
  SOURCES.forEach(visit);
  return newest;
}

function builtAt() {
  try {
    return Math.min(fs.statSync(".next/BUILD_ID").mtimeMs, fs.statSync("dist/server.js").mtimeMs);
  } catch {
    return null;
  }
}

const built = builtAt();
const newest = built === null ? null : newestSource();
if (built === null || newest.mtimeMs > built) {
  console.log(
    built === null
      ? "No production build yet: running `npm run build`…"
      : `${newest.file} changed since the last build: running \`npm run build\`…`,
  );
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// V8 flags of every server process (lib/server/node-flags.json; docs/live-events.md says why).
const nodeFlags = JSON.parse(fs.readFileSync("lib/server/node-flags.json", "utf8"));
const child = spawn(process.execPath, ["--enable-source-maps", ...nodeFlags, "dist/server.js"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
