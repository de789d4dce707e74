import { randomBytes, randomUUID } from "node:crypto";
import { eq, lt, or } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { accessTokens, partners } from "@/lib/db/schema";
import { SnapError } from "@/lib/snap/codes";
import { rsaVerify, sha256Hex, tokenStringToSign } from "@/lib/snap/signing";
import type { GatewayContext } from "@/lib/gateway/context";

export type PartnerKind = "merchant" | "acquirer" | "checkout";

export interface Partner {
  id: string;
  kind: PartnerKind;
  name: string;
  city: string;
  /** The merchant's 5-digit postal code: QRIS tag 61. */
  postalCode: string;
  clientKey: string;
  clientSecret: string;
  publicKeyPem: string;
  channelId: string;
  callbackBaseUrl: string | null;
  /** The client secret replaced by a rotation, accepted until `until` (epoch ms). */
  previousClientSecret: { secret: string; until: number } | null;
  timeZone: string;
}

/**
 * Partners change rarely and are read on every signed request, so they are cached by id
 * for a short while. Tokens are cached until they expire; a token is never revoked
 * before its 900 s are up, so the cache cannot serve a token the database would refuse.
 */
const PARTNER_TTL_MS = 30_000;
const partnerCache = new Map<string, { partner: Partner; until: number }>();
const tokenCache = new Map<string, { partnerId: string; expiresAt: number }>();
/**
 * Tokens are issued to anyone with a partner key, as fast as they ask: the cache holds at
 * most TOKEN_CACHE_MAX. Past it the oldest tenth goes (insertion order); a token dropped
 * from the cache is still valid and is read from the database on its next use.
 */
function cacheToken(ctx: GatewayContext, tokenHash: string, entry: { partnerId: string; expiresAt: number }): void {
  const max = ctx.config.tokenCacheMax;
  if (tokenCache.size >= max) {
    let drop = Math.ceil(max / 10);
    for (const key of tokenCache.keys()) {
      tokenCache.delete(key);
      if (--drop === 0) break;
    }
  }
  tokenCache.set(tokenHash, entry);
}

/** How many tokens the cache holds (for the bound's test). */
export function tokenCacheSize(): number {
  return tokenCache.size;
}

/** Expired tokens are worthless: deleted from the table by the hourly maintenance. */
export async function pruneAccessTokens(db: Executor, now: Date): Promise<number> {
  const gone = await db
    .delete(accessTokens)
    .where(lt(accessTokens.expiresAt, now))
    .returning({ tokenHash: accessTokens.tokenHash });
  return gone.length;
}

function toPartner(ctx: GatewayContext, row: typeof partners.$inferSelect): Partner {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    city: row.city,
    postalCode: row.postalCode,
    clientKey: row.clientKey,
    clientSecret: ctx.vault.decrypt(row.clientSecretEnc),
    publicKeyPem: row.publicKeyPem,
    channelId: row.channelId,
    callbackBaseUrl: row.callbackBaseUrl,
    previousClientSecret:
      row.previousClientSecretEnc && row.previousClientSecretUntil
        ? { secret: ctx.vault.decrypt(row.previousClientSecretEnc), until: row.previousClientSecretUntil.getTime() }
        : null,
    timeZone: row.timeZone,
  };
}

/** The client secrets a signature may use right now: the current one, and a rotated-out one in its grace period. */
export function liveClientSecrets(partner: Partner, nowMs: number): string[] {
  const prev = partner.previousClientSecret;
  return prev && prev.until > nowMs ? [partner.clientSecret, prev.secret] : [partner.clientSecret];
}

/** `exec`: inside a transaction pass it, or PGlite (one connection) would wait on itself. */
export async function getPartner(ctx: GatewayContext, id: string, exec: Executor = ctx.db): Promise<Partner | null> {
  const hit = partnerCache.get(id);
  if (hit && hit.until > Date.now()) return hit.partner;
  const [row] = await exec.select().from(partners).where(eq(partners.id, id)).limit(1);
  if (!row) return null;
  const partner = toPartner(ctx, row);
  partnerCache.set(id, { partner, until: Date.now() + PARTNER_TTL_MS });
  return partner;
}

export async function findPartnerByClientKey(ctx: GatewayContext, clientKey: string): Promise<Partner | null> {
  const [row] = await ctx.db.select().from(partners).where(eq(partners.clientKey, clientKey)).limit(1);
  return row ? toPartner(ctx, row) : null;
}

/**
 * The partner whose current `sk_` key this is, or whose rotated-out key it is while its grace
 * period lasts; `validUntil` (epoch ms) bounds how long a cache may keep the answer.
 */
