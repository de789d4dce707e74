// bench/kit.ts (the TypeScript side: signing, the PostgreSQL cluster, the production server's
// start, the storage ceiling) bundled with esbuild into dist/bench-kit.mjs and imported, so the
// .mjs benchmarks start the server with the same code as the tests (tests/support/production-server.ts).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

export async function loadKit(root) {
  await build({
    entryPoints: [path.join(root, "bench/kit.ts")],
    outfile: path.join(root, "dist/bench-kit.mjs"),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    logLevel: "warning",
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return import(pathToFileURL(path.join(root, "dist/bench-kit.mjs")).href);
}
