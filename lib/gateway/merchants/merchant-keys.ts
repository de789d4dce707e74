import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Account, TestCallback } from "@/lib/contract/console";
import { partners } from "@/lib/db/schema";
import { CALLBACK_PATHS } from "@/lib/notify/outbox";
import { callbackHeaders } from "@/lib/notify/sign";
import { MAX_REPLY_BYTES, postToTarget } from "@/lib/notify/post";
import { resolveTarget } from "@/lib/notify/target";
import { sha256Hex } from "@/lib/snap/signing";
import { publicInProduction } from "./callback-targets";
import { sampleLinkCallbackBody } from "./sample-callback";
import type { GatewayContext } from "@/lib/gateway/context";
import { forgetPartner, getPartner, type Partner } from "./partners";
import { V1Error } from "@/lib/gateway/v1-error";

/** GET /v1/account: what the console's Developers page shows. No secret is ever in it. */
export async function accountOf(ctx: GatewayContext, partner: Partner): Promise<Account> {
  const [row] = await ctx.db.select().from(partners).where(eq(partners.id, partner.id)).limit(1);
  const now = ctx.now().getTime();
  const live = (d: Date | null | undefined) => (d && d.getTime() > now ? d.toISOString() : null);
  return {
    partnerId: partner.id,
    name: partner.name,
    clientKey: partner.clientKey,
    channelId: partner.channelId,
    gatewayPublicKeyPem: ctx.vault.gatewayPublicKeyPem,
    callbackBaseUrl: row?.callbackBaseUrl ?? null,
    timeZone: partner.timeZone,
    mode: ctx.config.mode,
    keyRotationGraceSeconds: ctx.config.keyRotationGraceSeconds,
    previousSecretKeyUntil: live(row?.previousSecretKeyUntil),
    previousClientSecretUntil: live(row?.previousClientSecretUntil),
  };
}

/**
 * A new `sk_` key, shown once (only its hash is stored). The key it replaces keeps working
 * for KEY_ROTATION_GRACE_SECONDS so running integrations can switch, then answers 401; a
 * second rotation inside the grace period ends the oldest key at once (two keys at most).
 */
export async function rotateSecretKey(
  ctx: GatewayContext,
  partner: Partner,
  /** The `sk_` key the caller presented (none for a console session): it must still be the current one. */
  presentedKey?: string,
): Promise<{ secretKey: string; previousKeyValidUntil: string }> {
  const secretKey = `sk_${ctx.config.mode === "production" ? "live" : "test"}_${randomBytes(24).toString("base64url")}`;
  const until = new Date(ctx.now().getTime() + ctx.config.keyRotationGraceSeconds * 1000);
  const rotated = await ctx.db
    .update(partners)
    .set({
      previousSecretKeyHash: sql`${partners.secretKeyHash}`,
      previousSecretKeyUntil: until,
      secretKeyHash: sha256Hex(secretKey),
    })
    .where(
      presentedKey === undefined
        ? eq(partners.id, partner.id)
        : and(eq(partners.id, partner.id), eq(partners.secretKeyHash, sha256Hex(presentedKey))),
    )
    .returning({ id: partners.id });
  // Two rotations at once with the same key: the second finds it rotated out already.
  if (rotated.length === 0)
    throw new V1Error("invalid_api_key", "This secret key has been rotated out: use the current key.");
  forgetPartner(partner.id);
  return { secretKey, previousKeyValidUntil: until.toISOString() };
}

/** The same for the SNAP client secret (the HMAC key): the old one signs until the grace period ends. */
export async function rotateClientSecret(
  ctx: GatewayContext,
  partner: Partner,
): Promise<{ clientSecret: string; previousSecretValidUntil: string }> {
  const clientSecret = randomBytes(32).toString("base64url");
  const until = new Date(ctx.now().getTime() + ctx.config.keyRotationGraceSeconds * 1000);
  await ctx.db
    .update(partners)
    .set({
      previousClientSecretEnc: sql`${partners.clientSecretEnc}`,
      previousClientSecretUntil: until,
      clientSecretEnc: ctx.vault.encrypt(clientSecret),
    })
    .where(eq(partners.id, partner.id));
  forgetPartner(partner.id);
  return { clientSecret, previousSecretValidUntil: until.toISOString() };
}

/**
 * POST /v1/callbacks/test: a signed payment-link status callback, marked as a test, sent now
 * to `{callbackBaseUrl}/v1.0/payment-link/notify`; answers the exact request and the reply.
 * Not stored in the outbox: nothing is retried, nothing counts as a delivery.
 */
export async function sendTestCallback(ctx: GatewayContext, partner: Partner): Promise<TestCallback> {
  const fresh = (await getPartner(ctx, partner.id)) ?? partner;
  if (!fresh.callbackBaseUrl) {
    throw new V1Error(
      "no_callback_url",
      "Set a callback base URL first: there is nowhere to send a test callback.",
      "callbackBaseUrl",
    );
  }
  const now = ctx.now();
  const url = `${fresh.callbackBaseUrl.replace(/\/+$/, "")}${CALLBACK_PATHS.link}`;
  const body = sampleLinkCallbackBody({
    merchantName: fresh.name,
    now,
    paymentLinkId: "00000000-0000-4000-8000-000000000000",
    reference: "TEST-CALLBACK",
  });
  const headers = callbackHeaders({
    privateKeyPem: ctx.vault.gatewayPrivateKeyPem,
    url,
    body,
    deliveryId: randomUUID(),
    partnerId: fresh.id,
    channelId: fresh.channelId,
    now,
  });
  const request = { method: "POST" as const, url, headers, body };
  const t0 = performance.now();
  try {
    // The worker's path: checked address (private ones refused in production), connected to
    // without a second lookup, bounded in time and in reply bytes.
    const target = await resolveTarget(url, {
      allowPrivate: ctx.config.mode !== "production",
      timeoutMs: ctx.config.callbacks.connectTimeoutMs,
    });
    const res = await postToTarget(target, {
      headers,
      body,
      connectTimeoutMs: ctx.config.callbacks.connectTimeoutMs,
      timeoutMs: ctx.config.callbacks.timeoutMs,
      maxReplyBytes: MAX_REPLY_BYTES,
    });
    return {
      request,
      response: {
        status: res.status,
        body: res.reply,
        latencyMs: Math.round(performance.now() - t0),
      },
      error: null,
    };
  } catch (err) {
    return {
      request,
      response: null,
      error: err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 500) : String(err).slice(0, 500),
    };
  }
}

export async function setCallbackBaseUrl(ctx: GatewayContext, partner: Partner, url: string | null): Promise<void> {
  const clean = url?.replace(/\/+$/, "") ?? null;
  if (clean && !(await publicInProduction(ctx, clean, "account")))
    throw new V1Error(
      "parameter_invalid",
      "callbackBaseUrl: only public addresses are accepted in production.",
      "callbackBaseUrl",
    );
  await ctx.db.update(partners).set({ callbackBaseUrl: clean }).where(eq(partners.id, partner.id));
  forgetPartner(partner.id);
}
