import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConsoleClient } from "@/lib/clients/console-client";
import { GatewayClient, type SnapCredentials } from "@/lib/clients/gateway-client";
import { vaNotification } from "@/lib/clients/simulator";
import { generateRsaKeyPair } from "@/lib/gateway/vault";
import { actionHeaders, actionId } from "@/tests/support/actions";
import { startCallbackReceiver } from "@/tests/support/callback-receivers";
import { linkRequest } from "@/tests/support/factories";
import { snapError } from "@/tests/support/snap-error";
import {
  DB_KINDS,
  expectRefusal,
  newDatabaseUrl,
  spawnServer,
  waitHealthy,
  type DbKind,
  type ServerProcess,
} from "@/tests/support/server";

/**
 * GATEWAY_MODE=production (docs/contract.md §6.1): the sandbox is gone — no seed, no test cards, no
 * 3-D Secure simulator, no simulator panel — partners come from `npm run partners`, and
 * the process refuses to start on anything unsafe, saying which setting and why.
 */
// Each case starts real processes (server, the partners command); a loaded 2-core machine is slow at that.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 360_000 });

const ROOT = path.resolve(import.meta.dirname, "../..");
const PUBLIC = "https://pay.example.test";
const production = (masterKey = randomBytes(32).toString("base64")) => ({
  GATEWAY_MODE: "production",
  GATEWAY_MASTER_KEY: masterKey,
  PUBLIC_BASE_URL: PUBLIC,
});

/** `npm run partners -- …` with the server's environment: exit code, stdout, stderr. */
function partnersCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "partners", "--", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

function keyFile(publicKeyPem: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-key-")), "public.pem");
  fs.writeFileSync(file, publicKeyPem);
  return file;
}

/** A checkout-only process's credentials (never used: these processes refuse to start). */
function checkoutOnly(): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-co-"));
  const keyFile = path.join(dir, "private-key.pem");
  fs.writeFileSync(keyFile, generateRsaKeyPair().privateKeyPem, { mode: 0o600 });
  return {
    GATEWAY_BASE_URL: "https://gateway.example.test",
    CHECKOUT_PARTNER_ID: "CHECKOUT01",
    CHECKOUT_CLIENT_KEY: "checkout-client",
    CHECKOUT_CLIENT_SECRET: randomBytes(32).toString("base64url"),
    CHECKOUT_PRIVATE_KEY_FILE: keyFile,
    CHECKOUT_SECRET_KEY: `sk_live_${randomBytes(24).toString("base64url")}`,
  };
}

/** The one line a refusal prints, from the process's output. */
const refusalLine = (output: string) => output.split("\n").filter((l) => l.startsWith("refusing to start: "));

