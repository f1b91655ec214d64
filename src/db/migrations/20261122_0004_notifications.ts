import { type Kysely, sql } from 'kysely';

/** E-mail notifications (one row per idempotency key) and status-page incidents with their updates. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sent_emails')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('organisation_id', 'text')
    .addColumn('incident_id', 'text')
    .addColumn('recipients', sql`text[]`, (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending','sent','failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('message_id', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sent_emails_order_idx').on('sent_emails').column('order_id').execute();
  await db.schema.createIndex('sent_emails_incident_idx').on('sent_emails').column('incident_id').execute();

  await db.schema
    .createTable('incidents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('components', sql`text[]`, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open','resolved')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .execute();
  await db.schema.createIndex('incidents_created_idx').on('incidents').column('created_at').execute();

  await db.schema
    .createTable('incident_updates')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('opened','update','resolved')`))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('incident_updates_incident_idx')
    .on('incident_updates')
    .columns(['incident_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['incident_updates', 'incidents', 'sent_emails']) {
    await db.schema.dropTable(table).execute();
  }
}
