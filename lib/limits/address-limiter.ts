import ipaddr from "ipaddr.js";

/**
 * Per-address limits on the surfaces anyone may call without a key (docs/contract.md §6.4): the
 * checkout pages, the token endpoint, confirm, the card and 3-D Secure pages, the console
 * sign-in. A fixed window per (surface, address): one counter bump per request, which a
 * shared store can do in one atomic statement.
 */
export const SURFACES = ["checkout", "token", "confirm", "card", "signIn"] as const;
export type Surface = (typeof SURFACES)[number];

export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Counts hits per key and window; `hit` returns the count including this one. */
export interface HitStore {
  hit(key: string, windowStart: number): Promise<number>;
  /** Forget windows that started before `before` (ms since the epoch). */
  prune(before: number): Promise<void>;
}

export interface LimiterOptions {
  /** Requests per window per address, by surface; 0 turns a surface's limit off. */
  limits: Record<Surface, number>;
  windowSeconds: number;
  store: HitStore;
  now?: () => number;
}

/**
 * The client's key: an IPv4 address as it is (IPv4-mapped IPv6 unmapped), an IPv6 address
 * by its /64, since one subscriber commonly holds a whole /64 and could rotate through it.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address.slice(0, 64) || "unknown";
  const addr = ipaddr.process(address);
  if (addr.kind() === "ipv4") return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
}

export class AddressLimiter {
  private readonly now: () => number;
  private readonly local: MemoryHitStore;
  private lastPrune = 0;

  constructor(private readonly opts: LimiterOptions) {
    this.now = opts.now ?? Date.now;
    // The shared store is the truth; this process's own count answers first once it alone
    // is over the limit, so a flood stops costing the database anything.
    this.local = opts.store instanceof MemoryHitStore ? opts.store : new MemoryHitStore();
  }

  get windowSeconds(): number {
    return this.opts.windowSeconds;
  }

  limitOf(surface: Surface): number {
    return this.opts.limits[surface];
  }

  async take(surface: Surface, address: string): Promise<Verdict> {
    const limit = this.opts.limits[surface];
    if (!limit) return { ok: true };
    const now = this.now();
    const windowMs = this.opts.windowSeconds * 1000;
    const windowStart = now - (now % windowMs);
    const key = `${surface}|${addressKey(address)}`;
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    this.maybePrune(now, windowMs);
    const localCount = await this.local.hit(key, windowStart);
    if (localCount > limit) return { ok: false, retryAfterSeconds };
    const count = this.opts.store === this.local ? localCount : await this.opts.store.hit(key, windowStart);
    return count > limit ? { ok: false, retryAfterSeconds } : { ok: true };
  }

  private maybePrune(now: number, windowMs: number): void {
    if (now - this.lastPrune < windowMs) return;
    this.lastPrune = now;
    const before = now - (now % windowMs);
    void this.local.prune(before);
    if (this.opts.store !== this.local) this.opts.store.prune(before).catch(() => {});
  }
}

/**
 * Counters in this process. Bounded: past `maxKeys` the oldest entries go first (a flood
 * from many addresses cannot grow memory without end; at worst a few counters restart).
 */
export class MemoryHitStore implements HitStore {
  private readonly counts = new Map<string, { windowStart: number; hits: number }>();
  constructor(private readonly maxKeys = 100_000) {}

  async hit(key: string, windowStart: number): Promise<number> {
    const entry = this.counts.get(key);
    if (entry && entry.windowStart === windowStart) return ++entry.hits;
    this.counts.delete(key);
    if (this.counts.size >= this.maxKeys) this.counts.delete(this.counts.keys().next().value!);
    this.counts.set(key, { windowStart, hits: 1 });
    return 1;
  }

  async prune(before: number): Promise<void> {
    for (const [key, entry] of this.counts) if (entry.windowStart < before) this.counts.delete(key);
  }

  get size(): number {
    return this.counts.size;
  }
}
