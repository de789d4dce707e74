import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "@/lib/api/env";

/** GET /v1/sdk.js: the browser SDK (lib/sdk), bundled by `npm run build` into dist/sdk.js. */
export function mountSdk(app: OpenAPIHono<ApiEnv>): void {
  let cached: string | null = null;
  const load = () => {
    if (cached) return cached;
    const here = path.dirname(fileURLToPath(import.meta.url));
    for (const candidate of [path.join(here, "sdk.js"), path.resolve("dist/sdk.js")]) {
      if (fs.existsSync(candidate)) return (cached = fs.readFileSync(candidate, "utf8"));
    }
    return null;
  };
  app.get("/v1/sdk.js", (c) => {
    const js = load();
    if (!js) return c.text("// SDK not built: run npm run build", 404);
    return c.body(js, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Access-Control-Allow-Origin": "*",
      "Cache-Control": "public, max-age=300",
    });
  });
}
