import type { Db } from './database';

/** The order's human-readable reference, `SN-` and a six-digit (or longer) number, allocated once per order. */
export async function allocateOrderReference(db: Db, orderId: string): Promise<string> {
  await db
    .insertInto('order_references')
    .values({ order_id: orderId })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('order_references')
    .select('seq')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return `SN-${String(row.seq).padStart(6, '0')}`;
}
