import "@/lib/server-only";
import fs from "node:fs";
import path from "node:path";

/** The payer's page's script: its entry chunk and the chunks it imports (scripts/build-islands.mjs). */
export interface IslandsManifest {
  entry: string;
  preload: string[];
}

let cached: IslandsManifest | null | undefined;

/**
 * Read once per process: the build writes it, nothing changes it while the server runs. Null
 * under `next dev` (`npm run dev`), even when an earlier production build left a manifest: there
 * Next ignores `unstable_runtimeJS` and hydrates the whole page with React, which runs the same
 * components, and the islands' runtime on top would hydrate them a second time.
 */
export function islandsManifest(): IslandsManifest | null {
  if (cached !== undefined) return cached;
  if (process.env.NODE_ENV !== "production") return (cached = null);
  const file = path.join(process.cwd(), ".next/islands-manifest.json");
  cached = JSON.parse(fs.readFileSync(file, "utf8")) as IslandsManifest;
  return cached;
}
