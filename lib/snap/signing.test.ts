import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateRsaKeyPair } from "@/lib/gateway/vault";
import {
  bodyHash,
  decodeSignature,
  EMPTY_BODY_HASH,
  hmacSign,
  hmacVerify,
  notificationStringToSign,
  rsaSign,
  rsaVerify,
  safeEqual,
  serviceStringToSign,
  tokenStringToSign,
} from "./signing";

// Two key pairs for the whole file: RSA generation is the slow part.
const alice = generateRsaKeyPair();
const mallory = generateRsaKeyPair();

describe("string to sign", () => {
  it("token: clientKey|X-TIMESTAMP", () => {
    expect(tokenStringToSign("mer_abc", "2026-11-22T15:04:05+07:00")).toBe("mer_abc|2026-11-22T15:04:05+07:00");
  });

  it("service: METHOD:PATH:TOKEN:BODYHASH:X-TIMESTAMP with the method upper-cased and the path as sent", () => {
    const s = serviceStringToSign({
      method: "post",
      path: "/v1.0/payment-link/inquiry?b=2&a=1",
      accessToken: "tok123",
      body: '{"partnerReferenceNo":"INV-1"}',
      timestamp: "2026-11-22T15:04:05+07:00",
    });
    // sha256 of the body computed with `printf '{"partnerReferenceNo":"INV-1"}' | openssl dgst -sha256`
    expect(s).toBe(
      "POST:/v1.0/payment-link/inquiry?b=2&a=1:tok123:70818f6f5d007ccf8c73b9d42fadbf75006f54cccf000cc5096d86607cb57549:2026-11-22T15:04:05+07:00",
    );
  });

  it("service: an empty body hashes as the empty string", () => {
    const s = serviceStringToSign({ method: "GET", path: "/v1.0/x", accessToken: "t", body: "", timestamp: "T" });
    expect(s).toBe(`GET:/v1.0/x:t:${EMPTY_BODY_HASH}:T`);
  });

  it("notification: POST:PATH:BODYHASH:X-TIMESTAMP, no token", () => {
    expect(
      notificationStringToSign({ path: "/v1.0/qr/qr-mpm-notify", body: "", timestamp: "2026-11-22T15:04:05+07:00" }),
    ).toBe(`POST:/v1.0/qr/qr-mpm-notify:${EMPTY_BODY_HASH}:2026-11-22T15:04:05+07:00`);
    expect(notificationStringToSign({ method: "put", path: "/p", body: "{}", timestamp: "T" })).toBe(
      `PUT:/p:${bodyHash("{}")}:T`,
    );
  });
});

