import type { LedgerEntry } from '../orders/ledger';
import { fromColumns, toColumns } from './columns';
import type { Db } from './database';
import { appendOnce, listForOrder } from './order-records';

/**
 * The one writer of the ledger: appends entries whose ids come from a workflow, so a retried write adds
 * nothing. Answers how many were new.
 */
export async function recordLedgerEntries(db: Db, entries: readonly LedgerEntry[]): Promise<number> {
  return appendOnce(
    db,
    'order_ledger',
    entries.map((e) => ({ ...toColumns(e), created_at: new Date(e.createdAt) })),
  );
}

/** An order's ledger, oldest first, a charge before the refund written with it (support, tests). */
export async function listLedgerEntries(db: Db, orderId: string): Promise<LedgerEntry[]> {
  // Entries written together (a stray payment and its refund) share created_at: the charge first.
  const rows = await listForOrder(db, 'order_ledger', orderId, ['created_at', 'kind', 'id']);
  return rows.map(fromColumns);
}
