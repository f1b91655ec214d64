import { type Kysely, sql } from 'kysely';
import { required, textId, organisationRecord, createdNow, createIndex, dropTables } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisations')
    .$call(textId)
    .addColumn('name', 'text', required)
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
    .$call(createdNow)
    .addColumn('seq', 'bigserial', required)
    .execute();

  await db.schema
    .createTable('api_keys')
    .$call(organisationRecord)
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('live','test')`))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('display', 'text', required)
    .addColumn('scopes', sql`text[]`, required)
    .addColumn('name', 'text')
    .$call(createdNow)
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await createIndex(db, 'api_keys_organisation_idx', 'api_keys', ['organisation_id']);

  await db.schema
    .createTable('orders')
    .$call(organisationRecord)
    .addColumn('livemode', 'boolean', required)
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', required)
    .addColumn('type', 'text', required)
    .addColumn('quoted_price_gbp_pence', 'integer', required)
    .addColumn('notice_text', 'text', required)
    .addColumn('payment_method', 'text', required)
    .addColumn('payment_state', 'text', required)
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
    .addColumn('fields', 'jsonb', required)
    .addColumn('pricing', 'jsonb', required)
    .addColumn('created_at', 'timestamptz', required)
    .addColumn('updated_at', 'timestamptz', required)
    .addColumn('version', 'bigint', required)
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
  await dropTables(db, ['rate_limits', 'orders', 'api_keys', 'organisations']);
}
