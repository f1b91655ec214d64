import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`payment_method in ('stripe_checkout','invoice_with_terms','invoice_bank_transfer','stripe_invoice','purchase_order')`,
        ),
    )
    .addColumn('invoice_terms_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(30)
        .check(sql`invoice_terms_days in (30, 60)`),
    )
    .addColumn('billing_email', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('live','test')`))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('display', 'text', (c) => c.notNull())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_organisation_idx').on('api_keys').column('organisation_id').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisation_id', 'text', (c) => c.notNull().references('organisations.id'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('quoted_price_gbp_pence', 'integer', (c) => c.notNull())
    .addColumn('notice_text', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('payment_state', 'text', (c) => c.notNull())
    .addColumn('checkout_url', 'text')
    .addColumn('invoice_url', 'text')
    .addColumn('client_ref', 'text')
    .addColumn('proof_pdf_url', 'text')
    .addColumn('certificate_url', 'text')
    .addColumn('newspaper_name', 'text')
    .addColumn('gazette_edition', 'text')
    .addColumn('publication_date', 'date')
    .addColumn('published_at', 'timestamptz')
    .addColumn('urn', 'text')
    .addColumn('po_reference', 'text')
    .addColumn('needs_attention', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('pricing', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  // The list endpoint pages newest-first by (created_at, id) inside one organisation and mode, optionally
  // filtered by status or type: each filter gets an index whose order matches the keyset, so a deep page
  // costs the same as the first.
  await sql`create index orders_list_idx on orders (organisation_id, livemode, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index orders_list_status_idx on orders (organisation_id, livemode, status, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index orders_list_type_idx on orders (organisation_id, livemode, type, created_at desc, id desc)`.execute(
    db,
  );

  // Shared rate-limit counters (rate-limiter-flexible's Postgres store). Unlogged: counters need not survive
  // a crash, and skipping the WAL keeps the per-request write cheap.
  await sql`create unlogged table rate_limits (key varchar(255) primary key, points integer not null default 0, expire bigint)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('organisations').execute();
}
