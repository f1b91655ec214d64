import { sql } from 'kysely';
import type { Db } from './database';

/** Rows deleted per statement: each statement stays short however large the table. */
const PURGE_BATCH = 1000;

/** Deletes rows expired before `before`, in batches by `key` (found through the expiry index); answers how many. */
async function deleteExpiredRows(
  db: Db,
  [tableName, keyName, expiresAt]: [string, string, string],
  before: Date | number,
  maxBatches: number,
): Promise<number> {
  const table = sql.table(tableName);
  const key = sql.ref(keyName);
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const result = await sql`
      delete from ${table} where ${key} in (
        select ${key} from ${table} where ${sql.ref(expiresAt)} < ${before} limit ${PURGE_BATCH}
      )`.execute(db);
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < PURGE_BATCH) break;
  }
  return deleted;
}

/** Ended rate-limit and quota windows. `rate_limits` is `rate-limiter-flexible`'s table (`expire`: epoch ms). */
export async function deleteEndedLimitWindows(db: Db, now = new Date()): Promise<number> {
  const rateLimits = await deleteExpiredRows(db, ['rate_limits', 'key', 'expire'], now.getTime(), 50);
  return rateLimits + (await deleteExpiredRows(db, ['quota_usage', 'ctid', 'window_end'], now, 50));
}

/** Expired sign-in links (used or not), console sessions and billing e-mail verification links. */
export async function deleteExpiredSignInLinksAndSessions(db: Db, now = new Date()): Promise<number> {
  let deleted = 0;
  for (const table of ['sign_in_links', 'sessions', 'billing_email_verifications'])
    deleted += await deleteExpiredRows(db, [table, 'token_hash', 'expires_at'], now, 20);
  return deleted;
}
