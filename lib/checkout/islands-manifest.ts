import "@/lib/server-only";
import fs from "node:fs";
import path from "node:path";

/** The payer's page's script: its entry chunk and the chunks it imports (scripts/build-islands.mjs). */
export interface IslandsManifest {
  entry: string;
  preload: string[];
}

let cached: IslandsManifest | null = null;

/** Read once per process: the build writes it, nothing changes it while the server runs. */
export function islandsManifest(): IslandsManifest {
  cached ??= JSON.parse(
    fs.readFileSync(path.join(process.cwd(), ".next/islands-manifest.json"), "utf8"),
  ) as IslandsManifest;
  return cached;
}
