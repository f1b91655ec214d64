import type { Db } from '../../db/database';
import { deleteExpiredIdempotencyKeys } from '../../db/idempotency-keys.repository';
import type { Logger } from '../../logger';
import { startPeriodicSweep } from '../periodic-sweep';

/**
 * Deletes Idempotency-Keys past their 24-hour retention, once at start and then every `intervalMs`. Expired
 * keys are already ignored when claimed; this only keeps the table small. Returns the function that stops it.
 */
export function startIdempotencyCleanup(db: Db, log: Logger, intervalMs: number): () => Promise<void> {
  return startPeriodicSweep({
    what: 'expired idempotency keys',
    sweep: () => deleteExpiredIdempotencyKeys(db),
    log,
    intervalMs,
  });
}
