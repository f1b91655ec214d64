import { sql, type ExpressionBuilder } from 'kysely';
import type { CamelCased } from './columns';
import type { Db } from './database';
import type { Database, Row } from './schema';

type QuotaWindowKey = CamelCased<
  Pick<Row<'quota_usage'>, 'organisation_id' | 'mode' | 'quota' | 'window_start'>
>;

/**
 * Counts `amount` uses in the window if they fit under `limit`, in one statement so concurrent callers never
 * pass it together: the window's new total, or null (nothing counted).
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

const ofWindow = (key: QuotaWindowKey) => (eb: ExpressionBuilder<Database, 'quota_usage'>) => {
  const { organisationId, mode, quota, windowStart } = key;
  return eb.and({ organisation_id: organisationId, mode, quota, window_start: windowStart });
};

/** Gives back uses counted for something that did not happen after all (never below zero). */
export async function releaseQuotaWindow(db: Db, key: QuotaWindowKey & { amount: number }): Promise<void> {
  await db
    .updateTable('quota_usage')
    .set({ used: sql`greatest(used - ${key.amount}::int, 0)` })
    .where(ofWindow(key))
    .execute();
}

/** Uses counted in one window (0 when none). */
export async function quotaWindowUsage(db: Db, key: QuotaWindowKey): Promise<number> {
  const row = await db.selectFrom('quota_usage').select('used').where(ofWindow(key)).executeTakeFirst();
  return row?.used ?? 0;
}

/** What the organisation holds in the mode: webhook endpoints not deleted (disabled too), API keys not revoked. */
export async function countHeld(
  db: Db,
  held: 'webhook_endpoints' | 'api_keys',
  organisationId: string,
  mode: string,
): Promise<number> {
  const ended = sql.ref(held === 'api_keys' ? 'revoked_at' : 'deleted_at');
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(held)}
    where organisation_id = ${organisationId} and mode = ${mode} and ${ended} is null`.execute(db);
  return Number(rows[0].n);
}
