import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./index";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-config-"));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text, { mode: 0o600 });
  return p;
};
const pem = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();
const complete = {
  GATEWAY_BASE_URL: "https://gateway.example",
  CHECKOUT_PARTNER_ID: "p-1",
  CHECKOUT_CLIENT_KEY: "che_1",
  CHECKOUT_CLIENT_SECRET_FILE: file("client-secret", "s3cret\n"),
  CHECKOUT_PRIVATE_KEY_FILE: file("key.pem", pem),
  CHECKOUT_SECRET_KEY_FILE: file("secret-key", "sk_test_abcdefghijkl"),
};
const env = (extra: Record<string, string | undefined>): NodeJS.ProcessEnv => ({ NODE_ENV: "test", ...extra });

describe("configuration: checkout only and the limits", () => {
  it("without checkout credentials the process is the gateway, with the documented limits", () => {
    const c = loadConfig(env({}));
    expect(c.checkoutOnly).toBeNull();
    expect(c.rateLimitRps).toBe(200);
    expect(c.addressLimits).toEqual({
      windowSeconds: 60,
      limits: { checkout: 600, token: 300, confirm: 300, card: 300, signIn: 20 },
      trustedProxies: 0,
    });
    expect(c.payBaseUrl).toBe(c.publicBaseUrl);
  });

  it("takes base URLs that paths can be appended to, and refuses one with ?, # or user:password@ or not http(s)", () => {
    expect(loadConfig(env({ SANDBOX_CALLBACK_BASE_URL: "http://127.0.0.1:4000/hooks/" })).sandboxCallbackBaseUrl).toBe(
      "http://127.0.0.1:4000/hooks",
    );
    expect(loadConfig(env({ PAY_BASE_URL: "https://pay.example/shop/" })).payBaseUrl).toBe("https://pay.example/shop");
    for (const name of [
      "PUBLIC_BASE_URL",
      "PAY_BASE_URL",
      "GATEWAY_BASE_URL",
      "GATEWAY_PUBLIC_URL",
      "SANDBOX_CALLBACK_BASE_URL",
    ])
      for (const bad of [
        "https://pay.example/?k=1",
        "https://pay.example/#h",
        "https://u:p@pay.example/",
        "https://u@pay.example/",
        "ftp://pay.example/",
        // Forms the URL parser reads one way and a string join another:
        "HTTPS://pay.example",
        "https:pay.example",
        "https:\\\\pay.example\\shop",
        "https://pay.example/ ",
        "https://pay.example/\u0000",
        "https://pay.exa mple",
      ])
        expect(() => loadConfig(env({ [name]: bad })), `${name}=${bad}`).toThrow(new RegExp(`^${name}: `));
  });

  it("reads the credentials from values and secret files", () => {
    const c = loadConfig(env(complete));
    expect(c.checkoutOnly).toEqual({
      partnerId: "p-1",
      clientKey: "che_1",
      clientSecret: "s3cret",
      channelId: "95221",
      privateKeyPem: pem.trim(),
      secretKey: "sk_test_abcdefghijkl",
    });
  });

  it.each([
    ["a missing id", { CHECKOUT_CLIENT_KEY: undefined }, "CHECKOUT_CLIENT_KEY: required"],
    ["no gateway address", { GATEWAY_BASE_URL: undefined }, "GATEWAY_BASE_URL: required with checkout credentials"],
    ["a database", { DATABASE_URL: "postgres://x/y" }, "DATABASE_URL: a checkout-only process opens no database"],
    [
      "an unreadable file",
      { CHECKOUT_CLIENT_SECRET_FILE: path.join(dir, "nope") },
      "CHECKOUT_CLIENT_SECRET_FILE: cannot read",
    ],
    [
      "a value and a file",
      { CHECKOUT_SECRET_KEY: "sk_test_abcdefghijkl" },
      "CHECKOUT_SECRET_KEY and CHECKOUT_SECRET_KEY_FILE: set one, not both",
    ],
    [
      "a key that is no key",
      { CHECKOUT_PRIVATE_KEY_FILE: file("bad.pem", "hello") },
      "CHECKOUT_PRIVATE_KEY_FILE: not a PEM private key",
    ],
  ])("refuses to start with %s, naming it", (_, change, message) => {
    expect(() => loadConfig(env({ ...complete, ...change }))).toThrow(message);
  });
});
