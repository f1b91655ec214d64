import type { AuditEntry } from '../orders/audit';
import { fromColumns, toColumns } from './columns';
import type { Db } from './database';
import { appendOnce, listForOrder } from './order-records';

/** Appends an audit entry once (the id comes from the workflow). */
export async function recordAuditEntry(db: Db, e: AuditEntry): Promise<void> {
  await appendOnce(db, 'order_audit_log', [{ ...toColumns(e), details: JSON.stringify(e.details) }]);
}

export async function listAuditEntries(db: Db, orderId: string): Promise<AuditEntry[]> {
  const rows = await listForOrder(db, 'order_audit_log', orderId, ['created_at', 'id']);
  return rows.map(fromColumns);
}
