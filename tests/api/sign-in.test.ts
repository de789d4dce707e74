import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config";
import { openDatabase, type Database } from "@/lib/db/client";
import { signInFailures } from "@/lib/db/schema";
import { insertConsoleUser, prepareConsoleUser, signIn, SIGN_IN_LIMIT } from "@/lib/gateway/console-users";
import type { GatewayContext } from "@/lib/gateway/context";
import { createPartner } from "@/lib/gateway/partners";
import { createVault, generateRsaKeyPair } from "@/lib/gateway/vault";
import { V1Error } from "@/lib/gateway/v1-error";
import { createLogger } from "@/lib/log";
import { sha256Hex } from "@/lib/snap/signing";
import { DB_KINDS, newDatabaseUrl } from "../support/server";

/**
 * The console's lock counted against a burst: the domain step in process, on both databases,
 * so the count of attempts that reached the password check can be read from the table.
 */
describe.each(DB_KINDS)("sign-in attempts on %s", (db) => {
  let database: Database;
  let dataDir: string;
  let gw: GatewayContext;
  let login: { email: string; password: string };

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
    const merchant = await createPartner(gw, gw.db, {
      kind: "merchant",
      name: "Toko Burst",
      publicKeyPem: "unused",
      channelId: "95221",
    });
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
});
