import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from './database';
import type { Database } from './schema';

/** An order's append-only records, each with an id the workflow chose. */
type OrderRecordTable = 'order_events' | 'order_audit_log' | 'order_ledger';

/**
 * Appends an order's records once: the ids come from the workflow, so a retried activity adds nothing. Answers
 * how many were new.
 */
export async function appendOnce<T extends OrderRecordTable>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto(table)
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}

/** One order's records, sorted by `orderBy` (columns, each ascending): the order they were written in. */
export async function listForOrder<T extends OrderRecordTable>(
  db: Db,
  table: T,
  orderId: string,
  orderBy: readonly (keyof Database[T] & string)[],
): Promise<Selectable<Database[T]>[]> {
  let query = db
    .selectFrom(table as OrderRecordTable)
    .selectAll()
    .where('order_id', '=', orderId);
  for (const column of orderBy) query = query.orderBy(sql.ref(column));
  return (await query.execute()) as Selectable<Database[T]>[];
}
