/**
 * Marks a module as server code: it holds or reaches secrets (signing keys, the vault, the
 * database) and must never be bundled for a browser. The `server-only` package did this at
 * build time, but Turbopack refuses it in the Pages Router, which renders the payer's page
 * (pages/pay/[paymentLinkId].tsx; issue 29). So the guard is two-fold: this module throws if it
 * ever runs in a browser, and the build fails if its words appear in any file it wrote for
 * browsers (scripts/build-islands.mjs scans .next/static and the islands' chunks).
 */
export const SERVER_ONLY_MARK = "nusapay:server-only-module";

if (typeof window !== "undefined") throw new Error(`${SERVER_ONLY_MARK} imported in a browser bundle`);
