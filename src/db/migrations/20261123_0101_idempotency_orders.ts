import { sql, type Kysely } from 'kysely';

/**
 * Idempotency a retrying client can rely on: a key remembers the order it names (so a retry after a failed
 * placement can tell "placed" from "never placed"), and a lease marks the request running with it (so a
 * concurrent second request is refused with 409 instead of racing the first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idempotency_keys add column order_id text, add column locked_until timestamptz`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idempotency_keys drop column order_id, drop column locked_until`.execute(db);
}