describe("production refuses to start on anything unsafe", () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    [
      "no master key",
      { ...production(), GATEWAY_MASTER_KEY: "" },
      /^refusing to start: GATEWAY_MASTER_KEY: required in production/,
    ],
    [
      "a master key of the wrong size",
      production(randomBytes(16).toString("base64")),
      /^refusing to start: GATEWAY_MASTER_KEY: must be base64 of exactly 32 bytes/,
    ],
    [
      "an unreadable master key file",
      { ...production(), GATEWAY_MASTER_KEY: "", GATEWAY_MASTER_KEY_FILE: "/nonexistent/master.key" },
      /^refusing to start: GATEWAY_MASTER_KEY_FILE: cannot read/,
    ],
    [
      "no PUBLIC_BASE_URL",
      { ...production(), PUBLIC_BASE_URL: "" },
      /^refusing to start: PUBLIC_BASE_URL: required in production/,
    ],
    [
      "an http PUBLIC_BASE_URL",
      { ...production(), PUBLIC_BASE_URL: "http://pay.example.test" },
      /^refusing to start: PUBLIC_BASE_URL: must be https:\/\/ in production/,
    ],
    [
      "an http PAY_BASE_URL (every link and its secret are on it)",
      { ...production(), PAY_BASE_URL: "http://pay.example.test" },
      /^refusing to start: PAY_BASE_URL: must be https:\/\/ in production/,
    ],
    [
      "a PUBLIC_BASE_URL with a user and password",
      { ...production(), PUBLIC_BASE_URL: "https://ops:hunter2@pay.example.test" },
      /^refusing to start: PUBLIC_BASE_URL: must be an http\(s\):\/\/ URL without query, fragment, user or password/,
    ],
    [
      "an http GATEWAY_PUBLIC_URL",
      { ...production(), GATEWAY_PUBLIC_URL: "http://gateway.example.test" },
      /^refusing to start: GATEWAY_PUBLIC_URL: must be https:\/\/ in production/,
    ],
    [
      "a placeholder master key (all zeros)",
      production(Buffer.alloc(32).toString("base64")),
      /^refusing to start: GATEWAY_MASTER_KEY: is one byte repeated, not a random key/,
    ],
    [
      "a checkout-only process on http (it opens no database, but its links and cookies need https too)",
      { ...production(), ...checkoutOnly(), PUBLIC_BASE_URL: "http://checkout.example.test" },
      /^refusing to start: PUBLIC_BASE_URL: must be https:\/\/ in production/,
    ],
    [
      "a checkout-only process that would send its secret key to a remote gateway over http",
      { ...production(), ...checkoutOnly(), GATEWAY_BASE_URL: "http://gateway.example.test" },
      /^refusing to start: GATEWAY_BASE_URL: must be https:\/\/ in production/,
    ],
    [
      "a sandbox callback base",
      { ...production(), SANDBOX_CALLBACK_BASE_URL: "http://127.0.0.1:9" },
      /^refusing to start: SANDBOX_CALLBACK_BASE_URL: sandbox only/,
    ],
  ];
  it.each(cases)("%s: exits non-zero with one line naming the setting", async (_, env, line) => {
    const { code, output } = await expectRefusal({ db: "pglite", env });
    expect(code).not.toBe(0);
    const lines = refusalLine(output);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
    expect(output).not.toContain("    at "); // no stack trace for an operator's mistake
  });

  it("a master key from GATEWAY_MASTER_KEY_FILE is enough", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-mk-")), "master.key");
    fs.writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600 });
    const proc = await spawnServer({
      db: "pglite",
      env: { ...production(), GATEWAY_MASTER_KEY: "", GATEWAY_MASTER_KEY_FILE: file },
    });
    try {
      await waitHealthy(proc, 200_000);
    } finally {
      await proc.stop();
    }
  });
});

