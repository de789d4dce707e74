import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "@/lib/api/env";

/**
 * The API reference page at /docs: Scalar's standalone bundle from node_modules (never a CDN),
 * reading /openapi.json from the same origin, under a strict CSP.
 *
 * What the bundle needs, and what it gets: its scripts run by nonce (three same-origin files,
 * no inline script); it injects its stylesheet as a `<style>` element at run time, which a
 * nonce-only `style-src` would block, so /docs/init.js hands the page's nonce to every `<style>`
 * element the page creates (the nonce is read from the script's own tag; the bundle has no
 * option for it). Inline `style=""` attributes stay forbidden; Vue sets styles through the CSSOM,
 * which CSP does not restrict. Fonts, telemetry and Scalar's proxy and cloud are off: the page
 * talks only to its own origin (connect-src 'self').
 */
export function mountDocs(app: OpenAPIHono<ApiEnv>): void {
  let bundle: string | null = null;
  const load = () => (bundle ??= fs.readFileSync(standalonePath(), "utf8"));

  app.get("/docs", (c) => {
    const nonce = randomBytes(16).toString("base64");
    for (const [k, v] of Object.entries(docsHeaders(nonce))) c.header(k, v);
    return c.html(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Nusapay API reference</title>
</head>
<body>
<div id="api-reference"></div>
<script nonce="${nonce}" src="/docs/init.js"></script>
<script nonce="${nonce}" src="/docs/scalar.js"></script>
<script nonce="${nonce}" src="/docs/mount.js"></script>
</body>
</html>`);
  });
  app.get("/docs/", (c) => c.redirect("/docs", 301));
  app.get("/docs/init.js", (c) => c.body(INIT_JS, 200, script()));
  app.get("/docs/mount.js", (c) => c.body(MOUNT_JS, 200, script()));
  app.get("/docs/scalar.js", (c) => c.body(load(), 200, script("public, max-age=3600")));
}

function script(cache = "no-cache"): Record<string, string> {
  return {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": cache,
    "X-Content-Type-Options": "nosniff",
  };
}

/** The checkout's policy (lib/checkout/security-headers.ts), with a nonce for the bundle's `<style>` elements. */
export function docsHeaders(nonce: string): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
  };
}

/** The standalone bundle is not in the package's exports: found beside its main entry. */
function standalonePath(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve("@scalar/api-reference");
  return path.join(path.dirname(main), "browser", "standalone.js");
}

// Runs before the bundle: every <style> the page creates carries the nonce of this script's tag.
const INIT_JS = `(() => {
  const nonce = document.currentScript && document.currentScript.nonce;
  if (!nonce) return;
  const create = Document.prototype.createElement;
  Document.prototype.createElement = function (name, options) {
    const el = create.call(this, name, options);
    if (String(name).toLowerCase() === "style") el.nonce = nonce;
    return el;
  };
})();
`;

const MOUNT_JS = `Scalar.createApiReference("#api-reference", ${JSON.stringify({
  url: "/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  documentDownloadType: "json",
  proxyUrl: "",
  defaultOpenAllTags: false,
})});
`;
