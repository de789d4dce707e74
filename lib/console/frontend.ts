import "server-only";
import fs from "node:fs";
import path from "node:path";

/**
 * The console's server speaks to the gateway as the hosted front end when it signs a
 * browser in: its sk_ key (from the hosted client's credentials file, the same one the
 * checkout uses) lets it name the browser's address for the sign-in limit (docs/console.md).
 */
let cached: { file: string; secretKey: string } | null = null;

function credentialsFile(): string {
  if (process.env.CHECKOUT_CREDENTIALS_FILE)
    return path.resolve(/*turbopackIgnore: true*/ process.env.CHECKOUT_CREDENTIALS_FILE);
  return path.join(
    /*turbopackIgnore: true*/ path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? ".data"),
    "checkout-client.json",
  );
}

export function frontendSecretKey(): string | null {
  const file = credentialsFile();
  if (cached?.file === file) return cached.secretKey;
  try {
    const { secretKey } = JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ file, "utf8")) as { secretKey?: string };
    if (!secretKey) return null;
    cached = { file, secretKey };
    return secretKey;
  } catch {
    return null;
  }
}

export function gatewayBaseUrl(): string {
  const url = process.env.GATEWAY_BASE_URL ?? `http://127.0.0.1:${process.env.PORT ?? "3000"}`;
  return url.replace(/\/+$/, "");
}
