import { sql } from 'kysely';
import type { Db } from './database';

/**
 * The order's human-readable reference, `SN-` and a six-digit (or longer) number, allocated once per order: one
 * statement (a repeat for the same order returns the number it was given). Takes a transaction too, so the
 * placement's commit allocates it with the order's first write.
 */
export async function allocateOrderReference(db: Db, orderId: string): Promise<string> {
  const row = await db
    .insertInto('order_references')
    .values({ order_id: orderId })
    // A no-op update, so that RETURNING also answers for the row an earlier attempt inserted.
    .onConflict((oc) => oc.column('order_id').doUpdateSet({ order_id: sql`excluded.order_id` }))
    .returning('seq')
    .executeTakeFirstOrThrow();
  return `SN-${String(row.seq).padStart(6, '0')}`;
}
