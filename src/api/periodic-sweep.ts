import type { Logger } from '../logger';

/**
 * Runs `sweep` once at start and then every `intervalMs` in the API process (every API process sweeps; each
 * sweep is idempotent, so several at once are harmless), logging what it deleted. A failed sweep is logged
 * and the next one retries. Returns the function that stops it and waits for a sweep in progress.
 */
export function startPeriodicSweep(opts: {
  what: string;
  sweep: () => Promise<number>;
  log: Logger;
  intervalMs: number;
}): () => Promise<void> {
  const { what, sweep, log, intervalMs } = opts;
  if (intervalMs <= 0) return async () => undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = sweep()
      .then((deleted) => {
        if (deleted > 0) log.info({ deleted }, `${what} deleted`);
      })
      .catch((err: unknown) => log.warn({ err }, `${what} cleanup failed; next sweep retries`));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
