// Bundles the process entry (lib/server/main.ts) for production. Dependencies stay
// external: they are resolved from node_modules at run time.
import { build } from "esbuild";
import fs from "node:fs";
import { SERVER_BUNDLE } from "./server-bundle.mjs";

// The chunks of the last build go first: their names change with their contents.
for (const name of fs.existsSync("dist") ? fs.readdirSync("dist") : [])
  if (name.startsWith("server-chunk-")) fs.rmSync(`dist/${name}`);
await build(SERVER_BUNDLE);
// The browser SDK, served at /v1/sdk.js for the hosted card page and merchants' pages.
await build({
  entryPoints: { sdk: "lib/sdk/index.ts" },
  outdir: "dist",
  bundle: true,
  platform: "browser",
  target: "es2020",
  format: "esm",
  minify: true,
  logLevel: "warning",
});
fs.cpSync("lib/db/migrations", "dist/migrations", { recursive: true });
console.log("built dist/server.js");
