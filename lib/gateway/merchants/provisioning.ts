import { randomBytes, createPublicKey } from "node:crypto";
import { isUniqueViolation, type Executor } from "@/lib/db/client";
import type { GatewayContext } from "@/lib/gateway/context";
import { insertConsoleUser, prepareConsoleUser } from "./console-users";
import { BASE_URL_RULE, isBaseUrl } from "@/lib/contract/common";
import { publicInProduction } from "./callback-targets";
import { createPartner, getPartner } from "./partners";

/** The channel id the sandbox gives its merchants (CHANNEL-ID header); a real deployment assigns its own. */
export const SANDBOX_CHANNEL_ID = "95221";

/**
 * Partners of a production gateway (`npm run partners -- add …`): the partner keeps its RSA
 * private key and gives us the public half; we answer its client key and client secret (and
 * a merchant's `sk_` secret key) once. Only sealed or hashed forms are stored, so they can
 * never be shown again: a lost secret means a new partner.
 */
export class ProvisioningError extends Error {
  override name = "ProvisioningError";
}

export interface NewPartner {
  kind: "merchant" | "acquirer";
  name: string;
  publicKeyPem: string;
  city?: string | undefined;
  callbackBaseUrl?: string | undefined;
}

export interface ProvisionedPartner {
  partnerId: string;
  clientKey: string;
  clientSecret: string;
  secretKey?: string;
}

export async function provisionPartner(
  ctx: GatewayContext,
  tx: Executor,
  input: NewPartner,
): Promise<ProvisionedPartner> {
  const name = input.name.trim();
  if (!name || name.length > 100) throw new ProvisioningError("--name: 1 to 100 characters");
  const publicKeyPem = checkPublicKey(input.publicKeyPem);
  const callbackBaseUrl =
    input.callbackBaseUrl === undefined ? null : await checkCallbackBase(ctx, input.callbackBaseUrl);
  if (callbackBaseUrl && input.kind !== "merchant")
    throw new ProvisioningError("--callback-base-url: only merchants receive callbacks");
  const secretKey =
    input.kind === "merchant"
      ? `${ctx.config.mode === "production" ? "sk_live_" : "sk_test_"}${randomBytes(24).toString("base64url")}`
      : undefined;
  const created = await createPartner(ctx, tx, {
    kind: input.kind,
    name,
    ...(input.city ? { city: input.city } : {}),
    publicKeyPem,
    channelId: SANDBOX_CHANNEL_ID,
    ...(secretKey ? { secretKey } : {}),
    callbackBaseUrl,
  });
  return {
    partnerId: created.id,
    clientKey: created.clientKey,
    clientSecret: created.clientSecret,
    ...(secretKey ? { secretKey } : {}),
  };
}

/** A console user's login: the password is shown this once; only its hash is stored. */
export interface ProvisionedUser {
  email: string;
  password: string;
}

/**
 * A console user of a merchant (`npm run partners -- add user`). The password is hashed before
 * the transaction (scrypt takes a few hundred ms); the email is unique across merchants, as
 * sign-in finds the user by it alone.
 */
export async function provisionConsoleUser(
  ctx: GatewayContext,
  input: { merchantId: string; email: string },
): Promise<ProvisionedUser> {
  const email = input.email.trim();
  if (email.length > 255 || !/^[^\s@]+@[^\s@]+$/.test(email))
    throw new ProvisioningError("--email: an email address of at most 255 characters");
  const merchant = await getPartner(ctx, input.merchantId);
  if (!merchant || merchant.kind !== "merchant")
    throw new ProvisioningError(`--merchant: no merchant ${input.merchantId}`);
  const { row, login } = await prepareConsoleUser(email);
  try {
    await insertConsoleUser(ctx.db, merchant.id, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ProvisioningError(`--email: a console user ${login.email} exists already`);
    throw err;
  }
  return login;
}

/** An RSA public key of at least 2048 bits, as SPKI PEM. A private key is refused: it must never leave the partner. */
function checkPublicKey(pem: string): string {
  if (/PRIVATE KEY-----/.test(pem))
    throw new ProvisioningError(
      "--public-key: this is a PRIVATE key; give the public half (openssl rsa -in key.pem -pubout)",
    );
  let key;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new ProvisioningError("--public-key: not a PEM public key");
  }
  if (key.asymmetricKeyType !== "rsa")
    throw new ProvisioningError(
      `--public-key: an RSA key is required (SNAP signs with SHA256withRSA), got ${key.asymmetricKeyType ?? "unknown"}`,
    );
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 2048) throw new ProvisioningError(`--public-key: at least 2048 bits, got ${bits}`);
  return key.export({ type: "spki", format: "pem" }).toString();
}

async function checkCallbackBase(ctx: GatewayContext, value: string): Promise<string> {
  if (!isBaseUrl(value)) throw new ProvisioningError(`--callback-base-url: ${BASE_URL_RULE}`);
  const url = new URL(value);
  const allowed = ctx.config.mode === "production" ? ["https:"] : ["https:", "http:"];
  if (!allowed.includes(url.protocol))
    throw new ProvisioningError(`--callback-base-url: must be ${allowed.join(" or ")} in ${ctx.config.mode}`);
  const clean = url.toString().replace(/\/+$/, "");
  if (!(await publicInProduction(ctx, clean, "provisioning")))
    throw new ProvisioningError("--callback-base-url: only public addresses are accepted in production");
  return clean;
}
