import { type Kysely, sql } from 'kysely';
import {
  required,
  textId,
  organisationRef,
  orderRef,
  orderRecord,
  auditDetails,
  createdNow,
  updatedNow,
  createIndex,
  dropTables,
} from './columns';

/** Tables of the order engine: events, audit log, idempotency keys, integrations, documents, references. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_events')
    .$call(orderRecord)
    .addColumn('livemode', 'boolean', required)
    .addColumn('event', 'text', required)
    .addColumn('sequence', 'integer', required)
    .addColumn('created_at', 'timestamptz', required)
    .addColumn('data', 'jsonb', required)
    .addUniqueConstraint('order_events_order_sequence_key', ['order_id', 'sequence'])
    .execute();
  await sql`create index order_events_organisation_idx on order_events (organisation_id, livemode, created_at)`.execute(
    db,
  );

  await db.schema
    .createTable('order_audit_log')
    .$call(orderRecord)
    .addColumn('action', 'text', required)
    .addColumn('actor', 'text', required)
    .addColumn('reason', 'text')
    .$call(auditDetails)
    .addColumn('created_at', 'timestamptz', required)
    .execute();
  await createIndex(db, 'order_audit_log_order_idx', 'order_audit_log', ['order_id', 'created_at']);

  await db.schema
    .createTable('idempotency_keys')
    .$call(organisationRef)
    .addColumn('mode', 'text', required)
    .addColumn('key', 'text', required)
    .addColumn('route', 'text', required)
    .addColumn('request_hash', 'text', required)
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'jsonb')
    .$call(createdNow)
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['organisation_id', 'mode', 'key'])
    .execute();
  await createIndex(db, 'idempotency_keys_created_idx', 'idempotency_keys', ['created_at']);

  await db.schema
    .createTable('integration_health')
    .addColumn('integration', 'text', (c) => c.primaryKey())
    .addColumn('available', 'boolean', required)
    .addColumn('note', 'text')
    .$call(updatedNow)
    .execute();

  await db.schema
    .createTable('integration_keys')
    .$call(textId)
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('newspaper','gazette')`))
    .addColumn('newspaper_name', 'text')
    .addColumn('gazette_edition', 'text', (c) =>
      c.check(sql`gazette_edition in ('london','edinburgh','belfast')`),
    )
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('display', 'text', required)
    .$call(createdNow)
    .addColumn('revoked_at', 'timestamptz')
    .addCheckConstraint(
      'integration_keys_target_check',
      sql`(kind = 'newspaper' and newspaper_name is not null and gazette_edition is null)
        or (kind = 'gazette' and gazette_edition is not null and newspaper_name is null)`,
    )
    .execute();

  await db.schema
    .createTable('order_documents')
    .$call(orderRef)
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('proof','certificate','invoice')`))
    .addColumn('content', 'bytea', required)
    .$call(createdNow)
    .addPrimaryKeyConstraint('order_documents_pkey', ['order_id', 'kind'])
    .execute();

  // Not a foreign key: the reference is allocated before the order's first projection write.
  await db.schema
    .createTable('order_references')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .$call(createdNow)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, [
    'order_references',
    'order_documents',
    'integration_keys',
    'integration_health',
    'idempotency_keys',
    'order_audit_log',
    'order_events',
  ]);
}
