import { sql, type Insertable, type Selectable } from 'kysely';
import type { AuditEntry } from '../orders/audit';
import type { OrderEventRecord } from '../orders/events';
import { entryTotals, type LedgerEntry } from '../orders/ledger';
import type { Order } from '../orders/order';
import { fromColumns, toColumns } from './columns';
import type { Db } from './database';
import { rowToOrder, storeOrderBodies, upsertOrderProjection } from './orders.repository';
import type { Database } from './schema';

/** An order's append-only records, each with an id the workflow chose. */
type OrderRecordTable = 'order_events' | 'order_audit_log' | 'order_ledger';

/** Appends records once (the workflow chose their ids: a retry adds nothing); answers how many were new. */
async function appendOnce<T extends OrderRecordTable>(
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

/** One order's records as models, in `orderBy` (columns, each ascending): the order they were written in. */
async function listForOrder<T extends OrderRecordTable>(
  db: Db,
  table: T,
  orderId: string,
  orderBy: readonly (keyof Database[T] & string)[],
) {
  let query = db
    .selectFrom(table as OrderRecordTable)
    .selectAll()
    .where('order_id', '=', orderId);
  for (const column of orderBy) query = query.orderBy(sql.ref(column));
  return ((await query.execute()) as Selectable<Database[T]>[]).map(fromColumns);
}

export async function recordAuditEntry(db: Db, e: AuditEntry): Promise<void> {
  await appendOnce(db, 'order_audit_log', [{ ...toColumns(e), details: JSON.stringify(e.details) }]);
}

export async function listAuditEntries(db: Db, orderId: string): Promise<AuditEntry[]> {
  return listForOrder(db, 'order_audit_log', orderId, ['created_at', 'id']);
}

export async function recordOrderEvent(db: Db, e: OrderEventRecord): Promise<void> {
  await appendOnce(db, 'order_events', [{ ...toColumns(e), data: JSON.stringify(e.data) }]);
}

export async function listOrderEvents(db: Db, orderId: string): Promise<OrderEventRecord[]> {
  return listForOrder(db, 'order_events', orderId, ['sequence']);
}

/** The one writer of the ledger; answers how many entries were new. */
async function recordLedgerEntries(db: Db, entries: readonly LedgerEntry[]): Promise<number> {
  return appendOnce(db, 'order_ledger', entries.map(toColumns));
}

/** An order's ledger, oldest first (support, tests). */
export async function listLedgerEntries(db: Db, orderId: string): Promise<LedgerEntry[]> {
  // Entries written together (a stray payment and its refund) share created_at: the charge first.
  return listForOrder(db, 'order_ledger', orderId, ['created_at', 'kind', 'id']);
}

/** One state change of an order as its workflow commits it: the new projection, its audit entry, its event. */
export interface OrderChangeRecord {
  order: Order;
  audit: AuditEntry | null;
  event: OrderEventRecord | null;
  /** Charges and refunds the change records, if any. */
  ledger?: LedgerEntry[];
}

/**
 * Writes a change in one transaction (the caller's, as the placement's commit adds its reference, or its own), so
 * a reader never sees an order without the event that moved it. Every part is idempotent (versioned projection,
 * ids from the workflow): a retried write changes nothing.
 */
export async function recordOrderChange(db: Db, change: OrderChangeRecord): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((tx) => recordOrderChange(tx, change));
  await upsertOrderProjection(db, change.order);
  if (change.audit) await recordAuditEntry(db, change.audit);
  if (change.event) await recordOrderEvent(db, change.event);
  if (change.ledger) await recordLedgerEntries(db, change.ledger);
}

/**
 * A payment settled for an order whose workflow has closed, in one transaction: its ledger entries, its audit
 * entry, and the order's totals (and flag) in the projection, with its stored body. The totals move only when
 * the entries are new, so a retried write (ids drawn by the refund's workflow) changes nothing.
 */
export async function recordClosedOrderPayment(
  db: Db,
  change: { ledger: LedgerEntry[]; audit: AuditEntry; needsAttention: boolean },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if ((await recordLedgerEntries(tx, change.ledger)) === 0) return false;
    const { paid, refunded } = entryTotals(change.ledger);
    const row = await tx
      .updateTable('orders')
      .set({
        amount_paid_gbp_pence: sql`amount_paid_gbp_pence + ${paid}`,
        amount_refunded_gbp_pence: sql`amount_refunded_gbp_pence + ${refunded}`,
        ...(change.needsAttention && { needs_attention: true }),
        version: sql`version + 1`,
        updated_at: new Date(change.audit.createdAt),
      })
      .where('id', '=', change.audit.orderId)
      .returningAll()
      .executeTakeFirst();
    if (row) await storeOrderBodies(tx, [rowToOrder(row)]);
    await recordAuditEntry(tx, change.audit);
    return true;
  });
}
