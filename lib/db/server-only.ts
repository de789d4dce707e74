/**
 * Guard: the database belongs to the gateway process. A browser bundle that pulls this in
 * is a bug, so fail loudly there. (The `server-only` package does the same for Next, but
 * the gateway is bundled by esbuild, not Next.)
 */
if (typeof window !== "undefined") {
  throw new Error("lib/db is server-only");
}
export {};
