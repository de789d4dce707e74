import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConsoleClient } from "@/lib/clients/console-client";
import type { CallbackCheck } from "@/lib/contract/callback-check";
import type { SandboxCredentials } from "@/lib/gateway/sandbox/seed";
import { notificationStringToSign, rsaVerify } from "@/lib/snap/signing";
import { startCallbackReceiver, type ReceiverKind } from "@/tests/support/callback-receivers";
import { ROOT } from "@/tests/support/production-server";
import {
  newDatabaseUrl,
  spawnServer,
  startServer,
  waitHealthy,
  type RunningServer,
  type ServerProcess,
} from "@/tests/support/server";

/** docs/callback-check.md: POST /v1/callback-checks, the CLI, the per-merchant limit. */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 360_000 });

const FORGED = ["tampered-body", "wrong-key", "stale-timestamp"];
const failedCases = (r: CallbackCheck) => r.cases.filter((c) => !c.pass).map((c) => c.name);

/** `npm run check-callbacks -- URL` against the server: exit code and output. */
function checkCli(
  srv: RunningServer,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "check-callbacks", "--", ...args], {
      cwd: ROOT,
      env: { ...process.env, BASE_URL: srv.baseUrl, DATA_DIR: srv.dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the callback check", () => {
  let srv: RunningServer;
  let merchant: ConsoleClient;
  const receivers: { close(): Promise<void> }[] = [];
  const receiver = async (kind: ReceiverKind) => {
    const r = await startCallbackReceiver(kind, srv.credentials.gatewayPublicKeyPem);
    receivers.push(r);
    return r;
  };
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${srv.baseUrl}/v1/callback-checks`, {
      method: "POST",
      headers: { "X-Secret-Key": srv.credentials.merchant.secretKey, "Content-Type": "application/json", ...headers },
      body,
    });

  beforeAll(async () => {
    srv = await startServer({ db: "pglite", env: { CALLBACK_CHECK_LIMIT: "1000" } });
    // Every answer through this client must be one the served OpenAPI document describes.
    merchant = new ConsoleClient(
      srv.baseUrl,
      { secretKey: srv.credentials.merchant.secretKey },
      { fetchImpl: srv.validator.fetch() },
    );
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await srv?.stop();
  });

  it("passes a receiver that verifies the signature, the timestamp window and de-duplicates", async () => {
    const r = await receiver("correct");
    const report = await merchant.checkCallbacks(`${r.url}/hooks/nusapay`);
    expect(report.id).toMatch(/^cbchk_/);
    expect(report.url).toBe(`${r.url}/hooks/nusapay`);
    expect(report.cases.map((c) => [c.name, c.expected, c.pass])).toEqual([
      ["valid", "2xx", true],
      ["tampered-body", "not 2xx", true],
      ["wrong-key", "not 2xx", true],
      ["stale-timestamp", "not 2xx", true],
      ["duplicate", "2xx", true],
    ]);
    expect(report.passed).toBe(true);
    expect(report.cases.map((c) => c.status)).toEqual([200, 401, 401, 401, 200]);
    // Six requests, to the path as given, each marked; the two of `duplicate` share X-EXTERNAL-ID.
    expect(r.hits).toHaveLength(6);
    for (const hit of r.hits) {
      expect(hit.path).toBe("/hooks/nusapay");
      expect(hit.headers["x-nusapay-check"]).toBe("1");
    }
    expect(r.hits[4]!.headers["x-external-id"]).toBe(r.hits[5]!.headers["x-external-id"]);
    expect(r.hits[4]!.body).toBe(r.hits[5]!.body);
    expect(new Set(r.hits.slice(0, 5).map((h) => h.headers["x-external-id"])).size).toBe(5);
    // Credited once each: the valid delivery and the duplicated one.
    expect([...r.credited.values()]).toEqual([1, 1]);
    // The report shows what was sent and got, as sent: the valid request verifies as a real callback.
    const valid = report.cases[0]!.exchanges[0]!;
    expect(valid.reply).toEqual({ status: 200, body: '{"ok":true}' });
    expect(
      rsaVerify(
        srv.credentials.gatewayPublicKeyPem,
        notificationStringToSign({
          path: "/hooks/nusapay",
          body: valid.request.body,
          timestamp: valid.request.headers["X-TIMESTAMP"]!,
        }),
        valid.request.headers["X-SIGNATURE"]!,
      ),
    ).toBe(true);
    expect(JSON.parse(valid.request.body)).toMatchObject({
      paymentFlagStatus: "00",
      totalAmount: { value: "10000.00", currency: "IDR" },
    });
    expect(report.cases[4]!.exchanges).toHaveLength(2);
  });

  it("fails an accept-everything receiver on exactly the forged cases", async () => {
    const r = await receiver("accept-all");
    const report = await merchant.checkCallbacks(r.url);
    expect(report.passed).toBe(false);
    expect(failedCases(report)).toEqual(FORGED);
    for (const c of report.cases.filter((x) => FORGED.includes(x.name))) {
      expect(c.status).toBe(200);
      expect(c.detail).toMatch(/accepted a callback the gateway never sent/);
    }
  });

  it("fails a receiver that cannot take the same delivery twice on `duplicate` only", async () => {
    const r = await receiver("refuse-duplicate");
    const report = await merchant.checkCallbacks(r.url);
    expect(failedCases(report)).toEqual(["duplicate"]);
    const dup = report.cases[4]!;
    expect(dup.exchanges.map((x) => x.reply?.status)).toEqual([200, 500]);
    expect(dup.status).toBe(500);
  });

  it("never retries: a receiver answering 500 gets one request per case, and no callback delivery is made", async () => {
    const deliveries = async () =>
      (
        (await (
          await fetch(`${srv.baseUrl}/v1/callback-deliveries?limit=500`, {
            headers: { "X-Secret-Key": srv.credentials.merchant.secretKey },
          })
        ).json()) as { data: unknown[] }
      ).data.length;
    const before = await deliveries();
    const r = await receiver("broken");
    const report = await merchant.checkCallbacks(r.url);
    expect(failedCases(report)).toEqual(["valid", "duplicate"]);
    expect(r.hits).toHaveLength(6);
    expect(r.hits.every((h) => h.headers["x-nusapay-check"] === "1")).toBe(true);
    expect(await deliveries()).toBe(before);
  });

  it("defaults to the account's payment-link notify path; without a callback URL it answers 409", async () => {
    const r = await receiver("correct");
    await merchant.setCallbackBaseUrl(`${r.url}/shop`);
    const report = await merchant.checkCallbacks();
    expect(report.url).toBe(`${r.url}/shop/v1.0/payment-link/notify`);
    expect(report.passed).toBe(true);
    expect(new Set(r.hits.map((h) => h.path))).toEqual(new Set(["/shop/v1.0/payment-link/notify"]));
    await merchant.setCallbackBaseUrl(null);
    const none = await post("{}");
    expect(none.status).toBe(409);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe("no_callback_url");
  });

  it("runs with a console session as well", async () => {
    const login = srv.credentials.console![0]!;
    const { token } = await new ConsoleClient(srv.baseUrl, null).signIn(login.email, login.password);
    const r = await receiver("correct");
    const report = await new ConsoleClient(srv.baseUrl, { sessionToken: token }).checkCallbacks(r.url);
    expect(report.passed).toBe(true);
  });

  it("refuses hostile or unusable input with a 4xx, and sends nothing", async () => {
    const r = await receiver("accept-all");
    const cases: [string, Record<string, string>, number, string][] = [
      [JSON.stringify({ url: 5 }), {}, 400, "parameter_invalid"],
      [JSON.stringify({ url: [r.url] }), {}, 400, "parameter_invalid"],
      [JSON.stringify({ url: "ftp://127.0.0.1/x" }), {}, 400, "parameter_invalid"],
      [JSON.stringify({ url: "file:///etc/passwd" }), {}, 400, "parameter_invalid"],
      [JSON.stringify({ url: `${r.url}/a?b=c` }), {}, 400, "parameter_invalid"],
      [JSON.stringify({ url: `${r.url.replace("//", "//user:pw@")}/a` }), {}, 400, "parameter_invalid"],
      [JSON.stringify({ url: `${r.url}/${"a".repeat(5000)}` }), {}, 400, "parameter_invalid"],
      [JSON.stringify({ url: "http://no-such-host.invalid/hooks" }), {}, 400, "parameter_invalid"],
      ["{not json", {}, 400, "invalid_json"],
      [JSON.stringify({ url: r.url }), { "X-Secret-Key": "sk_test_nope" }, 401, "invalid_api_key"],
      [JSON.stringify({ url: r.url }), { "X-Secret-Key": "" }, 401, "invalid_api_key"],
    ];
    for (const [body, headers, status, code] of cases) {
      const res = await post(body, headers);
      expect([body.slice(0, 60), res.status]).toEqual([body.slice(0, 60), status]);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    expect(r.hits).toHaveLength(0);
  });

  it("`npm run check-callbacks -- URL` prints the report and exits 0 when every case passes, 1 when one fails", async () => {
    const good = await receiver("correct");
    const ok = await checkCli(srv, [good.url]);
    expect(ok.stderr).toBe("");
    expect(ok.stdout).toMatch(/^PASS {2}valid/m);
    expect(ok.stdout).toMatch(/^PASS {2}duplicate/m);
    expect(ok.stdout.trim().split("\n").at(-1)).toBe("passed");
    expect(ok.code).toBe(0);

    const bad = await receiver("accept-all");
    const failed = await checkCli(srv, [bad.url]);
    for (const name of FORGED) expect(failed.stdout).toMatch(new RegExp(`^FAIL {2}${name}`, "m"));
    expect(failed.stdout).toMatch(/^PASS {2}valid/m);
    expect(failed.stdout.trim().split("\n").at(-1)).toBe("failed: 3 of 5 cases");
    expect(failed.code).toBe(1);

    const refused = await checkCli(srv, ["ftp://example.test/"]);
    expect(refused.stderr).toMatch(/The gateway refused the check/);
    expect(refused.code).toBe(2);
  });

  it("`npm run check-callbacks` prints an endpoint's reply without its control characters", async () => {
    // The reply is the endpoint's to write, and it may be anyone's: raw, an escape sequence
    // would retitle, clear or rewrite the developer's terminal (OSC 52 even sets its clipboard).
    const hostile = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(401).end("\u001b]0;pwned\u0007\u001b[2Jrefused\rPASS"));
    });
    await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", resolve));
    receivers.push({ close: () => new Promise<void>((resolve) => hostile.close(() => resolve())) });
    const out = await checkCli(srv, [`http://127.0.0.1:${(hostile.address() as AddressInfo).port}/`]);
    expect(out.stdout).toContain("refused");
    // eslint-disable-next-line no-control-regex
    expect(out.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(out.code).toBe(1);
  });
});

