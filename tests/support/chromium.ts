import fs from "node:fs";

/**
 * How every browser of the project starts (Playwright, the screenshots, the bench's Lighthouse):
 * the system's Chromium, no sandbox (CI runs as root), and nothing that phones out. The flags live
 * in chromium.json so that the plain .mjs bench reads the same list.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS: readonly string[] = (
  JSON.parse(fs.readFileSync(new URL("./chromium.json", import.meta.url), "utf8")) as { args: string[] }
).args;
