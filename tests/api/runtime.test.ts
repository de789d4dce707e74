import { spawnSync } from "node:child_process";
import { createPublicKey } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { linkRequest } from "@/tests/support/factories";
import { alive, childrenOf, memory } from "@/tests/support/processes";
import { DB_KINDS, spawnServer, startServer, type RunningServer } from "@/tests/support/server";
import { signedHeaders } from "@/tests/support/snap-http";

const ROOT = path.resolve(import.meta.dirname, "../..");
const INQUIRY = "/v1.0/payment-link/inquiry";

/** Every secret value a run has seen, to look for in the server's output. */
class SecretBag {
  private readonly values = new Map<string, string>();
  add(name: string, value: string | null | undefined): void {
    if (value && value.length >= 8) this.values.set(value, name);
  }
  addPem(name: string, pem: string): void {
    // the base64 lines of the key body: any one of them in a log is a leak
    for (const line of pem.split("\n").filter((l) => l && !l.startsWith("-----"))) this.add(name, line);
  }
  expectAbsentFrom(text: string): void {
    expect(this.values.size).toBeGreaterThan(10);
    for (const [value, name] of this.values)
      expect(text.includes(value), `${name} appears in the server output`).toBe(false);
  }
}

/** fetch that records what the signing clients send and receive. */
function recordingFetch(bag: SecretBag): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    bag.add("X-SIGNATURE", headers.get("x-signature"));
    bag.add("bearer token", headers.get("authorization")?.replace(/^Bearer /, ""));
    const res = await fetch(input, init);
    const text = await res.clone().text();
    const token = /"accessToken":"([^"]+)"/.exec(text)?.[1];
    bag.add("access token", token);
    for (const m of text.matchAll(/[?&]secret=([A-Za-z0-9_-]+)/g)) bag.add("payment-link secret", m[1]);
    return res;
  }) as typeof fetch;
}

