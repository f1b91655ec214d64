import { sql } from 'kysely';
import type { Db } from './database';
import { deleteExpiredRows } from './expired-rows';

export interface QuotaWindowKey {
  organisationId: string;
  mode: 'live' | 'test';
  quota: string;
  windowStart: Date;
}

/**
 * Counts `amount` uses in the window if they fit under `limit`, in one statement (concurrent callers can
 * never pass the limit together): the window's new total, or null when it would pass the limit (nothing
 * counted).
 */
export async function useQuotaWindow(
  db: Db,
  key: QuotaWindowKey & { windowEnd: Date; amount: number; limit: number },
): Promise<number | null> {
  const { rows } = await sql<{ used: number }>`
    insert into quota_usage as q (organisation_id, mode, quota, window_start, window_end, used)
    select ${key.organisationId}, ${key.mode}, ${key.quota}, ${key.windowStart}, ${key.windowEnd}, ${key.amount}::int
    where ${key.amount}::int <= ${key.limit}::int
    on conflict (organisation_id, mode, quota, window_start)
      do update set used = q.used + excluded.used where q.used + excluded.used <= ${key.limit}::int
    returning used`.execute(db);
  return rows[0]?.used ?? null;
}

/** Gives back uses counted for something that did not happen after all (never below zero). */
export async function releaseQuotaWindow(db: Db, key: QuotaWindowKey & { amount: number }): Promise<void> {
  await db
    .updateTable('quota_usage')
    .set({ used: sql`greatest(used - ${key.amount}::int, 0)` })
    .where('organisation_id', '=', key.organisationId)
    .where('mode', '=', key.mode)
    .where('quota', '=', key.quota)
    .where('window_start', '=', key.windowStart)
    .execute();
}

/** Uses counted in one window (0 when none). */
export async function quotaWindowUsage(db: Db, key: QuotaWindowKey): Promise<number> {
  const row = await db
    .selectFrom('quota_usage')
    .select('used')
    .where('organisation_id', '=', key.organisationId)
    .where('mode', '=', key.mode)
    .where('quota', '=', key.quota)
    .where('window_start', '=', key.windowStart)
    .executeTakeFirst();
  return row?.used ?? 0;
}

/**
 * Serialises every change to what one organisation holds in one mode until the transaction ends, so a count
 * and the insert after it see no concurrent insert (two requests at the limit create one, not two).
 */
export async function lockHeldQuota(trx: Db, organisationId: string, mode: string, quota: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`quota:${quota}:${organisationId}:${mode}`}, 0))`.execute(
    trx,
  );
}

/** Webhook endpoints the organisation has in the mode (disabled ones too; deleted ones not). */
export async function countWebhookEndpoints(db: Db, organisationId: string, mode: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('mode', '=', mode as 'live' | 'test')
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** API keys of the organisation in the mode that are not revoked. */
export async function countActiveApiKeys(db: Db, organisationId: string, mode: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('mode', '=', mode as 'live' | 'test')
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes rows of windows that ended before `now`, in bounded batches (the API's periodic sweep). */
export function deleteEndedQuotaWindows(db: Db, now = new Date()): Promise<number> {
  return deleteExpiredRows(db, {
    table: 'quota_usage',
    key: 'ctid',
    expiresAt: 'window_end',
    before: now,
    maxBatches: 50,
  });
}