describe("body hash", () => {
  it("EMPTY_BODY_HASH is SHA-256 of the empty string, lower-case hex", () => {
    expect(EMPTY_BODY_HASH).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("hashes the exact bytes: a string and its UTF-8 bytes agree, whitespace changes the hash", () => {
    const json = '{"name":"Kopi Susu ☕"}';
    expect(bodyHash(json)).toBe(bodyHash(new TextEncoder().encode(json)));
    expect(bodyHash(json)).not.toBe(bodyHash('{"name": "Kopi Susu ☕"}'));
    expect(bodyHash(json)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("HMAC-SHA512 (service signatures)", () => {
  it("matches RFC 4231 test case 2", () => {
    const sig = hmacSign("Jefe", "what do ya want for nothing?");
    expect(Buffer.from(sig, "base64").toString("hex")).toBe(
      "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737",
    );
  });

  // Computed once, independently of this code, with:
  //   printf '%s' "$STRING" | openssl dgst -sha512 -hmac 'client-secret-demo' -binary | base64 -w0
  //   printf '%s' "$STRING" | openssl dgst -sha512 -hmac 'client-secret-demo' -hex
  const STRING =
    "POST:/v1.0/payment-link/inquiry:tok123:70818f6f5d007ccf8c73b9d42fadbf75006f54cccf000cc5096d86607cb57549:2026-11-22T15:04:05+07:00";
  const SECRET = "client-secret-demo";
  const BASE64 = "IHVTHB+tXarPZtHtr2cl6nJz8vKFqOF4HCamMOUpALlf9lX73xFhEuxr3Ozp0HwPUSDP8ILA9Z6iocxNyfZXhQ==";
  const HEX =
    "2075531c1fad5daacf66d1edaf6725ea7273f2f285a8e1781c26a630e52900b95ff655fbdf116112ec6bdcece9d07c0f5120cff082c0f59ea2a1cc4dc9f65785";

  it("signs a SNAP string to the openssl value, base64", () => {
    expect(hmacSign(SECRET, STRING)).toBe(BASE64);
  });

  it.each([
    ["base64", BASE64],
    ["hex, lower case", HEX],
    ["hex, upper case", HEX.toUpperCase()],
    ["base64 with surrounding spaces", `  ${BASE64} `],
    ["base64url without padding", BASE64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")],
  ])("accepts %s", (_, sig) => {
    expect(hmacVerify(SECRET, STRING, sig)).toBe(true);
  });

  it.each([
    ["another secret", () => hmacVerify("other-secret", STRING, BASE64)],
    [
      "a changed string (one digit of the timestamp)",
      () => hmacVerify(SECRET, STRING.replace("15:04:05", "15:04:06"), BASE64),
    ],
    ["a truncated signature", () => hmacVerify(SECRET, STRING, BASE64.slice(0, 40))],
    ["a truncated hex signature", () => hmacVerify(SECRET, STRING, HEX.slice(0, 64))],
    ["one flipped bit", () => hmacVerify(SECRET, STRING, flipFirstBit(BASE64))],
    ["an empty signature", () => hmacVerify(SECRET, STRING, "")],
    ["garbage", () => hmacVerify(SECRET, STRING, "not a signature!")],
    [
      "SHA-256 instead of SHA-512",
      () => hmacVerify(SECRET, STRING, createHmac("sha256", SECRET).update(STRING).digest("base64")),
    ],
  ])("refuses %s", (_, check) => {
    expect(check()).toBe(false);
  });
});

describe("RSA SHA256withRSA (token and notification signatures)", () => {
  const data = tokenStringToSign("mer_abc", "2026-11-22T15:04:05+07:00");

  it("round-trips with the matching public key", () => {
    const sig = rsaSign(alice.privateKeyPem, data);
    expect(Buffer.from(sig, "base64")).toHaveLength(256); // 2048-bit key
    expect(rsaVerify(alice.publicKeyPem, data, sig)).toBe(true);
  });

  it("is PKCS#1 v1.5 (deterministic) and verifies with openssl", () => {
    const sig = rsaSign(alice.privateKeyPem, data);
    expect(rsaSign(alice.privateKeyPem, data)).toBe(sig);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-rsa-"));
    try {
      fs.writeFileSync(path.join(dir, "pub.pem"), alice.publicKeyPem);
      fs.writeFileSync(path.join(dir, "data"), data);
      fs.writeFileSync(path.join(dir, "sig"), Buffer.from(sig, "base64"));
      const out = execFileSync("openssl", ["dgst", "-sha256", "-verify", "pub.pem", "-signature", "sig", "data"], {
        cwd: dir,
        encoding: "utf8",
      });
      expect(out.trim()).toBe("Verified OK");
      // And the other way round: openssl signs, we verify.
      fs.writeFileSync(path.join(dir, "key.pem"), alice.privateKeyPem, { mode: 0o600 });
      const theirs = execFileSync("openssl", ["dgst", "-sha256", "-sign", "key.pem", "data"], { cwd: dir });
      expect(theirs.toString("base64")).toBe(sig);
      expect(rsaVerify(alice.publicKeyPem, data, theirs.toString("base64"))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses another key's signature", () => {
    const forged = rsaSign(mallory.privateKeyPem, data);
    expect(rsaVerify(alice.publicKeyPem, data, forged)).toBe(false);
  });

  it("refuses tampered data and a tampered signature", () => {
    const sig = rsaSign(alice.privateKeyPem, data);
    expect(rsaVerify(alice.publicKeyPem, `${data} `, sig)).toBe(false);
    expect(rsaVerify(alice.publicKeyPem, data.replace("mer_abc", "mer_abd"), sig)).toBe(false);
    expect(rsaVerify(alice.publicKeyPem, data, flipFirstBit(sig))).toBe(false);
  });

  it("refuses malformed input without throwing", () => {
    expect(rsaVerify(alice.publicKeyPem, data, "")).toBe(false);
    expect(rsaVerify(alice.publicKeyPem, data, "%%%")).toBe(false);
    expect(rsaVerify(alice.publicKeyPem, data, "AAAA")).toBe(false);
  });
});

describe("decodeSignature and safeEqual", () => {
  it("reads hex only when it is long enough to be a digest, else base64", () => {
    expect(decodeSignature("ab".repeat(32))).toEqual(Buffer.from("ab".repeat(32), "hex"));
    // "abcd" is valid base64 too; short strings are read as base64.
    expect(decodeSignature("abcd")).toEqual(Buffer.from("abcd", "base64"));
    expect(decodeSignature("   ")).toBeNull();
    expect(decodeSignature("a b")).toBeNull();
  });

  it("compares strings of secret material", () => {
    expect(safeEqual("sk_test_1", "sk_test_1")).toBe(true);
    expect(safeEqual("sk_test_1", "sk_test_2")).toBe(false);
    expect(safeEqual("sk_test_1", "sk_test_10")).toBe(false);
  });
});

function flipFirstBit(base64: string): string {
  const bytes = Buffer.from(base64, "base64");
  bytes[0]! ^= 0x01;
  return bytes.toString("base64");
}
