import { type Kysely, sql } from 'kysely';
import { required, textId, serialId, createdNow, timestampsNow, createIndex, dropTables } from './columns';

/** E-mail notifications (one row per idempotency key) and status-page incidents with their updates. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sent_emails')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', required)
    .addColumn('order_id', 'text')
    .addColumn('organisation_id', 'text')
    .addColumn('incident_id', 'text')
    .addColumn('recipients', sql`text[]`, required)
    .addColumn('subject', 'text', required)
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending','sent','failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('message_id', 'text')
    .addColumn('error', 'text')
    .$call(timestampsNow)
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await createIndex(db, 'sent_emails_order_idx', 'sent_emails', ['order_id']);
  await createIndex(db, 'sent_emails_incident_idx', 'sent_emails', ['incident_id']);

  await db.schema
    .createTable('incidents')
    .$call(textId)
    .addColumn('title', 'text', required)
    .addColumn('components', sql`text[]`, required)
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open','resolved')`))
    .$call(timestampsNow)
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .execute();
  await createIndex(db, 'incidents_created_idx', 'incidents', ['created_at']);

  await db.schema
    .createTable('incident_updates')
    .$call(serialId)
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('opened','update','resolved')`))
    .addColumn('message', 'text', required)
    .$call(createdNow)
    .execute();
  await createIndex(db, 'incident_updates_incident_idx', 'incident_updates', ['incident_id', 'id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['incident_updates', 'incidents', 'sent_emails']);
}
