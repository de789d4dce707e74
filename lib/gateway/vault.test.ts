import { createCipheriv, createDecipheriv, createHmac, generateKeyPairSync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "@/lib/db/schema";
import { createVault, masterSealer, SEALED_COLUMNS } from "./vault";

const master = Buffer.from("3q2+7wABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGho=", "base64");
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const vault = createVault(master, privateKey.export({ type: "pkcs8", format: "pem" }).toString());

/** The derivations written out with plain buffers, as every earlier build computed them. */
const derived = (label: string) => createHmac("sha256", master).update(label).digest();

describe("the vault's derivations stay what they were", () => {
  it("a link's secret: links issued by any build still open", () => {
    const id = "1c21ac46-c6ba-462b-9b80-eda091560774";
    const expected = createHmac("sha256", derived("vault:payment-link")).update(id).digest("base64url").slice(0, 32);
    expect(vault.linkSecret(id)).toBe(expected);
    expect(vault.derive("events", id)).toBe(
      createHmac("sha256", derived("vault:payment-link")).update(`events:${id}`).digest("base64url").slice(0, 32),
    );
  });

  it("sealed values: stored ones still open, and new ones open the old way", () => {
    const key = derived("vault:encryption");
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const body = Buffer.concat([cipher.update("client secret", "utf8"), cipher.final()]);
    const stored = ["v1", iv, body, cipher.getAuthTag()]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
    expect(vault.decrypt(stored)).toBe("client secret");
    expect(masterSealer(master).decrypt(stored)).toBe("client secret");

    const [, iv2, body2, tag2] = vault.encrypt("another secret").split(".");
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv2!, "base64url"));
    decipher.setAuthTag(Buffer.from(tag2!, "base64url"));
    expect(Buffer.concat([decipher.update(Buffer.from(body2!, "base64url")), decipher.final()]).toString()).toBe(
      "another secret",
    );
  });
});

describe("SEALED_COLUMNS", () => {
  const tables = (Object.values(schema) as unknown[])
    .filter((t) => is(t, PgTable))
    .map((t) => getTableConfig(t as PgTable));

  it("names columns that exist, and every column whose name says it is sealed", () => {
    const all = tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`));
    const listed = SEALED_COLUMNS.map((c) => `${c.table}.${c.column}`);
    for (const c of listed) expect(all).toContain(c);
    const sealedByName = all.filter((c) => /(_enc|sealed_[a-z_]+)$/.test(c));
    expect(sealedByName.length).toBeGreaterThan(0);
    for (const c of sealedByName) expect(listed).toContain(c);
  });
});
