import { sql } from 'kysely';
import type { AuditEntry } from '../orders/audit';
import type { LedgerEntry } from '../orders/ledger';
import type { Db } from './database';
import { recordAuditEntry } from './order-audit-log.repository';
import { storeOrderBody } from './orders.repository';

/**
 * A payment settled for an order whose workflow has closed, in one transaction: its ledger entries, its audit
 * entry, and the order's totals (and flag) in the projection, with its stored body. The totals move only when the entries are new, so a
 * retried write (ids drawn by the refund's workflow) changes nothing.
 */
export async function recordClosedOrderPayment(
  db: Db,
  change: { ledger: LedgerEntry[]; audit: AuditEntry; needsAttention: boolean },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('order_ledger')
      .values(
        change.ledger.map((e) => ({
          id: e.id,
          order_id: e.orderId,
          organisation_id: e.organisationId,
          kind: e.kind,
          amount_gbp_pence: e.amountGbpPence,
          provider_ref: e.providerRef,
          reason: e.reason,
          created_at: new Date(e.createdAt),
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    if (inserted.length === 0) return false;
    const sum = (kind: string) =>
      change.ledger.filter((e) => e.kind === kind).reduce((n, e) => n + e.amountGbpPence, 0);
    const orderId = change.audit.orderId;
    const row = await tx
      .updateTable('orders')
      .set({
        amount_paid_gbp_pence: sql`amount_paid_gbp_pence + ${sum('charge')}`,
        amount_refunded_gbp_pence: sql`amount_refunded_gbp_pence + ${sum('refund')}`,
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
