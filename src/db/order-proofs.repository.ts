import type { Db } from './database';

/** Stores the order's proof; generating it again replaces it (it is the same document). */
export async function saveProof(db: Db, orderId: string, content: Buffer) {
  await db
    .insertInto('order_proofs')
    .values({ order_id: orderId, content })
    .onConflict((oc) => oc.column('order_id').doUpdateSet({ content }))
    .execute();
}

export async function findProof(db: Db, orderId: string) {
  const row = await db
    .selectFrom('order_proofs')
    .select('content')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.content;
}

/** Whether the order has a proof (without loading it). */
export async function hasProof(db: Db, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('order_proofs')
    .select('order_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row !== undefined;
}
