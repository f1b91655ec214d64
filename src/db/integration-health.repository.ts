import { CompiledQuery } from 'kysely';
import { fromRow } from './columns';
import type { Db } from './database';

export type IntegrationName = 'gazette';

/**
 * Whether an integration is usable (no row: available). Every Gazette quote and order asks: the query is given
 * as SQL, as building it costs more CPU than pg's work.
 */
export async function isIntegrationAvailable(db: Db, integration: IntegrationName): Promise<boolean> {
  const sql = 'select available from integration_health where integration = $1';
  const { rows } = await db.executeQuery(CompiledQuery.raw(sql, [integration]));
  return (rows[0] as { available: boolean } | undefined)?.available ?? true;
}

export async function setIntegrationAvailability(
  db: Db,
  integration: IntegrationName,
  available: boolean,
  note: string | null = null,
): Promise<void> {
  await db
    .insertInto('integration_health')
    .values({ integration, available, note, updated_at: new Date() })
    .onConflict((oc) => oc.column('integration').doUpdateSet({ available, note, updated_at: new Date() }))
    .execute();
}

/** The integration's recorded availability (available, no note, when never marked). */
export async function getIntegrationAvailability(db: Db, integration: IntegrationName) {
  const row = await db
    .selectFrom('integration_health')
    .select(['available', 'note', 'updated_at'])
    .where('integration', '=', integration)
    .executeTakeFirst();
  return { integration, available: true, note: null, updatedAt: null, ...(row && fromRow(row)) };
}