describe("the per-merchant limit, shared by two instances on one PostgreSQL", () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let creds: SandboxCredentials;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const databaseUrl = await newDatabaseUrl();
    const env = { GATEWAY_MASTER_KEY: randomBytes(32).toString("base64"), CALLBACK_CHECK_LIMIT: "2" };
    a = await spawnServer({ db: "postgres", databaseUrl, env });
    await waitHealthy(a, 200_000);
    b = await spawnServer({ db: "postgres", databaseUrl, env });
    await waitHealthy(b, 200_000);
    creds = JSON.parse(fs.readFileSync(path.join(a.dataDir, "sandbox-credentials.json"), "utf8")) as SandboxCredentials;
  });
  afterAll(async () => {
    await close?.();
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("answers 429 rate_limited with Retry-After past the limit, counted across processes, per merchant", async () => {
    const r = await startCallbackReceiver("correct", creds.gatewayPublicKeyPem);
    close = r.close;
    const check = (srv: ServerProcess, auth: Record<string, string>) =>
      fetch(`${srv.baseUrl}/v1/callback-checks`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ url: r.url }),
      });
    const first = { "X-Secret-Key": creds.merchant.secretKey };
    expect((await check(a, first)).status).toBe(200);
    expect((await check(b, first)).status).toBe(200);
    const refused = await check(a, first);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await refused.json()) as { error: { type: string; code: string; param: unknown } };
    expect(body.error).toMatchObject({ type: "rate_limit_error", code: "rate_limited", param: null });
    expect((await check(b, first)).status).toBe(429);
    expect(r.hits).toHaveLength(12);
    // Another merchant's checks are its own.
    const other = creds.console![1]!;
    const { token } = await new ConsoleClient(b.baseUrl, null).signIn(other.email, other.password);
    expect((await check(b, { Authorization: `Bearer ${token}` })).status).toBe(200);
    expect(r.hits).toHaveLength(18);
  });
});
