import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config";
import { openDatabase, type Database } from "@/lib/db/client";
import { partners, signInFailures } from "@/lib/db/schema";
import { insertConsoleUser, prepareConsoleUser, signIn, SIGN_IN_LIMIT } from "@/lib/gateway/merchants/console-users";
import type { GatewayContext } from "@/lib/gateway/context";
import { createPartner, getPartner, type Partner } from "@/lib/gateway/merchants/partners";
import { rotateSecretKey } from "@/lib/gateway/merchants/merchant-keys";
import { authenticateSecretKey } from "@/lib/api/v1-auth";
import { createVault, generateRsaKeyPair } from "@/lib/gateway/vault";
import { V1Error } from "@/lib/gateway/v1-error";
import { createLogger } from "@/lib/log";
import { sha256Hex } from "@/lib/snap/signing";
import { DB_KINDS, newDatabaseUrl } from "../support/server";

/**
 * Guards on the account, in process on both databases: the console's lock counted against a
 * burst (the attempts that reached the password check are read from the table), and a
 * rotated-out secret key as another process sees it.
 */
describe.each(DB_KINDS)("account guards on %s", (db) => {
  let database: Database;
  let dataDir: string;
  let gw: GatewayContext;
  let login: { email: string; password: string };
  let merchant: Partner;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-sign-in-"));
    database = await openDatabase({
      dataDir,
      databaseUrl: db === "postgres" ? await newDatabaseUrl() : undefined,
    });
    const masterKey = randomBytes(32);
    gw = {
      db: database.db,
      dbKind: db,
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, GATEWAY_MASTER_KEY: masterKey.toString("base64") }),
      vault: createVault(masterKey, generateRsaKeyPair().privateKeyPem),
      log: createLogger("silent"),
      now: () => new Date(),
    };
    const created = await createPartner(gw, gw.db, {
      kind: "merchant",
      name: "Toko Burst",
      publicKeyPem: "unused",
      channelId: "95221",
    });
    merchant = (await getPartner(gw, created.id))!;
    const user = await prepareConsoleUser(`burst-${db}@example.id`);
    await insertConsoleUser(gw.db, merchant.id, user.row);
    login = user.login;
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const failuresOf = async (scope: string) =>
    (await gw.db.select().from(signInFailures).where(eq(signInFailures.scope, scope))).length;
  const attempt = (password: string, address: string) =>
    signIn(gw, { email: login.email, password, address }).then(
      () => "signed in" as const,
      (err: unknown) => {
        if (err instanceof V1Error && err.code === "sign_in_refused") return "refused" as const;
        throw err;
      },
    );

  it("a success takes back its own count: an office signing in often is not locked out", async () => {
    for (let i = 0; i <= SIGN_IN_LIMIT; i++) expect(await attempt(login.password, "198.51.100.1")).toBe("signed in");
    expect(await failuresOf("address:198.51.100.1")).toBe(0);
  }, 120_000);

  it("a burst of guesses gets at most five password checks, however many arrive at once", async () => {
    const guesses = Array.from({ length: 9 }, (_, i) => attempt(`wrong-${i}`, `203.0.113.${i}`));
    expect(await Promise.all(guesses)).toEqual(Array(9).fill("refused"));
    // Only the attempts that were checked are counted; the others were refused by the lock
    // (checking first and counting after the hash let all nine through to the hash).
    expect(await failuresOf(`account:${sha256Hex(login.email)}`)).toBe(SIGN_IN_LIMIT);
    let counted = 0;
    for (let i = 0; i < 9; i++) counted += await failuresOf(`address:203.0.113.${i}`);
    expect(counted).toBe(SIGN_IN_LIMIT);
    // ...and the account is locked: the right password is refused too.
    expect(await attempt(login.password, "192.0.2.50")).toBe("refused");
  }, 120_000);

  it("a key rotated out by another process cannot change the account, whatever this process cached", async () => {
    const key = `sk_test_${randomBytes(24).toString("base64url")}`;
    await gw.db
      .update(partners)
      .set({ secretKeyHash: sha256Hex(key) })
      .where(eq(partners.id, merchant.id));
    const c = { req: { header: (name: string) => (name.toLowerCase() === "x-secret-key" ? key : undefined) } };
    const asCaller = (opts?: { currentOnly?: boolean }) =>
      authenticateSecretKey(c as unknown as Context, gw, opts).then(
        (p) => p.id,
        (err: unknown) => (err as V1Error).code,
      );
    expect(await asCaller()).toBe(merchant.id); // cached here as the current key
    await rotateSecretKey(gw, merchant); // another process rotates: this one's cache is not told
    expect(await asCaller()).toBe(merchant.id); // in its grace period, it still works...
    expect(await asCaller({ currentOnly: true })).toBe("invalid_api_key"); // ...but changes nothing
    // Two rotations with the same key at once: the one that comes second finds it rotated out.
    await expect(rotateSecretKey(gw, merchant, key)).rejects.toMatchObject({ code: "invalid_api_key" });
  }, 60_000);
});
