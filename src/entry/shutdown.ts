import type { Logger } from '../logger';

/** Runs `stop` once on SIGINT/SIGTERM, then exits; a second signal exits at once. */
export function onShutdown(log: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, 'shutting down');
    stop()
      .then(() => process.exit(0))
      .catch((err) => {
        log.error({ err }, 'unclean shutdown');
        process.exit(1);
      });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