describe.each(DB_KINDS)("runtime on %s", (db) => {
  let srv: RunningServer;
  const bag = new SecretBag();

  beforeAll(async () => {
    srv = await startServer({ db });
  });
  afterAll(async () => {
    if (srv.child.exitCode === null) await srv.stop();
  });

  describe("sandbox credentials", () => {
    it("are written with mode 0600 in exactly the contract's shape", () => {
      const file = path.join(srv.dataDir, "sandbox-credentials.json");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const c = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
      expect(Object.keys(c).sort()).toEqual([
        "acquirer",
        "baseUrl",
        "console",
        "demoLinks",
        "gatewayPublicKeyPem",
        "merchant",
      ]);
      const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const privateKey = expect.stringMatching(/^-----BEGIN PRIVATE KEY-----\n[\s\S]+\n-----END PRIVATE KEY-----\n?$/);
      const str = expect.stringMatching(/^\S{8,}$/);
      const sk = expect.stringMatching(/^sk_test_[A-Za-z0-9_-]{20,}$/);
      expect(c).toEqual({
        baseUrl: `http://localhost:${srv.port}`,
        gatewayPublicKeyPem: expect.stringMatching(
          /^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/,
        ),
        merchant: {
          partnerId: uuid,
          clientKey: str,
          clientSecret: str,
          channelId: "95221",
          privateKeyPem: privateKey,
          secretKey: expect.stringMatching(/^sk_test_\S{16,}$/),
          callbackBaseUrl: null,
        },
        acquirer: { partnerId: uuid, clientKey: str, clientSecret: str, channelId: "95221", privateKeyPem: privateKey },
        demoLinks: expect.any(Array),
        // docs/contract.md §5.1: the two demo merchants' console logins, the first one the demo merchant's.
        console: [
          // Each demo merchant's sk_ key too, so isolation can be tried from outside (docs/contract.md §10).
          {
            merchant: (c.merchant as { partnerId: string }).partnerId,
            email: expect.any(String),
            password: str,
            secretKey: sk,
          },
          { merchant: uuid, email: expect.any(String), password: str, secretKey: sk },
        ],
      });
      const links = c.demoLinks as Record<string, unknown>[];
      expect(links[0]!.state).toBe("no-method");
      for (const l of links) {
        expect(Object.keys(l).sort()).toEqual(["paymentLinkId", "paymentLinkUri", "state"]);
        expect(l.paymentLinkUri).toMatch(
          new RegExp(`^http://localhost:${srv.port}/pay/${String(l.paymentLinkId)}\\?secret=[A-Za-z0-9_-]{22,}$`),
        );
      }
    });

    it("hold the gateway's public key (its private half is sealed in the database, in no file), and the other secret files are 0600 too", () => {
      const c = srv.credentials;
      expect(createPublicKey(c.gatewayPublicKeyPem).asymmetricKeyType).toBe("rsa");
      expect(fs.existsSync(path.join(srv.dataDir, "gateway-private-key.pem"))).toBe(false);
      for (const f of ["gateway-master.key", "checkout-client.json"]) {
        expect(fs.statSync(path.join(srv.dataDir, f)).mode & 0o777, f).toBe(0o600);
      }
    });

    it("`npm run credentials` prints them (DATA_DIR), and explains when there are none", () => {
      const file = fs.readFileSync(path.join(srv.dataDir, "sandbox-credentials.json"), "utf8");
      const ok = spawnSync("npm", ["run", "credentials"], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: srv.dataDir },
        encoding: "utf8",
      });
      expect(ok.status).toBe(0);
      expect(ok.stdout).toContain(file);
      const silent = spawnSync("npm", ["run", "--silent", "credentials"], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: srv.dataDir },
        encoding: "utf8",
      });
      expect(JSON.parse(silent.stdout)).toEqual(srv.credentials);
      const empty = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-empty-"));
      const none = spawnSync("npm", ["run", "--silent", "credentials"], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: empty },
        encoding: "utf8",
      });
      expect(none.status).toBe(1);
      expect(none.stdout).toBe("");
      expect(none.stderr).toMatch(/npm start/);
    });
  });

  it("`npm run example:create-link` creates a link with the typed client and prints its URI", async () => {
    const run = spawnSync("npm", ["run", "--silent", "example:create-link"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: srv.dataDir, GATEWAY_BASE_URL: srv.baseUrl },
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    const uri = new URL(run.stdout.trim());
    expect(`${uri.origin}${uri.pathname}`).toMatch(new RegExp(`^${srv.credentials.baseUrl}/pay/[0-9a-f-]{36}$`));
    bag.add("payment-link secret", uri.searchParams.get("secret"));
    const id = uri.pathname.split("/").pop()!;
    const inquiry = await srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: id } });
    expect(inquiry.paymentLinkData.paymentLinkUri).toBe(uri.href);
    expect(inquiry.paymentLinkData.totalAmount).toEqual({ currency: "IDR", value: "265000.00" });
  });

  it("never logs a secret: client secrets, keys, secret key, tokens, signatures, link secrets", async () => {
    const c = srv.credentials;
    for (const p of [c.merchant, c.acquirer, srv.checkout]) {
      bag.add("client secret", p.clientSecret);
      bag.addPem("partner private key", p.privateKeyPem);
    }
    bag.add("secret key", c.merchant.secretKey);
    bag.add("master key", fs.readFileSync(path.join(srv.dataDir, "gateway-master.key"), "utf8").trim());
    for (const l of c.demoLinks) bag.add("demo link secret", new URL(l.paymentLinkUri).searchParams.get("secret"));

    const merchant = new GatewayClient(srv.baseUrl, c.merchant, recordingFetch(bag));
    const checkout = new GatewayClient(srv.baseUrl, srv.checkout, recordingFetch(bag));
    const { paymentLinkData: link } = await merchant.createPaymentLink(linkRequest());
    await merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.paymentLinkId } });
    await checkout.paymentLinkMethods({ additionalInfo: { paymentLinkId: link.paymentLinkId } });
    await checkout.payPaymentLink({
      additionalInfo: { paymentLinkId: link.paymentLinkId, paymentMethod: { groupId: "va", methodId: "bca" } },
    });
    // refused and odd requests: wrong signature, oversized body, unknown route, bad JSON
    await merchant.snap.raw({ method: "POST", path: INQUIRY, body: "{}", headers: { "X-SIGNATURE": "AAAA" } });
    await merchant.snap.raw({ method: "POST", path: INQUIRY, body: JSON.stringify({ pad: "x".repeat(70_000) }) });
    await merchant.snap.raw({ method: "POST", path: "/v1.0/nope", body: "{}" });
    await merchant.snap.raw({ method: "POST", path: INQUIRY, body: "{" });
    await merchant.snap.raw({
      method: "POST",
      path: INQUIRY,
      body: JSON.stringify({ partnerReferenceNo: `?secret=${"q".repeat(24)}` }),
    });
    bag.add("secret in a body", "q".repeat(24));
    // the payer's page, with the right and a wrong secret (the Next side may 404 for now)
    const secret = new URL(link.paymentLinkUri).searchParams.get("secret")!;
    bag.add("payment-link secret", secret);
    for (const s of [secret, "WRONGsecretWRONGsecret00"]) {
      const page = await fetch(`${srv.baseUrl}/pay/${link.paymentLinkId}?secret=${s}`, { redirect: "manual" });
      expect(page.status).toBeLessThan(500);
    }
    bag.add("wrong link secret", "WRONGsecretWRONGsecret00");
    expect(srv.logs()).toContain("gateway and checkout listening"); // the capture works
    bag.expectAbsentFrom(srv.logs());
  });

  it("follows one payer's request end to end: the page's X-Request-Id reaches the gateway's log line for its Inquiry", async () => {
    const link = await srv.merchant.createPaymentLink(linkRequest());
    const uri = new URL(link.paymentLinkData.paymentLinkUri);
    const requestId = `trace-${Date.now()}-payer`;
    const res = await fetch(`${srv.baseUrl}${uri.pathname}${uri.search}`, {
      redirect: "manual",
      headers: { "X-Request-Id": requestId },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("x-request-id")).toBe(requestId);
    // The proxy checked the secret with a signed Inquiry: that call carried the page's id.
    // (The log line travels through a pipe: it may land a moment after the answer.)
    const inquiryLines = () =>
      srv
        .logs()
        .split("\n")
        .filter((l) => l.includes(`"url":"${INQUIRY}"`) && l.includes(`"requestId":"${requestId}"`)).length;
    await expect.poll(inquiryLines, { timeout: 10_000 }).toBeGreaterThan(0);
    // An id that is not a plain token is replaced, not echoed into logs.
    const odd = await fetch(`${srv.baseUrl}/api/health`, { headers: { "X-Request-Id": "<script>" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("SIGTERM with requests in flight: each completes, no new connection is taken, the process exits 0", async () => {
    const c = srv.credentials;
    const client = new GatewayClient(srv.baseUrl, c.merchant, recordingFetch(bag)).snap;
    const body = JSON.stringify({ additionalInfo: { paymentLinkId: c.demoLinks[0]!.paymentLinkId } });
    const bytes = Buffer.from(body);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started = 0;

    // Keep-alive clients (fetch) and one-shot ones (node:http, Connection: close), each with
    // a body that arrives in two parts: the server is inside the request when SIGTERM comes.
    const viaFetch = Array.from({ length: 6 }, async () => {
      const headers = await signedHeaders(client, { method: "POST", path: INQUIRY, body });
      bag.add("X-SIGNATURE", headers["X-SIGNATURE"]);
      let step = 0;
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (step === 0) controller.enqueue(bytes.subarray(0, 10));
          else if (step === 1) {
            started++;
            await gate;
            controller.enqueue(bytes.subarray(10));
          } else controller.close();
          step++;
        },
      });
      const res = await fetch(`${srv.baseUrl}${INQUIRY}`, {
        method: "POST",
        headers,
        body: stream,
        duplex: "half",
      } as RequestInit);
      return { status: res.status, body: (await res.json()) as { responseCode: string } };
    });
    const viaHttp = Array.from({ length: 4 }, async () => {
      const headers = await signedHeaders(client, { method: "POST", path: INQUIRY, body });
      bag.add("X-SIGNATURE", headers["X-SIGNATURE"]);
      return new Promise<{ status: number; body: { responseCode: string } }>((resolve, reject) => {
        const req = http.request(
          `${srv.baseUrl}${INQUIRY}`,
          { method: "POST", headers: { ...headers, "Content-Length": String(bytes.length) }, agent: false },
          (res) => {
            let text = "";
            res.on("data", (d: Buffer) => (text += d.toString()));
            res.on("end", () =>
              resolve({ status: res.statusCode!, body: JSON.parse(text) as { responseCode: string } }),
            );
          },
        );
        req.on("error", reject);
        req.write(bytes.subarray(0, 10), () => {
          started++;
          void gate.then(() => req.end(bytes.subarray(10)));
        });
      });
    });

    while (started < 10) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300)); // let the server parse every request head
    const exited = srv.stop("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    expect(srv.child.exitCode).toBeNull(); // still serving the requests in flight
    await expect(fetch(`${srv.baseUrl}/api/health`)).rejects.toThrow(); // but no longer listening
    release();

    const answers = await Promise.all([...viaFetch, ...viaHttp]);
    expect(answers).toHaveLength(10);
    for (const a of answers) expect(a).toMatchObject({ status: 200, body: { responseCode: "2002700" } });
    const code = await Promise.race([
      exited,
      new Promise((r) => setTimeout(() => r("still running after 5 s"), 5_000)),
    ]);
    expect(code).toBe(0);
    expect(srv.logs()).toMatch(/"inFlight":10\b.*"msg":"shutting down/);
    expect(srv.logs()).toContain('"msg":"closed"');
    bag.expectAbsentFrom(srv.logs());
  });
});

describe("WEB_CONCURRENCY on postgres", () => {
  // The primary's first child is the process that prepares the database; the workers are
  // forked only once it has exited. Preparing (loading the driver, migrating, seeding with
  // key generation) takes well over a second; the child is caught within 10 ms of appearing.
  async function whilePreparing(env: Record<string, string> = {}) {
    const proc = await spawnServer({ db: "postgres", env: { WEB_CONCURRENCY: "2", ...env } });
    // The preparing process alone carries the role in its environment (a worker never does);
    // a child caught between fork and exec still shows the primary's environment.
    const role = (pid: string) => {
      try {
        return fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes("NUSAPAY_PREPARE=1");
      } catch {
        return false;
      }
    };
    let preparing: string | undefined;
    await expect
      .poll(
        () => {
          if (proc.child.exitCode !== null)
            throw new Error(`the primary exited (${proc.child.exitCode}): ${proc.logs()}`);
          return (preparing = childrenOf(proc.child.pid!).find(role));
        },
        { timeout: 60_000, interval: 10 },
      )
      .toBeDefined();
    return { proc, preparing: Number(preparing) };
  }

  it(
    "SIGTERM while the database is prepared stops the preparing process too, and says so",
    { timeout: 120_000 },
    async () => {
      const { proc, preparing } = await whilePreparing();
      proc.child.kill("SIGTERM");
      expect(await proc.exited).toBe(1);
      await expect.poll(() => alive(preparing), { timeout: 10_000 }).toBe(false);
      expect(proc.logs()).toMatch(/^failed to start: the process preparing the database ended \(SIGTERM\)$/m);
      expect(proc.logs()).not.toContain("server process listening");
    },
  );

  it("a preparing process that dies without a word is reported by the primary", { timeout: 120_000 }, async () => {
    const { proc, preparing } = await whilePreparing();
    process.kill(preparing, "SIGKILL");
    expect(await proc.exited).toBe(1);
    expect(proc.logs()).toMatch(/^failed to start: the process preparing the database ended \(SIGKILL\)$/m);
  });

  it("a preparing process whose primary is gone stops where it is", { timeout: 120_000 }, async () => {
    const { proc, preparing } = await whilePreparing();
    proc.child.kill("SIGKILL");
    // It does not go on to migrate and seed for a primary that will never fork workers (it
    // was caught within milliseconds of starting, before it opened the database), nor crash
    // on the answer it cannot send.
    await expect.poll(() => alive(preparing), { timeout: 30_000, interval: 20 }).toBe(false);
    expect(proc.logs()).not.toMatch(/ERR_IPC_CHANNEL_CLOSED|Unhandled|Gateway \+ checkout ready/);
    const db = new pg.Client({ connectionString: proc.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ partners: string | null }>("select to_regclass('public.partners') as partners");
      const seeded = rows[0]!.partners ? (await db.query("select 1 from partners")).rowCount : 0;
      expect(seeded).toBe(0);
    } finally {
      await db.end();
    }
  });

  it(
    "two processes share the port and one database; SIGTERM stops both and the primary exits 0",
    { timeout: 240_000 },
    async () => {
      const srv = await startServer({ db: "postgres", env: { WEB_CONCURRENCY: "2", LOG_LEVEL: "debug" } });
      try {
        const pids = () =>
          new Set([...srv.logs().matchAll(/"pid":(\d+)[^\n]*"msg":"server process listening"/g)].map((m) => m[1])).size;
        await expect.poll(pids, { timeout: 10_000 }).toBe(2);
        // Every server process runs with the V8 flags of lib/server/node-flags.json (the young
        // generation's size: docs/live-events.md), the workers by inheritance from the primary.
        const flags = JSON.parse(fs.readFileSync(path.join(ROOT, "lib/server/node-flags.json"), "utf8")) as string[];
        expect(flags.length).toBeGreaterThan(0);
        const workers = [...srv.logs().matchAll(/"pid":(\d+)[^\n]*"msg":"server process listening"/g)].map(
          (m) => m[1]!,
        );
        for (const pid of new Set([String(srv.child.pid), ...workers])) {
          const argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
          expect(argv, `process ${pid}`).toEqual(expect.arrayContaining(flags));
        }
        // A token issued by one process is honoured by the other: everything lives in the database.
        const link = await srv.merchant.createPaymentLink(linkRequest());
        const id = link.paymentLinkData.paymentLinkId;
        const answers = await Promise.all(
          Array.from({ length: 12 }, () => srv.merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: id } })),
        );
        for (const a of answers) expect(a.paymentLinkData.paymentLinkId).toBe(id);
        // The primary only forks and watches. The process that prepared the database is gone,
        // and the primary never loaded Next or the database driver (lib/server/main.ts), so it
        // holds well under what a server process does (it held as much before).
        expect(new Set(childrenOf(srv.child.pid!))).toEqual(new Set(workers));
        for (const pid of workers) expect(memory(srv.child.pid!).rss).toBeLessThan(memory(pid).rss * 0.6);
      } finally {
        expect(await srv.stop("SIGTERM")).toBe(0);
      }
      expect(srv.logs()).toContain("SIGTERM: stopping the server processes");
    },
  );
});
