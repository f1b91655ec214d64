import { sql } from 'kysely';
import type { Db } from './database';

/** Rows deleted per statement and statements per sweep: a sweep's work is bounded however large the table. */
export const RATE_LIMIT_PURGE_BATCH = 1000;
export const RATE_LIMIT_PURGE_MAX_BATCHES = 50;

/**
 * Deletes `rate_limits` rows whose window ended (`expire`, epoch ms, before `now`), in batches that use the
 * `rate_limits_expire` index. The table is `rate-limiter-flexible`'s, so it is reached with plain SQL.
 */
export async function deleteExpiredRateLimits(db: Db, now = Date.now()): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < RATE_LIMIT_PURGE_MAX_BATCHES; batch++) {
    const result = await sql`
      delete from rate_limits where key in (
        select key from rate_limits where expire < ${now} limit ${RATE_LIMIT_PURGE_BATCH}
      )`.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < RATE_LIMIT_PURGE_BATCH) break;
  }
  return deleted;
}
