// Bundles the process entry (lib/server/main.ts) for production. Dependencies stay
// external: they are resolved from node_modules at run time.
import { build } from "esbuild";
import fs from "node:fs";

await build({
  entryPoints: { server: "lib/server/main.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
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
