import { sql } from 'kysely';
import type { Db } from './database';

/** The order's reference, `SN-` and a six-digit (or longer) number, allocated once (a repeat answers the same). */
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
