import { fromRow, toColumns, type CamelCased } from './columns';
import type { Db } from './database';
import type { Row } from './schema';

type SettingsChange = CamelCased<Omit<Row<'settings_audit_log'>, 'id' | 'details' | 'created_at'>>;

export async function recordSettingsChange(
  db: Db,
  c: SettingsChange & { details?: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('settings_audit_log')
    .values({ ...toColumns(c), details: JSON.stringify(c.details ?? {}) })
    .execute();
}

/** The organisation's settings changes, newest first. */
export async function listSettingsChanges(db: Db, organisationId: string, limit = 200) {
  const rows = await db
    .selectFrom('settings_audit_log')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(fromRow);
}
