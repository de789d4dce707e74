/** Run `count` jobs (or for `durationMs`) with `concurrency` workers; latencies in ms. */
export async function runPool(opts: {
  concurrency: number;
  count?: number;
  durationMs?: number;
  job: (i: number) => Promise<void>;
}) {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const start = performance.now();
  const deadline = opts.durationMs ? start + opts.durationMs : Infinity;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if ((opts.count !== undefined && i >= opts.count) || performance.now() > deadline) return;
      const t0 = performance.now();
      try {
        await opts.job(i);
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const seconds = (performance.now() - start) / 1000;
  return {
    done: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
