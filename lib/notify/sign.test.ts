import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { notificationStringToSign, rsaVerify } from "@/lib/snap/signing";
import { callbackHeaders } from "./sign";

const { privateKey, publicKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
});
const privateKeyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const publicKeyPem = publicKey.export({ type: "spki", format: "pem" }).toString();

describe("callbackHeaders", () => {
  const args = {
    privateKeyPem,
    url: "https://merchant.example/hooks/v1.0/payment-link/notify?x=1",
    body: '{"paymentLinkId":"x"}',
    deliveryId: "7d0c6d1e-3c1a-4c1b-9a55-2b6e0f1c9a10",
    partnerId: "p-1",
    channelId: "95221",
    now: new Date("2026-11-22T08:04:05.007Z"),
  };

  it("writes X-TIMESTAMP in Jakarta time with milliseconds (docs/contract.md §2.9)", () => {
    expect(callbackHeaders(args)["X-TIMESTAMP"]).toBe("2026-11-22T15:04:05.007+07:00");
  });

  it("signs exactly the X-TIMESTAMP it sends, over the target's path and query", () => {
    const h = callbackHeaders(args);
    const data = notificationStringToSign({
      path: "/hooks/v1.0/payment-link/notify?x=1",
      body: args.body,
      timestamp: h["X-TIMESTAMP"]!,
    });
    expect(rsaVerify(publicKeyPem, data, h["X-SIGNATURE"]!)).toBe(true);
  });
});
