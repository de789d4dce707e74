// Builds the payer's page's script (issue 29), after `next build`: the islands' runtime
// (components/checkout/islands/boot.ts) and every island, for Preact instead of React (the
// components are written for React; preact/compat runs them), as ES modules split into
// chunks, into .next/static/islands/, which the server serves at /_next/static/islands/ with
// the immutable caching of every built file. The page names its entry chunk and the chunks that
// one imports from .next/islands-manifest.json (lib/checkout/islands-manifest.ts).
//
// Each chunk starts with `//# allFunctionsCalledOnLoad` (Chromium's explicit compile hints):
// every function of these files runs at load, so V8 compiles them while they stream in, off
// the main thread (docs/benchmarks.md).
//
// Then the guard of lib/server-only.ts: the build fails if that module's mark is in any file
// written for browsers, ours or Next's.
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";

const OUT = ".next/static/islands";
const MANIFEST = ".next/islands-manifest.json";
const HINT = "//# allFunctionsCalledOnLoad";
const MARK = "nusapay:server-only-module";

fs.rmSync(OUT, { recursive: true, force: true });
const result = await build({
  entryPoints: { checkout: "components/checkout/islands/boot.ts" },
  outdir: OUT,
  entryNames: "[name]-[hash]",
  chunkNames: "[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  // The browsers Next 16 supports: module scripts, dynamic import, optional chaining.
  target: ["chrome111", "edge111", "firefox111", "safari16.4"],
  minify: true,
  legalComments: "none",
  jsx: "automatic",
  jsxImportSource: "preact",
  alias: {
    react: "preact/compat",
    "react-dom": "preact/compat",
    "react/jsx-runtime": "preact/jsx-runtime",
  },
  define: { "process.env.NODE_ENV": '"production"' },
  banner: { js: HINT },
  metafile: true,
  logLevel: "warning",
});

const url = (file) => `/_next/static/islands/${path.basename(file)}`;
const [entryFile, entry] =
  Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint) ??
  (() => {
    throw new Error("no entry chunk");
  })();
const manifest = {
  entry: url(entryFile),
  // Imported by the entry before it runs: preloaded beside it, so they do not wait for it.
  preload: entry.imports.filter((i) => i.kind === "import-statement").map((i) => url(i.path)),
};

const offenders = [];
const scan = (dir) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) scan(p);
    else if (e.name.endsWith(".js") && fs.readFileSync(p, "utf8").includes(MARK)) offenders.push(p);
  }
};
scan(".next/static");
if (offenders.length) {
  console.error(`server-only code in browser files (lib/server-only.ts):\n  ${offenders.join("\n  ")}`);
  // Nothing of this build may be served: no islands, no manifest, and no BUILD_ID, without
  // which the server refuses to start on it ("no production build").
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.rmSync(MANIFEST, { force: true });
  fs.rmSync(".next/BUILD_ID", { force: true });
  process.exit(1);
}
// Written last: a build that failed the scan has none, so the payer's page cannot name its chunks.
fs.writeFileSync(MANIFEST, JSON.stringify(manifest, null, 2) + "\n");
const sizes = Object.entries(result.metafile.outputs).map(
  ([f, o]) => `${path.basename(f)} ${(o.bytes / 1024).toFixed(1)} kB`,
);
console.log(`built ${OUT}: ${sizes.join(", ")}`);
