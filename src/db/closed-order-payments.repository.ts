import { sql } from 'kysely';
import type { AuditEntry } from '../orders/audit';
import { entryTotals, type LedgerEntry } from '../orders/ledger';
import { recordLedgerEntries } from './order-ledger.repository';
import type { Db } from './database';
import { recordAuditEntry } from './order-audit-log.repository';
import { storeOrderBody } from './orders.repository';

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
    const orderId = change.audit.orderId;
    const row = await tx
      .updateTable('orders')
      .set({
        amount_paid_gbp_pence: sql`amount_paid_gbp_pence + ${paid}`,
        amount_refunded_gbp_pence: sql`amount_refunded_gbp_pence + ${refunded}`,
        ...(change.needsAttention && { needs_attention: true }),
        version: sql`version + 1`,
        updated_at: new Date(change.audit.createdAt),
      })
      .where('id', '=', orderId)
      .returningAll()
      .executeTakeFirst();
    if (row) await storeOrderBody(tx, row);
    await recordAuditEntry(tx, change.audit);
    return true;
  });
}
