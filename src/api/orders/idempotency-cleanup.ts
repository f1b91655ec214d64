import type { Db } from '../../db/database';
import { deleteExpiredIdempotencyKeys } from '../../db/idempotency-keys.repository';
import type { Logger } from '../../logger';

/**
 * Deletes Idempotency-Keys past their 24-hour retention, once at start and then every `intervalMs`, in the API
 * process (every API process sweeps; the delete is idempotent, so several at once are harmless). Expired keys
 * are already ignored when claimed; this only keeps the table small. Returns the function that stops it.
 */
export function startIdempotencyCleanup(db: Db, log: Logger, intervalMs: number): () => Promise<void> {
  if (intervalMs <= 0) return async () => undefined;
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = deleteExpiredIdempotencyKeys(db)
      .then((deleted) => {
        if (deleted > 0) log.info({ deleted }, 'expired idempotency keys deleted');
      })
      .catch((err: unknown) => log.warn({ err }, 'idempotency key cleanup failed; next sweep retries'));
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
