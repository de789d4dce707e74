import "@/lib/server-only";
import fs from "node:fs";
import { config } from "@/lib/config";

/**
 * The console's server speaks to the gateway as the hosted front end when it signs a
 * browser in: its sk_ key (from the hosted client's credentials file, the same one the
 * checkout uses) lets it name the browser's address for the sign-in limit (docs/console.md).
 */
let cached: { file: string; secretKey: string } | null = null;

export function frontendSecretKey(): string | null {
  const file = config().checkoutCredentialsFile;
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
