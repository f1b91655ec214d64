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

/** `rate_limits` is `rate-limiter-flexible`'s table (`expire`: epoch ms), so it is reached with plain SQL. */
export const deleteExpiredRateLimits = (db: Db) =>
  deleteExpiredRows(db, ['rate_limits', 'key', 'expire'], Date.now(), 50);

export const deleteEndedQuotaWindows = (db: Db, now = new Date()) =>
  deleteExpiredRows(db, ['quota_usage', 'ctid', 'window_end'], now, 50);

/** Expired sign-in links (used or not), console sessions and billing e-mail verification links. */
export async function deleteExpiredSignInLinksAndSessions(db: Db, now = new Date()): Promise<number> {
  let deleted = 0;
  for (const table of ['sign_in_links', 'sessions', 'billing_email_verifications'])
    deleted += await deleteExpiredRows(db, [table, 'token_hash', 'expires_at'], now, 20);
  return deleted;
}
