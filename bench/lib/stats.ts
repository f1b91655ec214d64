import { progress, withHeartbeat } from './progress';

/** Latency samples in milliseconds → the summary the bench reports. */
export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
}

export function summarise(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length);
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    mean: round(mean),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

export const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

export function ratio(value: number, baseline: number): number {
  return baseline === 0 ? 0 : round(value / baseline, 3);
}

export interface TimedRun {
  /** Milliseconds per successful call (or what the task returned as its own measured latency). */
  latencies: number[];
  /** Successful calls per second over the whole run. */
  perSecond: number;
  seconds: number;
  errors: number;
  firstError: string | null;
  /** Calls not started because the deadline passed (0 when the run completed). */
  notStarted: number;
}

/**
 * Runs `task` `count` times with at most `concurrency` in flight, timing each call. A task may return its own
 * latency (when only part of it is the measured operation). Failures are counted, not thrown; the first one
 * is kept for the report. Prints a heartbeat while it runs. After `deadline` (epoch ms) no new call starts,
 * so a slow machine cuts a run short instead of overrunning the bench's time bound.
 */
export async function timed(
  label: string,
  count: number,
  concurrency: number,
  task: (i: number) => Promise<number | void>,
  deadline = Infinity,
): Promise<TimedRun> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const lane = async () => {
    while (next < count && Date.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      try {
        const own = await task(i);
        latencies.push(typeof own === 'number' ? own : performance.now() - t0);
      } catch (err) {
        errors++;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  await withHeartbeat(
    Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane)),
    () => `${label}: ${latencies.length + errors}/${count} done, ${errors} failed`,
  );
  const seconds = (performance.now() - started) / 1000;
  if (next < count) progress(`${label}: time is up, ${count - next} of ${count} not started`);
  return {
    latencies,
    perSecond: round(latencies.length / seconds),
    seconds: round(seconds),
    errors,
    firstError,
    notStarted: count - next,
  };
}

/** A target from the issue, evaluated (never asserted): the report lists each as met or missed. */
export interface TargetResult {
  target: string;
  actual: string;
  met: boolean;
}
