// Provision partners of the gateway, with the server's own settings (DATA_DIR or
// DATABASE_URL, GATEWAY_MODE, GATEWAY_MASTER_KEY / _FILE):
//   npm run partners -- add merchant --name NAME --public-key FILE.pem [--city CITY] [--callback-base-url URL]
//   npm run partners -- add acquirer --name NAME --public-key FILE.pem
//   npm run partners -- add user --merchant PARTNER_ID --email EMAIL
//   npm run partners -- gateway-key     (the gateway's public key, for merchants to verify callbacks)
// Prints one JSON object with the new secrets: they are shown this once and never again.
// On PGlite the server must be stopped first (one process per data directory).
import fs from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig, StartupRefusal } from "@/lib/config";
import { inTransaction } from "@/lib/db/transaction";
import type { GatewayContext } from "@/lib/gateway/context";
import { provisionConsoleUser, provisionPartner, ProvisioningError } from "@/lib/gateway/merchants/provisioning";
import { createLogger } from "@/lib/log";
import { openGatewayDatabase } from "@/lib/server/boot";

const USAGE = `usage:
  npm run partners -- add merchant --name NAME --public-key FILE.pem [--city CITY] [--callback-base-url URL]
  npm run partners -- add acquirer --name NAME --public-key FILE.pem
  npm run partners -- add user --merchant PARTNER_ID --email EMAIL
  npm run partners -- gateway-key`;

function fail(message: string, code = 1): never {
  process.stderr.write(`partners: ${message}\n`);
  process.exit(code);
}

const { positionals, values } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        name: { type: "string" },
        "public-key": { type: "string" },
        city: { type: "string" },
        "callback-base-url": { type: "string" },
        merchant: { type: "string" },
        email: { type: "string" },
      },
    });
  } catch (err) {
    return fail(`${(err as Error).message}\n${USAGE}`, 2);
  }
})();
const [verb, kind] = positionals;
if (verb === "gateway-key" && positionals.length === 1) {
  try {
    const database = await openGatewayDatabase(loadConfig());
    process.stdout.write(database.vault.gatewayPublicKeyPem);
    await database.close();
    process.exit(0);
  } catch (err) {
    if (err instanceof StartupRefusal) fail(err.message);
    throw err;
  }
}
if (verb !== "add" || !kind || !["merchant", "acquirer", "user"].includes(kind) || positionals.length > 2)
  fail(USAGE, 2);

const addUser = kind === "user";
const required = addUser ? (["merchant", "email"] as const) : (["name", "public-key"] as const);
if (required.some((option) => !values[option]))
  fail(`${required.map((option) => `--${option}`).join(" and ")} are required\n${USAGE}`, 2);
let publicKeyPem = "";
if (!addUser) {
  try {
    publicKeyPem = fs.readFileSync(values["public-key"]!, "utf8");
  } catch (err) {
    fail(`--public-key: cannot read ${values["public-key"]} (${(err as NodeJS.ErrnoException).code ?? "error"})`);
  }
}

try {
  const config = loadConfig();
  const database = await openGatewayDatabase(config);
  try {
    const gw: GatewayContext = {
      db: database.db,
      dbKind: database.kind,
      config,
      vault: database.vault,
      log: createLogger("error", process.stderr),
      now: () => new Date(),
    };
    const created = addUser
      ? await provisionConsoleUser(gw, { merchantId: values.merchant!, email: values.email! })
      : await inTransaction(gw.db, (tx) =>
          provisionPartner(gw, tx, {
            kind: kind as "merchant" | "acquirer",
            name: values.name!,
            publicKeyPem,
            city: values.city,
            callbackBaseUrl: values["callback-base-url"],
          }),
        );
    process.stdout.write(`${JSON.stringify(created)}\n`);
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof StartupRefusal || err instanceof ProvisioningError) fail(err.message);
  throw err;
}
