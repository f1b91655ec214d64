import { TimeoutError, withTimeout } from './health';
import type { Logger } from './logger';

/**
 * Graceful shutdown: on SIGTERM/SIGINT (or the parent's exit) `stop` runs once, each step bounded by the deadline.
 * Whatever state the dependencies are in, the process exits by the deadline; a second signal exits at once.
 */
export function onShutdown(
  log: Logger,
  deadlineMs: number,
  stop: (deadline: ShutdownDeadline) => Promise<void>,
): void {
  let stopping = false;
  const handler = (reason: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    const deadline = new ShutdownDeadline(Date.now() + deadlineMs);
    log.info({ reason, deadlineMs }, 'shutting down');
    setTimeout(() => {
      log.error({ deadlineMs }, 'shutdown deadline passed: exiting with work unfinished');
      process.exit(1);
    }, deadlineMs).unref();
    stop(deadline)
      .then(() => {
        log.info('stopped');
        process.exit(0);
      })
      .catch((err) => {
        log.error({ err }, 'unclean shutdown');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => handler('SIGINT'));
  process.on('SIGTERM', () => handler('SIGTERM'));
  // Spawned with an IPC channel (npm start): a parent that dies, even by SIGKILL, leaves no orphan behind.
  if (process.send) process.once('disconnect', () => handler('parent exited'));
}

/** Runs an entry point's `main`; a failure ends the process at once, `failed` and the message on stderr. */
export function runMain(failed: string, main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    process.stderr.write(`${failed}: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}

/** Of the deadline, what closing connections and the pool may take after the work itself has stopped. */
export const CLOSE_RESERVE_MS = 3000;

/** The moment a stopping process must be gone by. */
export class ShutdownDeadline {
  constructor(readonly at: number) {}

  /** One step, given what is left of the deadline less `reserveMs` (kept for later steps); late: abandoned. */
  async within(log: Logger, step: string, work: () => Promise<unknown>, reserveMs = 0): Promise<boolean> {
    try {
      await withTimeout(work(), Math.max(0, this.at - reserveMs - Date.now()));
      return true;
    } catch (err) {
      if (err instanceof TimeoutError) log.warn({ step }, 'shutdown step did not finish in time: abandoned');
      else log.warn({ err, step }, 'shutdown step failed');
      return false;
    }
  }
}
