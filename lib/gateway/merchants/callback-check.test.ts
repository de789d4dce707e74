import * as nodeCrypto from "node:crypto";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { Gateway } from "@/lib/server/boot";
import type { Partner } from "./partners";
import { bootSeededGateway } from "@/tests/support/in-process-gateway";
import { startCallbackReceiver } from "@/tests/support/callback-receivers";
import { runCallbackCheck } from "./callback-check";

// generateKeyPair counted; its own properties (how util.promisify answers both keys) kept.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof nodeCrypto>();
  const counted = Object.assign(
    vi.fn((...args: unknown[]) => (actual.generateKeyPair as (...a: unknown[]) => void)(...args)),
    Object.fromEntries(
      Object.getOwnPropertySymbols(actual.generateKeyPair).map((s) => [
        s,
        (actual.generateKeyPair as unknown as Record<symbol, unknown>)[s],
      ]),
    ),
  );
  return { ...actual, default: { ...actual, generateKeyPair: counted }, generateKeyPair: counted };
});

vi.setConfig({ testTimeout: 60_000 });

let gateway: Gateway;
let merchant: Partner;
let close: () => Promise<void>;
beforeAll(async () => {
  // PGlite only: the cluster argument is for PostgreSQL.
  ({ gateway, merchant, close } = await bootSeededGateway("pglite", undefined as never, "callback-check"));
}, 60_000);
afterAll(() => close?.());

it("does not generate an RSA key pair per check (about 100 ms of CPU each, on the shared thread pool)", async () => {
  const receiver = await startCallbackReceiver("correct", gateway.credentials!.gatewayPublicKeyPem);
  try {
    const generated = vi.mocked(nodeCrypto.generateKeyPair);
    const before = generated.mock.calls.length;
    for (let i = 0; i < 3; i++) {
      const report = await runCallbackCheck(gateway.gw, merchant, `${receiver.url}/notify`);
      // The wrong key is still not the gateway's: a correct receiver refuses it.
      expect(report.cases.map((c) => [c.name, c.pass])).toContainEqual(["wrong-key", true]);
      expect(report.passed).toBe(true);
    }
    expect(generated.mock.calls.length - before).toBeLessThanOrEqual(1);
  } finally {
    await receiver.close();
  }
});
