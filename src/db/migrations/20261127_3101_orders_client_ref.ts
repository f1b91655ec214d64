import { sql, type Kysely } from 'kysely';

/**
 * Orders found by the caller's own reference (GET /v1/orders?clientRef=, and GET /v1/events?clientRef= through
 * it): an index in the list's keyset order, as the status and type filters have, over the orders that have one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_list_client_ref_idx on orders (organisation_id, livemode, client_ref, created_at desc, id desc) where client_ref is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index orders_list_client_ref_idx`.execute(db);
}
