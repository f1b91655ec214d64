import type { Db } from './database';
import { deleteExpiredRows } from './expired-rows';

/**
 * Deletes `rate_limits` rows whose window ended (`expire`, epoch ms, before `now`), in batches that use the
 * `rate_limits_expire` index. The table is `rate-limiter-flexible`'s, so it is reached with plain SQL.
 */
export function deleteExpiredRateLimits(db: Db, now = Date.now()): Promise<number> {
  return deleteExpiredRows(db, {
    table: 'rate_limits',
    key: 'key',
    expiresAt: 'expire',
    before: now,
    maxBatches: 50,
  });
}
