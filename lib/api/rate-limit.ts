/**
 * Token bucket per key, in memory: each instance limits on its own, which is what a
 * sandbox needs (the limit protects this process, not a global quota).
 */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private readonly perSecond: number,
    private readonly burstSeconds = 2,
  ) {}

  take(key: string, now = Date.now()): boolean {
    const capacity = this.perSecond * this.burstSeconds;
    const b = this.buckets.get(key) ?? { tokens: capacity, at: now };
    b.tokens = Math.min(capacity, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    if (b.tokens < 1) {
      this.buckets.set(key, b);
      return false;
    }
    b.tokens -= 1;
    this.buckets.set(key, b);
    return true;
  }
}
