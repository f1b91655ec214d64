import { type Kysely, sql } from 'kysely';

/** Tables of the order engine: events, audit log, idempotency keys, integrations, documents, references. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addUniqueConstraint('order_events_order_sequence_key', ['order_id', 'sequence'])
    .execute();
  await sql`create index order_events_organisation_idx on order_events (organisation_id, livemode, created_at)`.execute(
    db,
  );

  await db.schema
    .createTable('order_audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_audit_log_order_idx')
    .on('order_audit_log')
    .columns(['order_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['organisation_id', 'mode', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('integration_health')
    .addColumn('integration', 'text', (c) => c.primaryKey())
    .addColumn('available', 'boolean', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('integration_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('newspaper','gazette')`))
    .addColumn('newspaper_name', 'text')
    .addColumn('gazette_edition', 'text', (c) =>
      c.check(sql`gazette_edition in ('london','edinburgh','belfast')`),
    )
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('display', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addCheckConstraint(
      'integration_keys_target_check',
      sql`(kind = 'newspaper' and newspaper_name is not null and gazette_edition is null)
        or (kind = 'gazette' and gazette_edition is not null and newspaper_name is null)`,
    )
    .execute();

  await db.schema
    .createTable('order_documents')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('proof','certificate','invoice')`))
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('order_documents_pkey', ['order_id', 'kind'])
    .execute();

  // Not a foreign key: the reference is allocated before the order's first projection write.
  await db.schema
    .createTable('order_references')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'order_references',
    'order_documents',
    'integration_keys',
    'integration_health',
    'idempotency_keys',
    'order_audit_log',
    'order_events',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
