import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig, StartupRefusal } from "@/lib/config";
import { accessTokens, gatewayMeta } from "@/lib/db/schema";
import {
  authenticateToken,
  issueAccessToken,
  pruneAccessTokens,
  tokenCacheSize,
  clearPartnerCaches,
} from "@/lib/gateway/merchants/partners";
import { createLogger } from "@/lib/log";
import { bootGateway, openGatewayDatabase, type Gateway } from "@/lib/server/boot";
import { rsaSign, tokenStringToSign } from "@/lib/snap/signing";
import { formatJakarta } from "@/lib/contract/time";
import { DB_KINDS, newDatabaseUrl } from "@/tests/support/server";

/**
 * In-process, on PGlite and PostgreSQL: what the gateway keeps is bounded (expired tokens
 * deleted, the token cache capped), and the master key is checked against the database.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

describe.each(DB_KINDS)("storage on %s", (db) => {
  let gateway: Gateway;
  let env: NodeJS.ProcessEnv;
  const masterKey = randomBytes(32).toString("base64");

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-bounds-"));
    env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: db === "postgres" ? await newDatabaseUrl() : "",
      GATEWAY_MASTER_KEY: masterKey,
      TOKEN_CACHE_MAX: "40",
    };
    gateway = await bootGateway({ env, log: createLogger("warn") });
  });
  afterAll(async () => {
    await gateway?.database.close();
  });

  it("deletes expired access tokens and keeps live ones", async () => {
    const { gw } = gateway;
    const partnerId = gateway.credentials!.merchant.partnerId;
    const now = new Date();
    await gw.db.insert(accessTokens).values([
      { tokenHash: `old-${randomBytes(8).toString("hex")}`, partnerId, expiresAt: new Date(now.getTime() - 1000) },
      { tokenHash: `new-${randomBytes(8).toString("hex")}`, partnerId, expiresAt: new Date(now.getTime() + 60_000) },
    ]);
    expect(await pruneAccessTokens(gw.db, now)).toBeGreaterThanOrEqual(1);
    const [{ expired } = { expired: -1 }] = await gw.db
      .select({ expired: sql<number>`count(*)::int` })
      .from(accessTokens)
      .where(sql`${accessTokens.expiresAt} < ${now}`);
    expect(expired).toBe(0);
    const [{ live } = { live: 0 }] = await gw.db
      .select({ live: sql<number>`count(*)::int` })
      .from(accessTokens)
      .where(sql`${accessTokens.expiresAt} >= ${now}`);
    expect(live).toBeGreaterThanOrEqual(1);
  });

  it("caps the token cache; a token dropped from it still works", async () => {
    const { gw } = gateway;
    const m = gateway.credentials!.merchant;
    clearPartnerCaches();
    const tokens: string[] = [];
    for (let i = 0; i < 60; i++) {
      const timestamp = formatJakarta(new Date());
      const { accessToken } = await issueAccessToken(gw, {
        clientKey: m.clientKey,
        timestamp,
        signature: rsaSign(m.privateKeyPem, tokenStringToSign(m.clientKey, timestamp)),
      });
      tokens.push(accessToken);
      expect(tokenCacheSize()).toBeLessThanOrEqual(40);
    }
    for (const t of tokens) expect((await authenticateToken(gw, t)).id).toBe(m.partnerId);
    expect(tokenCacheSize()).toBeLessThanOrEqual(40);
  });

  it("refuses another master key, also on a database from before the key check", async () => {
    if (db === "pglite") await gateway.database.close(); // one process… one opener per data dir
    const other = loadConfig({ ...env, GATEWAY_MASTER_KEY: randomBytes(32).toString("base64") });
    await expect(openGatewayDatabase(other)).rejects.toThrow(StartupRefusal);
    await expect(openGatewayDatabase(other)).rejects.toThrow(
      /GATEWAY_MASTER_KEY: this database was set up with a different master key/,
    );
    // Remove the check, as a database of the previous version has none: the partners' sealed secrets still tell.
    const own = await openGatewayDatabase(loadConfig(env));
    await own.db.delete(gatewayMeta).where(eq(gatewayMeta.name, "master-key-check"));
    await own.close();
    await expect(openGatewayDatabase(other)).rejects.toThrow(/different master key/);
    const again = await openGatewayDatabase(loadConfig(env)); // the right key writes the check again
    await again.close();
    if (db === "pglite") gateway = await bootGateway({ env, log: createLogger("warn") });
  });
});
