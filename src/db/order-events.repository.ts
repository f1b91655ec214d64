import type { OrderEventRecord } from '../orders/events';
import { fromColumns, toColumns } from './columns';
import type { Db } from './database';
import { appendOnce, listForOrder } from './order-records';
import { newestFirstPage, type KeysetWindow } from './keyset-page';
import { inScope, type Scope } from './scope';

/** Writes an event once: the id comes from the workflow, so a retried activity inserts nothing new. */
export async function recordOrderEvent(db: Db, e: OrderEventRecord): Promise<void> {
  await appendOnce(db, 'order_events', [{ ...toColumns(e), data: JSON.stringify(e.data) }]);
}

export async function listOrderEvents(db: Db, orderId: string): Promise<OrderEventRecord[]> {
  const rows = await listForOrder(db, 'order_events', orderId, ['sequence']);
  return rows.map(fromColumns);
}

/** An event as the API lists it: exactly the webhook envelope that was (or would have been) sent. */
export interface EventEnvelope {
  id: string;
  event: string;
  createdAt: string;
  data: Record<string, unknown>;
}

export interface EventListQuery extends KeysetWindow, Scope {
  type?: string;
  orderId?: string;
  /** The events of the caller's orders with this clientRef. */
  clientRef?: string;
}

const toEnvelope = (r: { id: string; event: string; created_at: Date; data: Record<string, unknown> }) => ({
  id: r.id,
  event: r.event,
  createdAt: r.created_at.toISOString(),
  data: r.data,
});

/** One page of an organisation's events of one mode, newest first, and whether more follow. */
export async function listEvents(
  db: Db,
  q: EventListQuery,
): Promise<{ events: EventEnvelope[]; hasMore: boolean }> {
  let query = db
    .selectFrom('order_events')
    .select(['id', 'event', 'created_at', 'data'])
    .where((eb) => eb.and(inScope(q)));
  if (q.type) query = query.where('event', '=', q.type);
  if (q.orderId) query = query.where('order_id', '=', q.orderId);
  if (q.clientRef) {
    const orders = db
      .selectFrom('orders')
      .select('id')
      .where((eb) => eb.and(inScope(q)));
    query = query.where('order_id', 'in', orders.where('client_ref', '=', q.clientRef));
  }
  const { rows, hasMore } = await newestFirstPage(query, q);
  return { events: rows.map(toEnvelope), hasMore };
}

/** One event of the caller's organisation and mode, or null (another organisation's is never found). */
export async function findEvent(db: Db, caller: Scope, id: string): Promise<EventEnvelope | null> {
  const row = await db
    .selectFrom('order_events')
    .select(['id', 'event', 'created_at', 'data'])
    .where((eb) => eb.and({ id, ...inScope(caller) }))
    .executeTakeFirst();
  return row ? toEnvelope(row) : null;
}
