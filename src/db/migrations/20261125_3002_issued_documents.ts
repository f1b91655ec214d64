import { sql, type Kysely } from 'kysely';
import { createdNow, dropTables, orderRecord, required } from './columns';

/**
 * The documents we issue and stand behind (certificates of publication, VAT invoices, VAT credit notes): each
 * once per order and `issue_key`, its number drawn from a gapless series in the same transaction, its exact
 * bytes and their SHA-256 recorded at issue for the public verification page (/verify/<id>). The order lists
 * them (`orders.documents`); the organisation's billing address goes on its VAT invoices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('issued_documents')
    .$call(orderRecord)
    .addColumn('livemode', 'boolean', required)
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('certificate','vat_invoice','vat_credit_note')`),
    )
    .addColumn('issue_key', 'text', required)
    .addColumn('number', 'text', (c) => c.unique())
    .addColumn('issued_at', 'timestamptz', required)
    .addColumn('summary', 'jsonb', required)
    .addColumn('content', 'bytea')
    .addColumn('sha256', 'text')
    .$call(createdNow)
    .addUniqueConstraint('issued_documents_order_issue_key', ['order_id', 'issue_key'])
    .execute();
  await db.schema
    .createTable('document_number_series')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', required)
    .execute();
  await sql`alter table orders add column documents jsonb`.execute(db);
  await sql`alter table organisations add column billing_address text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organisations drop column billing_address`.execute(db);
  await sql`alter table orders drop column documents`.execute(db);
  await dropTables(db, ['document_number_series', 'issued_documents']);
}
