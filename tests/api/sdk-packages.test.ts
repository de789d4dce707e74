import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient } from "@/lib/clients/gateway-client";
import { simulateVaPayment } from "@/lib/clients/simulator";
import { merchantProject, packSdk } from "@/tests/support/sdk-packages";
import { startServer, type RunningServer } from "@/tests/support/server";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * `npm run sdk:pack`'s tarballs, installed as a merchant installs them into a fresh project
 * outside the repository, against the real production server (docs/contract.md §11).
 */
describe("the SDK packages, installed", () => {
  let srv: RunningServer;
  let project: string;
  let tarballs: { node: string; js: string };

  beforeAll(async () => {
    srv = await startServer({ db: "pglite", env: { CALLBACK_POLL_MS: "100" } });
    tarballs = packSdk();
    project = merchantProject([tarballs.node, tarballs.js]);
  });
  afterAll(async () => {
    await srv.stop();
  });

  it("ship no dependencies, ESM and CJS, and their types", () => {
    for (const name of ["node", "js"]) {
      const pkg = JSON.parse(
        fs.readFileSync(path.join(project, "node_modules/@nusapay", name, "package.json"), "utf8"),
      ) as Record<string, unknown>;
      expect(pkg.dependencies ?? {}).toEqual({});
      expect(fs.existsSync(path.join(project, "node_modules/@nusapay", name, pkg.types as string))).toBe(true);
    }
    // Nothing but the two packages was installed.
    expect(fs.readdirSync(path.join(project, "node_modules")).filter((n) => !n.startsWith("."))).toEqual(["@nusapay"]);
    const cjs = execFileSync(
      process.execPath,
      [
        "-e",
        'const n = require("@nusapay/node"), j = require("@nusapay/js"); console.log(typeof n.NusapayClient, typeof n.verifyCallback, j.intentIdOf("pi_abc_secret_x"))',
      ],
      { cwd: project, encoding: "utf8" },
    );
    expect(cjs.trim()).toBe("function function abc");
  });

  it("type-check a merchant's TypeScript against the shipped .d.ts", () => {
    fs.writeFileSync(
      path.join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          lib: ["ES2022", "DOM"],
          types: [],
          skipLibCheck: false,
        },
        files: ["check.ts"],
      }),
    );
    fs.writeFileSync(
      path.join(project, "check.ts"),
      `import { NusapayClient, SnapApiError, verifyCallback, type Answer } from "@nusapay/node";
import { confirmCardPayment, type ConfirmResult } from "@nusapay/js";

const c = new NusapayClient({ baseUrl: "", partnerId: "", clientKey: "", clientSecret: "", privateKeyPem: "", channelId: "" });
export async function f(): Promise<void> {
  const a = await c.createPaymentLink({
    partnerReferenceNo: "INV-1",
    trxId: "T-1",
    additionalInfo: { invoiceTitle: "t", itemDetails: [{ name: "n", price: "1.00", quantity: 1 }], customerDetail: {} },
  });
  const uri: string = a.paymentLinkData.paymentLinkUri;
  // @ts-expect-error the answer has no such field
  void a.paymentLinkData.noSuchField;
  // @ts-expect-error itemDetails is required
  await c.createPaymentLink({ partnerReferenceNo: "x", trxId: "t", additionalInfo: { invoiceTitle: "t", customerDetail: {} } });
  const intent: Answer<"retrievePaymentIntent"> = await c.retrievePaymentIntent({ id: "pi_1" });
  // @ts-expect-error id is required
  await c.retrievePaymentIntent({});
  const ok: boolean = await verifyCallback({ path: "/", headers: {}, body: "", publicKeyPem: "" });
  const e: unknown = null;
  if (e instanceof SnapApiError) void e.responseCode.toUpperCase();
  const r: ConfirmResult = await confirmCardPayment({
    clientSecret: "pi_1_secret_x",
    card: { number: "4111111111111111", expMonth: 1, expYear: 2030, cvc: "123", holderName: "B" },
  });
  void [uri, intent.status, ok, r.status];
}
`,
    );
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", project], {
      cwd: project,
      encoding: "utf8",
    });
  });

  it("runs the README's example: token, a link, its real callback verified, a forged one refused", async () => {
    fs.copyFileSync(path.join(ROOT, "packages/node/example.mjs"), path.join(project, "example.mjs"));
    const child = spawn(process.execPath, ["example.mjs"], {
      cwd: project,
      env: { ...process.env, CREDENTIALS: path.join(srv.dataDir, "sandbox-credentials.json"), BASE_URL: srv.baseUrl },
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      await expect.poll(() => out, { timeout: 15_000 }).toMatch(/^LINK \S+ \S+$/m);
      const linkId = /^LINK (\S+)/m.exec(out)![1]!;
      // The payer pays it: the hosted checkout chooses a VA, the sandbox acquirer pays it.
      const checkout = new GatewayClient(srv.baseUrl, srv.checkout);
      const chosen = await checkout.payPaymentLink({
        additionalInfo: { paymentLinkId: linkId, paymentMethod: { groupId: "va", methodId: "bca" } },
      });
      await simulateVaPayment(srv.baseUrl, srv.credentials.acquirer, {
        virtualAccountNo: (chosen.paymentLinkData.payment.content as { value: string }).value,
        amount: chosen.paymentLinkData.totalAmount.value,
      });
      expect(await exited, out).toBe(0);
      expect(out).toContain(`PAID ${linkId}`);
      expect(out).toContain(`V1 ${linkId} 00`);
      expect(out).toContain("FORGED 401");
    } finally {
      child.kill();
    }
  });
});
