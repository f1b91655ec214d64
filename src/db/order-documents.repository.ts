import type { Db } from './database';
import type { DocumentKind } from './schema';

/** Stores a generated PDF; generating it again replaces it (it is the same document). */
export async function saveOrderDocument(db: Db, orderId: string, kind: DocumentKind, content: Buffer) {
  await db
    .insertInto('order_documents')
    .values({ order_id: orderId, kind, content })
    .onConflict((oc) => oc.columns(['order_id', 'kind']).doUpdateSet({ content }))
    .execute();
}

export async function findOrderDocument(db: Db, orderId: string, kind: DocumentKind) {
  const row = await db
    .selectFrom('order_documents')
    .select('content')
    .where((eb) => eb.and({ order_id: orderId, kind }))
    .executeTakeFirst();
  return row?.content;
}

/** Which documents the order has (without loading them). */
export async function listOrderDocumentKinds(db: Db, orderId: string): Promise<DocumentKind[]> {
  const rows = await db
    .selectFrom('order_documents')
    .select('kind')
    .where('order_id', '=', orderId)
    .execute();
  return rows.map((r) => r.kind);
}
