// How dist/server.js is bundled (scripts/build-server.mjs), and checked (lib/server/entry.test.ts).
// With splitting, what the entry loads with `import()` (the serving code, the database's) is a
// chunk of its own, and the packages it imports load only when it does: the cluster's primary
// and the process that prepares the database never load Next (lib/server/main.ts).
export const SERVER_BUNDLE = {
  entryPoints: { server: "lib/server/main.ts" },
  outdir: "dist",
  chunkNames: "server-chunk-[hash]",
  bundle: true,
  splitting: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
};
