import { type Kysely, sql } from 'kysely';
import {
  required,
  textId,
  serialId,
  organisationRef,
  organisationRecord,
  createdNow,
  timestampsNow,
  createIndex,
  dropTables,
} from './columns';

/** Webhook endpoints (organisation settings), deliveries (one per event and endpoint) and their attempts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .$call(organisationRecord)
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('live','test')`))
    .addColumn('url', 'text', required)
    .addColumn('events', sql`text[]`, required)
    .addColumn('secret', 'text', required)
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'timestamptz')
    .$call(createdNow)
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index webhook_endpoints_organisation_idx on webhook_endpoints (organisation_id, mode)
    where deleted_at is null`.execute(db);

  await db.schema
    .createTable('webhook_deliveries')
    .$call(textId)
    .addColumn('event_id', 'text', (c) => c.notNull().references('order_events.id'))
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id'))
    .$call(organisationRef)
    .addColumn('event', 'text', required)
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending','delivered','failed','dead','cancelled')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replays', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .$call(timestampsNow)
    .addUniqueConstraint('webhook_deliveries_event_endpoint_key', ['event_id', 'endpoint_id'])
    .execute();
  await sql`create index webhook_deliveries_organisation_idx
    on webhook_deliveries (organisation_id, status, updated_at)`.execute(db);

  await db.schema
    .createTable('webhook_attempts')
    .$call(serialId)
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id'))
    .addColumn('replay', 'integer', required)
    .addColumn('attempt', 'integer', required)
    .addColumn('started_at', 'timestamptz', required)
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('latency_ms', 'integer', required)
    .addColumn('response_excerpt', 'text')
    .execute();
  await createIndex(db, 'webhook_attempts_delivery_idx', 'webhook_attempts', ['delivery_id', 'started_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['webhook_attempts', 'webhook_deliveries', 'webhook_endpoints']);
}
