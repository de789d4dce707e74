// `npm start`: build once when no production build exists, then serve.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";

const built = fs.existsSync(".next/BUILD_ID") && fs.existsSync("dist/server.js");
if (!built) {
  console.log("No production build yet: running `npm run build` (once)…");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ["--enable-source-maps", "dist/server.js"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