export async function findPartnerBySecretKey(
  ctx: GatewayContext,
  secretKey: string,
): Promise<{ partner: Partner; validUntil: number } | null> {
  const hash = sha256Hex(secretKey);
  const [row] = await ctx.db
    .select()
    .from(partners)
    .where(or(eq(partners.secretKeyHash, hash), eq(partners.previousSecretKeyHash, hash)))
    .limit(2);
  if (!row) return null;
  if (row.secretKeyHash === hash) return { partner: toPartner(ctx, row), validUntil: Number.POSITIVE_INFINITY };
  const until = row.previousSecretKeyUntil?.getTime() ?? 0;
  return until > ctx.now().getTime() ? { partner: toPartner(ctx, row), validUntil: until } : null;
}

/** POST /v1.0/access-token/b2b: verify `clientKey|timestamp` with the partner's public key. */
export async function issueAccessToken(
  ctx: GatewayContext,
  input: { clientKey: string; timestamp: string; signature: string },
): Promise<{ accessToken: string; expiresIn: number }> {
  const partner = await findPartnerByClientKey(ctx, input.clientKey);
  if (!partner) throw new SnapError("unauthorized", "Unknown client");
  if (!rsaVerify(partner.publicKeyPem, tokenStringToSign(input.clientKey, input.timestamp), input.signature)) {
    throw new SnapError("unauthorized", "Signature");
  }
  const accessToken = randomBytes(32).toString("base64url");
  const ttl = ctx.config.tokenTtlSeconds;
  const expiresAt = new Date(ctx.now().getTime() + ttl * 1000);
  const tokenHash = sha256Hex(accessToken);
  await ctx.db.insert(accessTokens).values({ tokenHash, partnerId: partner.id, expiresAt });
  cacheToken(ctx, tokenHash, { partnerId: partner.id, expiresAt: expiresAt.getTime() });
  return { accessToken, expiresIn: ttl };
}

/** The partner a bearer token belongs to, or a 401 Invalid Token. */
export async function authenticateToken(ctx: GatewayContext, accessToken: string): Promise<Partner> {
  const tokenHash = sha256Hex(accessToken);
  const now = ctx.now().getTime();
  let entry = tokenCache.get(tokenHash);
  if (!entry) {
    const [row] = await ctx.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, tokenHash)).limit(1);
    if (row) {
      entry = { partnerId: row.partnerId, expiresAt: row.expiresAt.getTime() };
      cacheToken(ctx, tokenHash, entry);
    }
  }
  if (!entry || entry.expiresAt <= now) {
    if (entry) tokenCache.delete(tokenHash);
    throw new SnapError("invalidToken");
  }
  const partner = await getPartner(ctx, entry.partnerId);
  if (!partner) throw new SnapError("invalidToken");
  return partner;
}

/** Gambir, Jakarta Pusat: the sandbox merchants' address until an operator sets another. */
export const DEFAULT_POSTAL_CODE = "10110";

export async function createPartner(
  ctx: GatewayContext,
  tx: Executor,
  input: {
    kind: PartnerKind;
    name: string;
    city?: string;
    /** 5 digits; the sandbox default is 10110 (Jakarta Pusat). */
    postalCode?: string;
    publicKeyPem: string;
    channelId: string;
    secretKey?: string;
    callbackBaseUrl?: string | null;
  },
): Promise<{ id: string; clientKey: string; clientSecret: string }> {
  const id = randomUUID();
  const clientKey = `${input.kind.slice(0, 3)}_${randomBytes(12).toString("hex")}`;
  const clientSecret = randomBytes(32).toString("base64url");
  if (input.postalCode !== undefined && !/^\d{5}$/.test(input.postalCode))
    throw new Error("postalCode must be 5 digits");
  await tx.insert(partners).values({
    id,
    kind: input.kind,
    name: input.name,
    city: input.city ?? "Jakarta",
    postalCode: input.postalCode ?? DEFAULT_POSTAL_CODE,
    clientKey,
    clientSecretEnc: ctx.vault.encrypt(clientSecret),
    publicKeyPem: input.publicKeyPem,
    secretKeyHash: input.secretKey ? sha256Hex(input.secretKey) : null,
    channelId: input.channelId,
    callbackBaseUrl: input.callbackBaseUrl ?? null,
  });
  return { id, clientKey, clientSecret };
}

/** After a change to a partner's row (key rotation, settings): the next read goes to the database. */
export function forgetPartner(id: string): void {
  partnerCache.delete(id);
}

/** Test hook: forget cached partners/tokens (a restarted process has none). */
export function clearPartnerCaches(): void {
  partnerCache.clear();
  tokenCache.clear();
}
