import "@/lib/server-only";

/**
 * Guard: the database belongs to the gateway process. A browser bundle that pulls this in
 * is a bug, so fail loudly there; lib/server-only.ts's mark also fails the build of the payer's
 * islands if this is ever in them (scripts/build-islands.mjs).
 */
if (typeof window !== "undefined") {
  throw new Error("lib/db is server-only");
}
export {};
