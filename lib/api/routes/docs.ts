import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "@/lib/api/env";
import { contentSecurityPolicy, securityHeaders } from "@/lib/ui/security-headers";

/**
 * The API reference page at /docs: Scalar's standalone bundle from node_modules (never a CDN),
 * reading /openapi.json from the same origin, under a CSP like the checkout's.
 *
 * What the bundle needs, and what it gets: its two scripts are same-origin files run by nonce
 * (no inline script, no eval). Its styles are not: it injects style elements and style
 * attributes at run time, partly through innerHTML, with no way to give them a nonce, so this
 * page alone allows `style-src 'unsafe-inline'` (docs/api-reference.md). The page shows only our
 * own document, takes no input that reaches the DOM, and scripts stay nonce-only, so an injected
 * style could restyle the page but run nothing. Fonts are the system's (no font host), and
 * telemetry, the proxy and Scalar's cloud features are off: the page talks only to its origin.
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
<div id="reference"></div>
<script nonce="${nonce}" src="/docs/scalar.js"></script>
<script nonce="${nonce}" src="/docs/mount.js"></script>
</body>
</html>`);
  });
  app.get("/docs/", (c) => c.redirect("/docs", 301));
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

/** The checkout's headers and policy (lib/ui/security-headers.ts), with the bundle's needs (see above). */
export function docsHeaders(nonce: string): Record<string, string> {
  return securityHeaders(
    contentSecurityPolicy(nonce, { inlineStyles: true, blobWorkers: true, nonceOnlyScripts: true }),
  );
}

/** The standalone bundle is not in the package's exports: found beside its main entry. */
function standalonePath(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve("@scalar/api-reference");
  return path.join(path.dirname(main), "browser", "standalone.js");
}

/**
 * "Try it" sends from the browser, so it must send to the origin the page was opened at: the
 * document's server (PUBLIC_BASE_URL, `http://localhost:PORT` by default) is another origin for
 * a page opened at `127.0.0.1` or a LAN address, and the API answers no CORS for it (every Send
 * failed with "Failed to fetch"). The page overrides the servers with its own origin; the
 * document keeps PUBLIC_BASE_URL for generators, linters and code that reads it.
 */
const MOUNT_JS = `Scalar.createApiReference("#reference", Object.assign(${JSON.stringify({
  sources: [{ url: "/openapi.json", title: "Nusapay gateway", slug: "nusapay" }],
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  documentDownloadType: "json",
  proxyUrl: "",
  defaultOpenAllTags: true,
  // The system's fonts: the bundle's own @font-face rules point at fonts.scalar.com.
  customCss:
    ":root { --scalar-font: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, monospace; }",
})}, { servers: [{ url: location.origin, description: "This gateway (the origin this page was opened at)" }] }));
`;
