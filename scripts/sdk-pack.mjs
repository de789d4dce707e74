// npm run sdk:pack [-- out-dir]: builds @nusapay/node (lib/sdk-node) and @nusapay/js (lib/sdk,
// the same source /v1/sdk.js is bundled from) into installable tarballs in dist/sdk/ and prints
// their paths. Each package is one bundle with no dependencies (ESM and CJS) plus the .d.ts
// tsc writes for its sources; packages/<name>/ holds its package.json and README.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.resolve(process.argv[2] ?? path.join(ROOT, "dist/sdk"));
fs.mkdirSync(OUT, { recursive: true });
// A folder of its own, removed at the end: OUT may be any directory, and its own build/ is not ours.
const WORK = fs.mkdtempSync(path.join(OUT, ".sdk-pack-"));
const PACKAGES = [
  { dir: "node", entry: "lib/sdk-node/index.ts", platform: "neutral", target: "es2022" },
  { dir: "js", entry: "lib/sdk/index.ts", platform: "browser", target: "es2020" },
];

// Declarations of both entries and what they import, in one tsc run (the slow step).
const TYPES = path.join(WORK, "types");
const tsconfig = path.join(WORK, "tsconfig.json");
fs.writeFileSync(
  tsconfig,
  JSON.stringify({
    extends: path.join(ROOT, "tsconfig.json"),
    compilerOptions: {
      noEmit: false,
      declaration: true,
      emitDeclarationOnly: true,
      incremental: false,
      plugins: [],
      rootDir: ROOT,
      outDir: TYPES,
      baseUrl: ROOT,
    },
    files: PACKAGES.map((p) => path.join(ROOT, p.entry)),
    include: [],
  }),
);
execFileSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", tsconfig], {
  stdio: "inherit",
});

const tarballs = [];
for (const pkg of PACKAGES) {
  const dir = path.join(WORK, pkg.dir);
  for (const [format, file] of [
    ["esm", "index.js"],
    ["cjs", "index.cjs"],
  ])
    await build({
      entryPoints: [path.join(ROOT, pkg.entry)],
      outfile: path.join(dir, "dist", file),
      bundle: true,
      // Nothing is external: a package or Node built-in in the sources fails the build here.
      platform: pkg.platform,
      mainFields: ["module", "main"],
      target: pkg.target,
      format,
      tsconfig: path.join(ROOT, "tsconfig.json"),
      logLevel: "warning",
    });
  copyTypes(path.join(TYPES, pkg.entry.replace(/\.ts$/, ".d.ts")), dir);
  // package.json, README.md and, for @nusapay/node, the README's runnable example.
  for (const f of fs.readdirSync(path.join(ROOT, "packages", pkg.dir)))
    fs.copyFileSync(path.join(ROOT, "packages", pkg.dir, f), path.join(dir, f));
  const name = execFileSync("npm", ["pack", "--silent", "--pack-destination", OUT], { cwd: dir, encoding: "utf8" })
    .trim()
    .split("\n")
    .at(-1);
  tarballs.push(path.join(OUT, name));
}
fs.rmSync(WORK, { recursive: true, force: true });
for (const t of tarballs) console.log(t);

/** Copy a declaration and everything it imports into the package, `@/x` made relative. */
function copyTypes(entry, pkgDir, seen = new Set()) {
  if (seen.has(entry)) return;
  seen.add(entry);
  const rel = path.relative(TYPES, entry);
  const target = path.join(pkgDir, "types", rel);
  const text = fs.readFileSync(entry, "utf8");
  const deps = [];
  const rewritten = text.replace(/(from\s+|import\()"([^"]+)"/g, (all, lead, spec) => {
    let abs;
    if (spec.startsWith("@/")) abs = path.join(TYPES, spec.slice(2));
    else if (spec.startsWith(".")) abs = path.resolve(path.dirname(entry), spec);
    else throw new Error(`${rel} imports ${spec}: the package must not need it`);
    deps.push(`${abs}.d.ts`);
    let r = path.relative(path.dirname(entry), abs);
    if (!r.startsWith(".")) r = `./${r}`;
    return `${lead}"${r}.js"`;
  });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, rewritten);
  for (const d of deps) copyTypes(d, pkgDir, seen);
}
