import type { CompiledQuery } from 'kysely';
import type { Db } from './database';

export type IntegrationName = 'gazette';

/**
 * Whether an integration is usable. No row means available: an operator (CLI) or a test marks it down with
 * `setIntegrationAvailability`. Quotes and order creation refuse Gazette notices with 503 while it is down.
 */
export async function isIntegrationAvailable(db: Db, integration: IntegrationName): Promise<boolean> {
  const { rows } = await db.executeQuery(availabilityQuery(db, integration));
  return rows[0]?.available ?? true;
}

/**
 * The availability lookup, built once per database and integration: every Gazette quote and order asks it, and
 * building the query each time costs more CPU than pg's own work for it.
 */
const availabilityQueries = new WeakMap<Db, Map<IntegrationName, CompiledQuery<{ available: boolean }>>>();

function availabilityQuery(db: Db, integration: IntegrationName): CompiledQuery<{ available: boolean }> {
  let byIntegration = availabilityQueries.get(db);
  if (!byIntegration) availabilityQueries.set(db, (byIntegration = new Map()));
  let query = byIntegration.get(integration);
  if (!query) {
    query = db
      .selectFrom('integration_health')
      .select('available')
      .where('integration', '=', integration)
      .compile();
    byIntegration.set(integration, query);
  }
  return query;
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

export interface IntegrationAvailability {
  integration: IntegrationName;
  available: boolean;
  note: string | null;
  updatedAt: Date | null;
}

/** The integration's recorded availability (available, no note, when never marked). */
export async function getIntegrationAvailability(
  db: Db,
  integration: IntegrationName,
): Promise<IntegrationAvailability> {
  const row = await db
    .selectFrom('integration_health')
    .select(['available', 'note', 'updated_at'])
    .where('integration', '=', integration)
    .executeTakeFirst();
  return {
    integration,
    available: row?.available ?? true,
    note: row?.note ?? null,
    updatedAt: row?.updated_at ?? null,
  };
}
