/**
 * Status poll cadence: every second at first, every 1.5 s after three minutes (still ≤ 2 s
 * from settlement to "paid" on screen), and exponential back-off to 30 s while the status
 * call fails. React Query pauses polling in hidden tabs and refetches on focus.
 */
export function pollInterval(ageMs: number, failures: number): number {
  const base = ageMs < 180_000 ? 1_000 : 1_500;
  return failures > 0 ? Math.min(30_000, base * 2 ** failures) : base;
}
