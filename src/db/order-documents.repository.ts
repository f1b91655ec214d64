import type { Db } from './database';
import type { DocumentKind } from './tables/order-documents';

export type { DocumentKind };

/** An order has one document of each kind: a second one replaces it, or is dropped. */
async function insertDocument(
  db: Db,
  orderId: string,
  kind: DocumentKind,
  content: Buffer,
  existing: 'replace' | 'keep',
): Promise<void> {
  await db
    .insertInto('order_documents')
    .values({ order_id: orderId, kind, content })
    .onConflict((oc) => {
      const document = oc.columns(['order_id', 'kind']);
      return existing === 'replace' ? document.doUpdateSet({ content }) : document.doNothing();
    })
    .execute();
}

/** Stores a generated PDF; generating it again replaces it (it is the same document). */
export async function saveOrderDocument(
  db: Db,
  orderId: string,
  kind: DocumentKind,
  content: Buffer,
): Promise<void> {
  await insertDocument(db, orderId, kind, content, 'replace');
}

/**
 * Stores a document unless one is stored already, and returns the stored one: a typesetting that raced a newer
 * one (an amendment's invoice) never replaces it.
 */
export async function saveOrderDocumentIfAbsent(
  db: Db,
  orderId: string,
  kind: DocumentKind,
  content: Buffer,
): Promise<Buffer> {
  await insertDocument(db, orderId, kind, content, 'keep');
  return (await findOrderDocument(db, orderId, kind)) ?? content;
}

export async function findOrderDocument(
  db: Db,
  orderId: string,
  kind: DocumentKind,
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('order_documents')
    .select('content')
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
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
