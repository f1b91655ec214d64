import type { Logger } from '../logger';

/**
 * Runs `sweep` at start and every `intervalMs` (in every API process: sweeps are idempotent), logging what it
 * did; a failed one is logged and the next retries. Returns a stop that waits for a sweep in progress.
 */
export function startPeriodicSweep(opts: {
  what: string;
  sweep: () => Promise<number>;
  log: Logger;
  intervalMs: number;
  /** What the sweep did to the rows it counts (the log line's verb). */
  done?: 'deleted' | 'rewritten';
}): () => Promise<void> {
  const { what, sweep, log, intervalMs, done = 'deleted' } = opts;
  if (intervalMs <= 0) return async () => undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = sweep()
      .then((count) => {
        if (count > 0) log.info({ [done]: count }, `${what} ${done}`);
      })
      .catch((err: unknown) => log.warn({ err }, `${what}: sweep failed; next sweep retries`));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
