import { describe, expect, it } from "vitest";
import { addressKey, AddressLimiter, MemoryHitStore, type HitStore } from "./address-limiter";

const limits = { checkout: 3, token: 1, confirm: 0, card: 1, signIn: 1 };

describe("AddressLimiter", () => {
  it("refuses past the limit until the window turns, with the seconds left", async () => {
    let now = 120_000 + 15_000; // 15 s into a 60 s window
    const limiter = new AddressLimiter({ limits, windowSeconds: 60, store: new MemoryHitStore(), now: () => now });
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.take("checkout", "198.51.100.7"));
    expect(verdicts).toEqual([{ ok: true }, { ok: true }, { ok: true }, { ok: false, retryAfterSeconds: 45 }]);
    expect(await limiter.take("checkout", "198.51.100.8")).toEqual({ ok: true }); // another address
    expect(await limiter.take("token", "198.51.100.7")).toEqual({ ok: true }); // another surface
    for (let i = 0; i < 10; i++) expect(await limiter.take("confirm", "198.51.100.7")).toEqual({ ok: true }); // 0 = off
    now = 180_000;
    expect(await limiter.take("checkout", "198.51.100.7")).toEqual({ ok: true });
  });

  it("counts IPv4-mapped IPv6 as its IPv4 address and IPv6 by /64", () => {
    expect(addressKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe(addressKey("2001:db8:1:2:bbbb::2"));
    expect(addressKey("2001:db8:1:2::1")).not.toBe(addressKey("2001:db8:1:3::1"));
  });

  it("once this process alone is past the limit, the shared store is not asked", async () => {
    let shared = 0;
    const store: HitStore = { hit: async () => ++shared, prune: async () => {} };
    const limiter = new AddressLimiter({ limits, windowSeconds: 60, store, now: () => 1_000 });
    for (let i = 0; i < 10; i++) await limiter.take("card", "203.0.113.1");
    expect(shared).toBe(1);
  });

  it("keeps at most maxKeys counters", async () => {
    const store = new MemoryHitStore(100);
    for (let i = 0; i < 1000; i++) await store.hit(`k${i}`, 0);
    expect(store.size).toBe(100);
  });
});
