/** Latency samples in milliseconds → the summary the bench reports. */
export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  mean: number;
}

export function summarise(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length);
  return { count: sorted.length, p50: round(at(0.5)), p99: round(at(0.99)), mean: round(mean) };
}

export const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

export function ratio(value: number, baseline: number): number {
  return baseline === 0 ? 0 : round(value / baseline, 3);
}

/**
 * Runs `task` `count` times with at most `concurrency` in flight, timing each call. Returns the latencies and
 * the achieved rate over the whole run.
 */
export async function timed(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<{ latencies: number[]; perSecond: number; seconds: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      await task(i);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  const seconds = (performance.now() - started) / 1000;
  return { latencies, perSecond: round(count / seconds), seconds: round(seconds) };
}
