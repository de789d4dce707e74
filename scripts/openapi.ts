// Writes the gateway's OpenAPI document as the gateway serves it (GET /openapi.json of the
// same Hono app, built in-process: no database, no port). `npm run lint:api` lints this file.
//   tsx scripts/openapi.ts [out.json]
import fs from "node:fs";
import pino from "pino";
import { createApiApp } from "@/lib/api/app";
import type { GatewayContext } from "@/lib/gateway/context";
import { loadConfig } from "@/lib/config";

async function main(): Promise<void> {
  // Only the configuration is read while routes are mounted and the document is built.
  const gw = {
    config: loadConfig(),
    log: pino({ level: "silent" }),
    now: () => new Date(),
  } as unknown as GatewayContext;
  const res = await createApiApp(gw).request("/openapi.json");
  if (res.status !== 200) throw new Error(`/openapi.json answered ${res.status}`);
  const text = `${JSON.stringify(await res.json(), null, 2)}\n`;
  const out = process.argv[2];
  if (out) fs.writeFileSync(out, text);
  else process.stdout.write(text);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