describe.each(DB_KINDS)("production on %s", (db: DbKind) => {
  // A short connect limit: the SSRF table's name that does not resolve must not wait long.
  const env = { ...production(), CALLBACK_CONNECT_TIMEOUT_MS: "1000" };
  let proc: ServerProcess;
  let merchant: GatewayClient;
  let merchantCreds: SnapCredentials & { secretKey: string };
  let acquirerCreds: SnapCredentials;
  const merchantKeys = generateRsaKeyPair();
  const acquirerKeys = generateRsaKeyPair();
  let cliEnv: Record<string, string>;
  let consoleLogin: { email: string; password: string };
  let userRefusals: { code: number | null; stdout: string; stderr: string }[];

  const provision = async (kind: string, name: string, publicKeyPem: string) => {
    const r = await partnersCli(["add", kind, "--name", name, "--public-key", keyFile(publicKeyPem)], cliEnv);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n")).toHaveLength(1);
    return JSON.parse(r.stdout) as Record<string, string>;
  };

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-prod-"));
    const databaseUrl = db === "postgres" ? await newDatabaseUrl() : "";
    cliEnv = { ...env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
    // PGlite is one process per data dir: provision before the server opens it.
    const m = await provision("merchant", "Warung Production", merchantKeys.publicKeyPem);
    const a = await provision("acquirer", "Bank Production", acquirerKeys.publicKeyPem);
    expect(Object.keys(m).sort()).toEqual(["clientKey", "clientSecret", "partnerId", "secretKey"]);
    expect(Object.keys(a).sort()).toEqual(["clientKey", "clientSecret", "partnerId"]);
    expect(m.secretKey).toMatch(/^sk_live_/);
    merchantCreds = {
      partnerId: m.partnerId!,
      clientKey: m.clientKey!,
      clientSecret: m.clientSecret!,
      channelId: "95221",
      privateKeyPem: merchantKeys.privateKeyPem,
      secretKey: m.secretKey!,
    };
    // A console user of the merchant (docs/contract.md §6.2): `{"email","password"}`, shown once.
    const user = await partnersCli(
      ["add", "user", "--merchant", m.partnerId!, "--email", "Owner@Warung.example"],
      cliEnv,
    );
    expect(user.stderr).toBe("");
    expect(user.code).toBe(0);
    consoleLogin = JSON.parse(user.stdout) as { email: string; password: string };
    expect(Object.keys(consoleLogin).sort()).toEqual(["email", "password"]);
    expect(consoleLogin.email).toBe("owner@warung.example");
    // Refused: the same email again, and an acquirer given as the merchant.
    userRefusals = [
      await partnersCli(["add", "user", "--merchant", m.partnerId!, "--email", "owner@warung.example"], cliEnv),
      await partnersCli(["add", "user", "--merchant", a.partnerId!, "--email", "bank@example.test"], cliEnv),
    ];
    acquirerCreds = {
      partnerId: a.partnerId!,
      clientKey: a.clientKey!,
      clientSecret: a.clientSecret!,
      channelId: "95221",
      privateKeyPem: acquirerKeys.privateKeyPem,
    };
    proc = await spawnServer({ db, env, dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
    await waitHealthy(proc, 200_000);
    merchant = new GatewayClient(proc.baseUrl, merchantCreds);
  });
  afterAll(async () => {
    await proc?.stop();
  });

  it("seeds no sandbox: no credentials file, no demo links, no test keys", async () => {
    expect(fs.existsSync(path.join(proc.dataDir, "sandbox-credentials.json"))).toBe(false);
    expect(fs.existsSync(path.join(proc.dataDir, "gateway-master.key"))).toBe(false);
    const checkout = JSON.parse(fs.readFileSync(path.join(proc.dataDir, "checkout-client.json"), "utf8")) as {
      secretKey: string;
    };
    expect(checkout.secretKey).toMatch(/^sk_live_/);
    expect(fs.statSync(path.join(proc.dataDir, "checkout-client.json")).mode & 0o777).toBe(0o600);
    // The merchant's own listing holds nothing it did not create.
    const res = await fetch(`${proc.baseUrl}/v1/callback-deliveries?limit=10`, {
      headers: { "X-Secret-Key": merchantCreds.secretKey },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data).toEqual([]);
  });

  it("its front door and console sign-in say nothing of a sandbox or its demo logins, in either language", async () => {
    for (const lang of ["en", "id"])
      for (const page of ["/", "/merchant/sign-in"]) {
        const html = await (await fetch(`${proc.baseUrl}${page}?lang=${lang}`)).text();
        expect(html, `${page} ${lang}`).toContain("Nusapay");
        expect(html, `${page} ${lang}`).not.toMatch(/sandbox|npm run credentials|kredensial|credentials file/i);
      }
  });

  it("shows the card group inactive, 'Not available' / 'Tidak tersedia', and refuses to pay by card", async () => {
    const { paymentLinkData: link } = await merchant.createPaymentLink(linkRequest());
    const methods = await merchant.paymentLinkMethods({ additionalInfo: { paymentLinkId: link.paymentLinkId } });
    const cc = methods.paymentLinkPaymentMethod.additionalInfo.paymentMethod.find((g) => g.id === "cc")!;
    expect(cc).toMatchObject({
      active: false,
      activeText: { english: "Not available", indonesia: "Tidak tersedia" },
      method: [],
    });
    const pay = merchant.payPaymentLink({
      additionalInfo: { paymentLinkId: link.paymentLinkId, paymentMethod: { groupId: "cc", methodId: "card" } },
    });
    await expect(pay).rejects.toMatchObject({ status: 403, responseCode: "4032701" });
    // SNAP Card Pay
    const card = merchant.cardPay({
      partnerReferenceNo: `CARD-${randomBytes(4).toString("hex")}`,
      amount: { value: "10000.00", currency: "IDR" },
      urlParams: [{ url: "https://merchant.example/back", type: "PAY_RETURN", isDeeplink: "N" }],
      additionalInfo: {},
    });
    await expect(card).rejects.toMatchObject({ status: 403, responseCode: "4035401" });
  });

  it("carries Strict-Transport-Security on its pages and its gateway answers, refusals included", async () => {
    const answers = [
      await fetch(`${proc.baseUrl}/`),
      await fetch(`${proc.baseUrl}/merchant/sign-in`),
      await fetch(`${proc.baseUrl}/pay/${randomUUID()}`),
      await fetch(`${proc.baseUrl}/api/health`),
      await fetch(`${proc.baseUrl}/openapi.json`),
      await fetch(`${proc.baseUrl}/v1.0/payment-link/create`, { method: "POST", body: "{}" }),
      await fetch(`${proc.baseUrl}/v1/payment-intents/${randomUUID()}`),
    ];
    for (const res of answers)
      expect(res.headers.get("strict-transport-security"), res.url).toBe("max-age=63072000; includeSubDomains");
  });

  it("the sandbox's actions cannot be invoked, the payer page's nor the console's, even with an acquirer's keys where the sandbox keeps them", async () => {
    const { paymentLinkData: link } = await merchant.createPaymentLink(linkRequest());
    await merchant.payPaymentLink({
      additionalInfo: { paymentLinkId: link.paymentLinkId, paymentMethod: { groupId: "va", methodId: "bca" } },
    });
    const uri = new URL(link.paymentLinkUri);
    const swap = await fetch(`${proc.baseUrl}${uri.pathname}${uri.search}`, { redirect: "manual" });
    const payer = (swap.headers.get("set-cookie") ?? "").split(";")[0]!;
    const session = await new ConsoleClient(proc.baseUrl, null).signIn(consoleLogin.email, consoleLogin.password);
    /** An action posted as the page's own script posts it (same origin, its session), answered 200 with its result. */
    const invoke = async (page: string, id: string, cookie: string, args: unknown[]) => {
      const res = await fetch(`${proc.baseUrl}${page}`, {
        method: "POST",
        headers: actionHeaders(id, { cookie, Origin: proc.baseUrl }),
        body: JSON.stringify(args),
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    // The acquirer's real credentials, planted where the sandbox reads its own: still nothing is sent.
    const planted = path.join(proc.dataDir, "sandbox-credentials.json");
    fs.writeFileSync(planted, JSON.stringify({ acquirer: acquirerCreds }), { mode: 0o600 });
    try {
      // The payer page's door is its simulate route (lib/checkout/action-routes.ts), posted as its script posts it.
      const simulate = async (outcome: string) => {
        const res = await fetch(`${proc.baseUrl}${uri.pathname}/actions/simulate`, {
          method: "POST",
          headers: { cookie: payer, Origin: proc.baseUrl, "content-type": "application/json" },
          body: JSON.stringify({ outcome }),
        });
        expect(res.status).toBe(200);
        return res.text();
      };
      const answers = [
        ...(await Promise.all(["pay", "fail"].map(simulate))),
        await invoke(
          `/merchant/links/${link.paymentLinkId}`,
          actionId("simulateAction", "app/merchant/actions.ts"),
          `nusapay_console=${session.token}`,
          [link.paymentLinkId, "va"],
        ),
      ];
      for (const text of answers) {
        expect(text).toContain('"ok":false');
        expect(text).not.toContain('"ok":true');
      }
    } finally {
      fs.rmSync(planted, { force: true });
    }
    const after = await merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.paymentLinkId } });
    expect(after.paymentLinkData.paymentFlagStatus).toBe("02");
  });

  it("shows the e-wallet group inactive, 'Not available' / 'Tidak tersedia', refuses wallets and serves no wallet page", async () => {
    const { paymentLinkData: link } = await merchant.createPaymentLink(linkRequest());
    const methods = await merchant.paymentLinkMethods({ additionalInfo: { paymentLinkId: link.paymentLinkId } });
    const ew = methods.paymentLinkPaymentMethod.additionalInfo.paymentMethod.find((g) => g.id === "ew")!;
    expect(ew).toMatchObject({
      active: false,
      activeText: { english: "Not available", indonesia: "Tidak tersedia" },
      method: [],
    });
    for (const methodId of ["dana", "ovo"]) {
      const pay = merchant.payPaymentLink({
        additionalInfo: {
          paymentLinkId: link.paymentLinkId,
          paymentMethod: { groupId: "ew", methodId, phoneNumber: "081234567890" },
        },
      });
      await expect(pay).rejects.toMatchObject({ status: 403, responseCode: "4032701" });
    }
    const page = await fetch(`${proc.baseUrl}/v1.0/debit/wallet/EW250101000000000000?token=x`);
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
  });

  it("refuses /v1 card payments and has no 3-D Secure simulator", async () => {
    const headers = { "X-Secret-Key": merchantCreds.secretKey, "Content-Type": "application/json" };
    const create = await fetch(`${proc.baseUrl}/v1/payment-intents`, {
      method: "POST",
      headers,
      body: JSON.stringify({ amount: 10000, currency: "IDR" }),
    });
    expect(create.status).toBe(400);
    expect(((await create.json()) as { error: { code: string } }).error.code).toBe("card_payments_unavailable");
    const id = "4f0b8d7e-6a1c-4b8e-9d2f-3c5a7e9b1d04";
    const confirm = await fetch(`${proc.baseUrl}/v1/payment-intents/${id}/confirm`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        clientSecret: `pi_${id}_secret_x`,
        card: { number: "4111111111111111", expMonth: 12, expYear: 2040, cvc: "123", holderName: "T" },
      }),
    });
    expect(confirm.status).toBe(400);
    expect(((await confirm.json()) as { error: { code: string } }).error.code).toBe("card_payments_unavailable");
    expect((await fetch(`${proc.baseUrl}/v1/payment-intents/${id}/3ds?token=x`)).status).toBe(404);
    expect(
      (
        await fetch(`${proc.baseUrl}/v1/payment-intents/${id}/3ds`, {
          method: "POST",
          body: new URLSearchParams({ token: "x", action: "approve" }),
        })
      ).status,
    ).toBe(404);
  });

  it("settles a VA through a provisioned acquirer, and the checkout shows no simulator", async () => {
    const { paymentLinkData: link } = await merchant.createPaymentLink(linkRequest());
    const chosen = await merchant.payPaymentLink({
      additionalInfo: { paymentLinkId: link.paymentLinkId, paymentMethod: { groupId: "va", methodId: "bca" } },
    });
    const va = (chosen.paymentLinkData.payment.content as { value: string }).value;

    // The payer's page (the secret exchanged for the cookie), as a browser would load it.
    const uri = new URL(link.paymentLinkUri);
    expect(uri.origin).toBe(PUBLIC);
    const first = await fetch(`${proc.baseUrl}${uri.pathname}${uri.search}`, { redirect: "manual" });
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0]!;
    const page = await fetch(`${proc.baseUrl}${uri.pathname}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(va.trim());
    // The sandbox test card as the card step's hint prints it; a bare "4111" also matched the page's
    // own clock (`"serverNow":1795772411…`, milliseconds since the epoch) now and then.
    expect(html).not.toMatch(/Simulate payment|Sandbox|4111 1111 1111 1111/);

    const acquirer = new GatewayClient(proc.baseUrl, acquirerCreds);
    const res = await acquirer.notifyVaPayment(
      vaNotification({ virtualAccountNo: va, amount: link.totalAmount.value }),
    );
    expect(res.responseCode).toBe("2002500");
    const after = await merchant.inquiryPaymentLink({ additionalInfo: { paymentLinkId: link.paymentLinkId } });
    expect(after.paymentLinkData.paymentFlagStatus).toBe("00");
  });

  it("refuses callback targets inside the network however they are written (SSRF), and connects to none", async () => {
    // Each form points at a live loopback service that answers anything: it must never see a
    // connection, nor its words come back to the merchant.
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections++;
      socket.on("error", () => {});
      socket.resume();
      socket.end("HTTP/1.1 200 OK\r\nContent-Length: 12\r\nConnection: close\r\n\r\nsecret-admin");
    });
    await new Promise<void>((r) => listener.listen(0, "127.0.0.1", r));
    const port = (listener.address() as net.AddressInfo).port;
    try {
      const forms = [
        `http://[::ffff:7f00:1]:${port}/hooks`,
        `http://[::ffff:127.0.0.1]:${port}/hooks`,
        `http://0x7f.1:${port}/hooks`,
        `http://2130706433:${port}/hooks`,
        `http://0177.0.0.1:${port}/hooks`,
        `http://127.1:${port}/hooks`,
        `http://127.0.0.1:${port}/hooks`,
        `http://[::1]:${port}/hooks`,
        `http://[::]:${port}/hooks`,
        `http://[fec0::1]:${port}/hooks`,
        `http://[64:ff9b::7f00:1]:${port}/hooks`,
        `http://[2002:7f00:1::1]:${port}/hooks`,
        `http://198.18.0.1:${port}/hooks`,
        `http://100.64.0.1:${port}/hooks`,
        `http://169.254.169.254/latest/meta-data/`,
        `http://[fe80::1]:${port}/hooks`,
        `http://[fc00::1]:${port}/hooks`,
        `http://0.0.0.0:${port}/hooks`,
        `http://10.1.2.3/hooks`,
        `http://192.168.0.10/hooks`,
        `http://224.0.0.1/hooks`,
        `http://localhost:${port}/hooks`,
        `http://LOCALHOST.:${port}/hooks`,
        // The machine's own name: /etc/hosts maps it to loopback (or it does not resolve at all).
        `http://${os.hostname()}:${port}/hooks`,
        `http://no-such-host.invalid/hooks`,
      ];
      const answers = [];
      for (const url of forms) {
        const create = merchant.createPaymentLink(linkRequest({ additionalInfo: { callbackBaseUrl: url } }));
        answers.push([url, await snapError(create)]);
      }
      expect(answers).toEqual(
        forms.map((url) => [
          url,
          { status: 400, code: "4002701", message: "Invalid Field Format additionalInfo.callbackBaseUrl" },
        ]),
      );
      const res = await fetch(`${proc.baseUrl}/v1/callback-deliveries?limit=500`, {
        headers: { "X-Secret-Key": merchantCreds.secretKey },
      });
      expect(await res.text()).not.toContain("secret-admin");
      expect(connections).toBe(0);
      // A public address is accepted (an IP literal: no DNS needed).
      const ok = await merchant.createPaymentLink(
        linkRequest({ additionalInfo: { callbackBaseUrl: "https://8.8.8.8/hooks" } }),
      );
      expect(ok.paymentLinkData.paymentFlagStatus).toBe("02");
    } finally {
      await new Promise((r) => listener.close(r));
    }
  });

  it("the callback check follows the production address rules: a loopback or private endpoint is refused and gets nothing", async () => {
    const r = await startCallbackReceiver("accept-all", merchantKeys.publicKeyPem);
    try {
      for (const url of [
        `${r.url}/hooks`,
        "http://10.0.0.1/hooks",
        "http://[::1]:9/hooks",
        "http://localhost:9/hooks",
      ]) {
        const res = await fetch(`${proc.baseUrl}/v1/callback-checks`, {
          method: "POST",
          headers: { "X-Secret-Key": merchantCreds.secretKey, "Content-Type": "application/json" },
          body: JSON.stringify({ url }),
        });
        expect([url, res.status]).toEqual([url, 400]);
        const body = (await res.json()) as { error: { code: string; param: string } };
        expect(body.error).toMatchObject({ code: "parameter_invalid", param: "url" });
      }
      expect(r.hits).toHaveLength(0);
    } finally {
      await r.close();
    }
  });

  it("a console user from `npm run partners -- add user` signs in to the console; a taken email or a non-merchant is refused", async () => {
    const session = await new ConsoleClient(proc.baseUrl, null).signIn(consoleLogin.email, consoleLogin.password);
    const account = await new ConsoleClient(proc.baseUrl, { sessionToken: session.token }).account();
    expect(account.partnerId).toBe(merchantCreds.partnerId);
    const [taken, notMerchant] = userRefusals;
    expect(taken).toMatchObject({ code: 1, stdout: "" });
    expect(taken!.stderr).toMatch(/^partners: --email: a console user owner@warung\.example exists already\n$/);
    expect(notMerchant).toMatchObject({ code: 1, stdout: "" });
    expect(notMerchant!.stderr).toMatch(/^partners: --merchant: no merchant /);
  });

  it("`npm run partners` refuses a private key, a callback base that is not public, and the other mode's database", async () => {
    const priv = await partnersCli(
      ["add", "merchant", "--name", "X", "--public-key", keyFile(merchantKeys.privateKeyPem)],
      cliEnv,
    );
    expect(priv.code).toBe(1);
    expect(priv.stdout).toBe("");
    if (db === "pglite") {
      // The server holds the data dir: the command says so instead of corrupting it.
      expect(priv.stderr).toMatch(/DATA_DIR: the PGlite database .* is open in process \d+/);
    } else {
      expect(priv.stderr).toMatch(/--public-key: this is a PRIVATE key/);
      // Callback bases refused as PATCH /v1/account and SNAP Create refuse them: one that
      // resolves to this machine, and one the callback paths cannot be appended to.
      const withCallbackBase = async (url: string) => {
        const r = await partnersCli(
          [
            "add",
            "merchant",
            "--name",
            "X",
            "--public-key",
            keyFile(generateRsaKeyPair().publicKeyPem),
            "--callback-base-url",
            url,
          ],
          cliEnv,
        );
        return [r.code, r.stdout, r.stderr];
      };
      expect(await withCallbackBase("https://localhost:3598/hooks")).toEqual([
        1,
        "",
        "partners: --callback-base-url: only public addresses are accepted in production\n",
      ]);
      expect(await withCallbackBase("https://u:p@8.8.8.8/hooks?k=1")).toEqual([
        1,
        "",
        "partners: --callback-base-url: must be an http(s):// URL without query, fragment, user or password (paths are appended to it)\n",
      ]);
      // The command in sandbox mode (GATEWAY_MODE forgotten) on this production database: it would
      // hand out an sk_test_ key that works against production.
      const sandbox = await partnersCli(
        ["add", "merchant", "--name", "X", "--public-key", keyFile(generateRsaKeyPair().publicKeyPem)],
        { ...cliEnv, GATEWAY_MODE: "sandbox" },
      );
      expect(sandbox.code).toBe(1);
      expect(sandbox.stdout).toBe("");
      expect(sandbox.stderr).toMatch(/^partners: GATEWAY_MODE: this database was set up in production mode/);
      // On PostgreSQL the server may keep running: a new merchant can sign in at once.
      const keys = generateRsaKeyPair();
      const m = await provision("merchant", "Second Shop", keys.publicKeyPem);
      const second = new GatewayClient(proc.baseUrl, {
        partnerId: m.partnerId!,
        clientKey: m.clientKey!,
        clientSecret: m.clientSecret!,
        channelId: "95221",
        privateKeyPem: keys.privateKeyPem,
      });
      expect((await second.createPaymentLink(linkRequest())).responseCode).toBe("2002700");
      // The gateway's public key for merchants, the one callbacks are signed with.
      const key = await partnersCli(["gateway-key"], cliEnv);
      expect(key.code).toBe(0);
      expect(key.stdout).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n$/);
    }
  });
});

describe("production and sandbox do not share a database", () => {
  it("production refuses a database the sandbox seeded, and says why", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nusapay-mixed-"));
    const masterKey = randomBytes(32).toString("base64");
    const sandbox = await spawnServer({ db: "pglite", dataDir, env: { GATEWAY_MASTER_KEY: masterKey } });
    await waitHealthy(sandbox, 200_000);
    await sandbox.stop();
    const { code, output } = await expectRefusal({ db: "pglite", dataDir, env: production(masterKey) });
    expect(code).not.toBe(0);
    expect(refusalLine(output)).toEqual([
      expect.stringMatching(
        /^refusing to start: GATEWAY_MODE: production refuses this database: it holds the sandbox seed/,
      ),
    ]);
    // ...and so does `npm run partners` in production mode on it.
    const cli = await partnersCli(
      ["add", "merchant", "--name", "X", "--public-key", keyFile(generateRsaKeyPair().publicKeyPem)],
      { ...production(masterKey), DATA_DIR: dataDir },
    );
    expect(cli.code).toBe(1);
    expect(cli.stdout).toBe("");
    expect(cli.stderr).toMatch(/^partners: GATEWAY_MODE: production refuses this database: it holds the sandbox seed/);
  });
});
