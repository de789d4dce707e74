import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { callbackHeaders } from "@/lib/notify/sign";
import { handleOnce, MemoryDeliveryStore, verifyCallback, verifyCallbackAsync } from "./callbacks";

const key = (): { privateKeyPem: string; publicKeyPem: string } => {
  const p = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKeyPem: p.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKeyPem: p.publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
};
const gateway = key();
const other = key();
const now = new Date("2026-03-01T05:00:00Z");
const body = '{"paymentLinkId":"7d1f0c2a","paymentFlagStatus":"00"}';

/** Headers exactly as the gateway's notifier (lib/notify/sign) writes them. */
function delivery(opts: { privateKeyPem?: string; at?: Date; url?: string } = {}) {
  return callbackHeaders({
    privateKeyPem: opts.privateKeyPem ?? gateway.privateKeyPem,
    url: opts.url ?? "https://merchant.example/hooks/v1.0/payment-link/notify?x=1",
    body,
    deliveryId: "d-1",
    partnerId: "p",
    channelId: "c",
    now: opts.at ?? now,
  });
}
const input = (over: Partial<Parameters<typeof verifyCallback>[0]>) => ({
  path: "/hooks/v1.0/payment-link/notify?x=1",
  headers: delivery(),
  body,
  publicKeyPem: gateway.publicKeyPem,
  now,
  ...over,
});

it("verifyCallback answers a plain boolean, as the contract names it (docs/contract.md §11.1)", () => {
  expect(verifyCallback(input({}))).toBe(true);
  expect(verifyCallback(input({ body: "{}" }))).toBe(false);
});

describe.each([
  ["verifyCallback (node:crypto)", verifyCallback],
  ["verifyCallbackAsync (WebCrypto)", verifyCallbackAsync],
] as const)("%s", (_name, verify) => {
  const check = async (over: Partial<Parameters<typeof verifyCallback>[0]>) => verify(input(over));

  it("accepts the gateway's own callback, body as a string or as bytes, headers in any case", async () => {
    expect(await check({})).toBe(true);
    expect(await check({ body: new TextEncoder().encode(body) })).toBe(true);
    const lower = Object.fromEntries(Object.entries(delivery()).map(([k, v]) => [k.toLowerCase(), v]));
    expect(await check({ headers: lower })).toBe(true);
    expect(await check({ headers: new Headers(delivery()) })).toBe(true);
  });

  it("refuses a changed body, path, another key's signature, and a missing signature", async () => {
    expect(await check({ body: body.replace("00", "01") })).toBe(false);
    expect(await check({ body: JSON.stringify(JSON.parse(body), null, 1) })).toBe(false);
    expect(await check({ path: "/hooks/v1.0/payment-link/notify" })).toBe(false);
    expect(await check({ headers: delivery({ privateKeyPem: other.privateKeyPem }) })).toBe(false);
    const { "X-SIGNATURE": _dropped, ...unsigned } = delivery();
    expect(await check({ headers: unsigned })).toBe(false);
  });

  it("refuses a timestamp more than 5 minutes from now, either way, and accepts one within", async () => {
    expect(await check({ headers: delivery({ at: new Date(now.getTime() - 10 * 60_000) }) })).toBe(false);
    expect(await check({ headers: delivery({ at: new Date(now.getTime() + 6 * 60_000) }) })).toBe(false);
    expect(await check({ headers: delivery({ at: new Date(now.getTime() - 4 * 60_000) }) })).toBe(true);
  });

  it("refuses a stale timestamp when the window or the clock it is given is not a number", async () => {
    // e.g. toleranceSeconds: Number(process.env.UNSET) is NaN: the window must close, not vanish.
    const stale = delivery({ at: new Date(now.getTime() - 60 * 60_000) });
    expect(await check({ headers: stale, toleranceSeconds: Number.NaN })).toBe(false);
    expect(await check({ headers: stale, now: new Date("not a date") })).toBe(false);
  });
});

describe("handleOnce", () => {
  it("runs the handler once per X-EXTERNAL-ID, and again after it failed", async () => {
    const store = new MemoryDeliveryStore();
    let credited = 0;
    const credit = () => ++credited;
    expect(await handleOnce(store, "d-1", credit)).toEqual({ duplicate: false, result: 1 });
    expect(await handleOnce(store, "d-1", credit)).toEqual({ duplicate: true });
    await expect(
      handleOnce(store, "d-2", () => {
        throw new Error("db down");
      }),
    ).rejects.toThrow("db down");
    expect(await handleOnce(store, "d-2", credit)).toEqual({ duplicate: false, result: 2 });
    expect(credited).toBe(2);
  });

  it("two concurrent deliveries of one id credit once", async () => {
    const store = new MemoryDeliveryStore();
    let credited = 0;
    const slow = async () => {
      await new Promise((r) => setTimeout(r, 5));
      return ++credited;
    };
    const both = await Promise.all([handleOnce(store, "d", slow), handleOnce(store, "d", slow)]);
    expect(both.filter((r) => r.duplicate)).toHaveLength(1);
    expect(credited).toBe(1);
  });

  it("does not acknowledge a repeat while the first run is still going, and fails it when the first fails", async () => {
    // The gateway gave up waiting on the first attempt and retried; the first then fails. Had
    // the retry been answered {duplicate: true} (so 2xx), the delivery would be marked done
    // and never credited.
    const store = new MemoryDeliveryStore();
    let fail!: (err: Error) => void;
    const gate = new Promise<never>((_, reject) => (fail = reject));
    const first = handleOnce(store, "d", () => gate);
    const repeat = handleOnce(store, "d", () => 1).then(
      (r) => ({ answered: r }),
      (err: Error) => ({ failed: err.message }),
    );
    fail(new Error("db down"));
    await expect(first).rejects.toThrow("db down");
    expect(await repeat).toEqual({ failed: "db down" });
    expect(await handleOnce(store, "d", () => 2)).toEqual({ duplicate: false, result: 2 });
  });
});
