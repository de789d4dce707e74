import { spawn, type ChildProcess } from "node:child_process";
import { generateKeyPairSync, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { callbackHeaders } from "@/lib/notify/sign";
import { freePort } from "@/tests/support/production-server";
import { merchantProject, packSdk } from "@/tests/support/sdk-packages";

/**
 * docs/callback-receiver.mjs stays up whatever a genuinely signed request lacks: a signed
 * callback is not only the gateway's to send (the callback check hands a merchant signed
 * deliveries for any path it names, valid for 5 minutes), so a missing X-EXTERNAL-ID must be
 * an answer, not a crash of the merchant's endpoint.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 360_000 });

const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
const gatewayKey = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
let child: ChildProcess;
let url: string;
let out = "";

beforeAll(async () => {
  const project = merchantProject([packSdk().node]);
  fs.copyFileSync(path.resolve("docs/callback-receiver.mjs"), path.join(project, "callback-receiver.mjs"));
  const credentialsFile = path.join(project, "credentials.json");
  const gatewayPublicKeyPem = pair.publicKey.export({ type: "spki", format: "pem" }).toString();
  fs.writeFileSync(credentialsFile, JSON.stringify({ gatewayPublicKeyPem }));
  const port = await freePort();
  url = `http://127.0.0.1:${port}/v1.0/payment-link/notify`;
  child = spawn(process.execPath, ["callback-receiver.mjs", String(port), credentialsFile], { cwd: project });
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  await vi.waitFor(() => expect(out).toContain("callback receiver on"), { timeout: 10_000 });
});
afterAll(() => {
  child?.kill();
});

function signed(body: string): Record<string, string> {
  return callbackHeaders({
    privateKeyPem: gatewayKey,
    url,
    body,
    deliveryId: randomUUID(),
    partnerId: "p",
    channelId: "c",
    now: new Date(),
  });
}

it("answers 400 to a signed callback without X-EXTERNAL-ID, and keeps serving", async () => {
  const body = JSON.stringify({ paymentLinkId: randomUUID(), paymentFlagStatus: "00" });
  const { "X-EXTERNAL-ID": _dropped, ...headers } = signed(body);
  const answer = await fetch(url, { method: "POST", headers, body }).then(
    (r) => r.status,
    (err: Error) => `no answer: ${err.message}`,
  );
  expect(answer).toBe(400);
  const next = JSON.stringify({ paymentLinkId: randomUUID(), paymentFlagStatus: "00" });
  expect((await fetch(url, { method: "POST", headers: signed(next), body: next })).status).toBe(200);
  expect(child.exitCode).toBeNull();
});
