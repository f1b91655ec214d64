import { uuid4 } from '@temporalio/workflow';
import type { AuditEntry } from '../../orders/audit';
import { eventData, eventIdOf, type OrderEventName, type OrderEventRecord } from '../../orders/events';
import type { LedgerEntry } from '../../orders/ledger';
import type { Order } from '../../orders/order';
import type { OperatorNote } from '../order.messages';

/**
 * The order's records as the workflow writes them with a change: each id is drawn here from the workflow's
 * deterministic uuid4, once, so a replay draws the same and a retried write adds nothing.
 */

export type LedgerLine = Pick<LedgerEntry, 'kind' | 'amountGbpPence' | 'providerRef' | 'reason'>;
export type AuditLine = Pick<AuditEntry, 'action' | 'actor'> &
  Partial<Pick<AuditEntry, 'reason' | 'details'>>;

/** An operator's action, their note its reason. */
export const noted = (action: string, n: OperatorNote, details?: Record<string, unknown>): AuditLine => ({
  action,
  actor: n.actor,
  reason: n.note ?? null,
  details,
});

export const ledgerLine = (
  kind: LedgerLine['kind'],
  amountGbpPence: number,
  providerRef: string | null,
  reason: string,
): LedgerLine => ({ kind, amountGbpPence, providerRef, reason });

type Owner = Pick<Order, 'id' | 'organisationId'>;

const hexId = () => uuid4().replace(/-/g, '');

export function ledgerEntry(order: Owner, line: LedgerLine, at: string): LedgerEntry {
  return {
    id: `led_${hexId()}`,
    orderId: order.id,
    organisationId: order.organisationId,
    ...line,
    createdAt: at,
  };
}

export function auditEntry(order: Owner, line: AuditLine, at: string): AuditEntry {
  const { action, actor, reason = null, details = {} } = line;
  const { id: orderId, organisationId } = order;
  return { id: `aud_${hexId()}`, orderId, organisationId, action, actor, reason, details, createdAt: at };
}

export function eventRecord(
  order: Order,
  event: OrderEventName,
  sequence: number,
  at: string,
): OrderEventRecord {
  return {
    id: eventIdOf(uuid4()),
    orderId: order.id,
    organisationId: order.organisationId,
    livemode: order.livemode,
    event,
    sequence,
    createdAt: at,
    data: eventData(event, order),
  };
}
