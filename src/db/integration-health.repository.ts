import type { Db } from './database';

export type IntegrationName = 'gazette';

/**
 * Whether an integration is usable. No row means available: an operator (CLI) or a test marks it down with
 * `setIntegrationAvailability`. Quotes and order creation refuse Gazette notices with 503 while it is down.
 */
export async function isIntegrationAvailable(db: Db, integration: IntegrationName): Promise<boolean> {
  const row = await db
    .selectFrom('integration_health')
    .select('available')
    .where('integration', '=', integration)
    .executeTakeFirst();
  return row?.available ?? true;
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
