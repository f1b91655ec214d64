import { sql, type Kysely } from 'kysely';

/**
 * Each order's public body stored beside its row (`serializeOrder` as JSON text, and the version of the
 * serializer that wrote it: ORDER_BODY_VERSION in src/orders/order.ts), so a list page is read as text. Rows
 * written before it have none: they are serialized from their columns when read and filled in by the API's
 * sweep, which finds them through the partial index (it holds only rows whose body is not of version 1).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column body text, add column body_version smallint`.execute(db);
  await sql`create index orders_body_stale on orders (id) where body_version is distinct from 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_body_stale`.execute(db);
  await sql`alter table orders drop column body, drop column body_version`.execute(db);
}
