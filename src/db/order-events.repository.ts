import { fromColumns } from './columns';
import type { Db } from './database';
import { inScope, newestFirstPage, type KeysetWindow, type Scope } from './keyset-page';

/** An event as the API lists it: exactly the webhook envelope that was (or would have been) sent. */
const envelopeColumns = ['id', 'event', 'created_at', 'data'] as const;

export interface EventListQuery extends KeysetWindow, Scope {
  type?: string;
  orderId?: string;
  /** The events of the caller's orders with this clientRef. */
  clientRef?: string;
}

/** One page of an organisation's events of one mode, newest first, and whether more follow. */
export async function listEvents(db: Db, q: EventListQuery) {
  let query = db
    .selectFrom('order_events')
    .select(envelopeColumns)
    .where((eb) => eb.and({ ...inScope(q), event: q.type, order_id: q.orderId }));
  if (q.clientRef) {
    const orders = db
      .selectFrom('orders')
      .select('id')
      .where((eb) => eb.and(inScope(q)));
    query = query.where('order_id', 'in', orders.where('client_ref', '=', q.clientRef));
  }
  const { rows, hasMore } = await newestFirstPage(query, q);
  return { events: rows.map(fromColumns), hasMore };
}

/** One event of the caller's organisation and mode, or null (another organisation's is never found). */
export async function findEvent(db: Db, caller: Scope, id: string) {
  const row = await db
    .selectFrom('order_events')
    .select(envelopeColumns)
    .where((eb) => eb.and({ id, ...inScope(caller) }))
    .executeTakeFirst();
  return row ? fromColumns(row) : null;
}
