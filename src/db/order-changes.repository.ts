import type { AuditEntry } from '../orders/audit';
import type { OrderEventRecord } from '../orders/events';
import type { LedgerEntry } from '../orders/ledger';
import type { Order } from '../orders/order';
import { recordLedgerEntries } from './order-ledger.repository';
import type { Db } from './database';
import { recordAuditEntry } from './order-audit-log.repository';
import { recordOrderEvent } from './order-events.repository';
import { upsertOrderProjection } from './orders.repository';

/** One state change of an order as its workflow commits it: the new projection, its audit entry, its event. */
export interface OrderChangeRecord {
  order: Order;
  audit: AuditEntry | null;
  event: OrderEventRecord | null;
  /** Charges and refunds the change records, if any. */
  ledger?: LedgerEntry[];
}

/**
 * Writes a change in one transaction, so a reader never sees an order without the event that moved it. Every
 * part is idempotent (versioned projection, ids from the workflow): a retried write changes nothing.
 */
export async function recordOrderChange(db: Db, change: OrderChangeRecord): Promise<void> {
  await db.transaction().execute((tx) => writeOrderChange(tx, change));
}

/** The writes of one change, inside the caller's transaction (the placement's commit adds its reference). */
export async function writeOrderChange(tx: Db, change: OrderChangeRecord): Promise<void> {
  await upsertOrderProjection(tx, change.order);
  if (change.audit) await recordAuditEntry(tx, change.audit);
  if (change.event) await recordOrderEvent(tx, change.event);
  if (change.ledger) await recordLedgerEntries(tx, change.ledger);
}
