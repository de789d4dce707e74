import fs from "node:fs";
import type { GatewayContext } from "@/lib/gateway/context";
import type { PartnerCredentials, SandboxCredentials } from "./seed";

/**
 * The sandbox wallet provider's keys: the sandbox acquirer's, from the credentials file the seed
 * wrote. The gateway's own wallet page signs its notifications with them, so an approval takes
 * the path a real provider's does (POST /v1.0/debit/notify, its token and signature checked),
 * never a shortcut into the settlement. Null outside the sandbox or without the file.
 */
export function sandboxWalletProvider(ctx: GatewayContext): PartnerCredentials | null {
  if (ctx.config.walletProvider !== "sandbox") return null;
  try {
    const creds = JSON.parse(fs.readFileSync(ctx.config.sandboxCredentialsFile, "utf8")) as Partial<SandboxCredentials>;
    return creds.acquirer?.privateKeyPem ? creds.acquirer : null;
  } catch {
    return null;
  }
}
