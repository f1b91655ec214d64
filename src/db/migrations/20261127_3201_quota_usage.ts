import { sql, type Kysely } from 'kysely';

/**
 * What each organisation did in the current window of each quota on a window (src/quotas/quotas.ts): one row per
 * organisation, mode, quota and window start, counted up atomically; rows of ended windows are purged by the
 * API's periodic sweep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table quota_usage (
      organisation_id text not null,
      mode text not null check (mode in ('live', 'test')),
      quota text not null,
      window_start timestamptz not null,
      window_end timestamptz not null,
      used integer not null check (used >= 0),
      primary key (organisation_id, mode, quota, window_start)
    )`.execute(db);
  await sql`create index quota_usage_window_end on quota_usage (window_end)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table quota_usage`.execute(db);
}
