import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { SERVER_BUNDLE } from "@/scripts/server-bundle.mjs";

/** The packages the entry may load before it knows its part: configuration and logging. */
const ENTRY_PACKAGES = new Set(["zod", "pino"]);

/** What `outputFile` loads as soon as it is loaded, followed through the build's own chunks. */
function loadedWith(metafile: Metafile, outputFile: string): { chunks: Set<string>; packages: Set<string> } {
  const chunks = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (chunks.has(file)) return;
    chunks.add(file);
    for (const imp of metafile.outputs[file]!.imports) {
      // What loads with the file: its imports, and its require() calls (the bundle defines `require`).
      if (imp.kind !== "import-statement" && imp.kind !== "require-call") continue;
      if (imp.external) packages.add(imp.path);
      else visit(imp.path);
    }
  };
  visit(outputFile);
  return { chunks, packages };
}

describe("the server's entry (dist/server.js)", () => {
  it("loads no serving code and no database driver until it knows it serves", { timeout: 60_000 }, async () => {
    const { metafile } = await build({ ...SERVER_BUNDLE, write: false, metafile: true, logLevel: "silent" });
    const entry = `${SERVER_BUNDLE.outdir}/server.js`;
    const { chunks, packages } = loadedWith(metafile, entry);
    // The cluster's primary runs only this: Next, Hono, drizzle and pg are not among it.
    const foreign = [...packages].filter((p) => !p.startsWith("node:") && !ENTRY_PACKAGES.has(p));
    expect(foreign).toEqual([]);
    // They are in the chunk the entry imports when it serves (and the check above is not
    // vacuous: the whole build does import them).
    const everything = Object.values(metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
    for (const p of ["next", "pg", "hono", "drizzle-orm"])
      expect(everything.some((i) => i === p || i.startsWith(`${p}/`))).toBe(true);
    const dynamic = metafile.outputs[entry]!.imports.filter((i) => i.kind === "dynamic-import").map((i) => i.path);
    expect(dynamic.length).toBeGreaterThan(0);
    for (const chunk of dynamic) expect(chunks.has(chunk)).toBe(false);
  });
});
