import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bodyHash, hmacSign, rsaSign, rsaVerify as nodeRsaVerify } from "@/lib/snap/signing";
import { hmacSha512Base64, rsaSignBase64, rsaVerify, sha256Hex } from "./web-crypto";

const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pkcs8 = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const pkcs1 = pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString();
const spki = pair.publicKey.export({ type: "spki", format: "pem" }).toString();
const pkcs1Public = pair.publicKey.export({ type: "pkcs1", format: "pem" }).toString();

/** The SDK's WebCrypto must agree with the gateway's node:crypto bit for bit. */
describe("@nusapay/node's WebCrypto against lib/snap/signing", () => {
  it("hashes bodies the same way, strings as UTF-8 and bytes as given", async () => {
    for (const body of ["", '{"a":"é"}', new Uint8Array([0, 255, 1])])
      expect(await sha256Hex(body)).toBe(bodyHash(body));
  });

  it("HMAC-SHA512 signatures are equal", async () => {
    expect(await hmacSha512Base64("secret", "POST:/x:t:h:ts")).toBe(hmacSign("secret", "POST:/x:t:h:ts"));
  });

  it("RSA signatures are equal (PKCS#1 v1.5 is deterministic), from PKCS#8 and PKCS#1 keys", async () => {
    const expected = rsaSign(pkcs8, "client|2026-01-01T00:00:00+07:00");
    expect(await rsaSignBase64(pkcs8, "client|2026-01-01T00:00:00+07:00")).toBe(expected);
    expect(await rsaSignBase64(pkcs1, "client|2026-01-01T00:00:00+07:00")).toBe(expected);
  });

  it("verifies what the gateway signs, with SPKI and PKCS#1 public keys, and refuses a changed string", async () => {
    const sig = rsaSign(pkcs8, "POST:/cb:hash:ts");
    expect(await rsaVerify(spki, "POST:/cb:hash:ts", sig)).toBe(true);
    expect(await rsaVerify(pkcs1Public, "POST:/cb:hash:ts", sig)).toBe(true);
    expect(await rsaVerify(spki, "POST:/cb:hash:ts2", sig)).toBe(false);
    expect(nodeRsaVerify(spki, "POST:/cb:hash:ts", await rsaSignBase64(pkcs8, "POST:/cb:hash:ts"))).toBe(true);
  });

  it("answers false, never throws, for a malformed signature or key", async () => {
    expect(await rsaVerify(spki, "x", "not base64!")).toBe(false);
    expect(await rsaVerify(spki, "x", "")).toBe(false);
    expect(await rsaVerify("not a key", "x", "Zm9v")).toBe(false);
    await expect(rsaSignBase64("not a key", "x")).rejects.toThrow(/privateKeyPem/);
  });
});
