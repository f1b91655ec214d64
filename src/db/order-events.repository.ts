import type { OrderEventRecord } from '../orders/events';
import { sql } from 'kysely';
import type { Db } from './database';

/** Writes an event once: the id comes from the workflow, so a retried activity inserts nothing new. */
export async function recordOrderEvent(db: Db, e: OrderEventRecord): Promise<void> {
  await db
    .insertInto('order_events')
    .values({
      id: e.id,
      order_id: e.orderId,
      organisation_id: e.organisationId,
      livemode: e.livemode,
      event: e.event,
      sequence: e.sequence,
      created_at: e.createdAt,
      data: JSON.stringify(e.data),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function listOrderEvents(db: Db, orderId: string): Promise<OrderEventRecord[]> {
  const rows = await db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('sequence')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    organisationId: r.organisation_id,
    livemode: r.livemode,
    event: r.event,
    sequence: r.sequence,
    createdAt: r.created_at.toISOString(),
    data: r.data,
  }));
}

/** An event as the API lists it: exactly the webhook envelope that was (or would have been) sent. */
export interface EventEnvelope {
  id: string;
  event: string;
  createdAt: string;
  data: Record<string, unknown>;
}

export interface EventListQuery {
  organisationId: string;
  livemode: boolean;
  limit: number;
  type?: string;
  orderId?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  /** Keyset position: events strictly older than this one (newest first, ties by id descending). */
  after?: { createdAt: Date; id: string };
}

const toEnvelope = (r: { id: string; event: string; created_at: Date; data: Record<string, unknown> }) => ({
  id: r.id,
  event: r.event,
  createdAt: r.created_at.toISOString(),
  data: r.data,
});

/** One page of an organisation's events of one mode, newest first; `hasMore` from one extra row. */
export async function listEvents(
  db: Db,
  q: EventListQuery,
): Promise<{ events: EventEnvelope[]; hasMore: boolean }> {
  let query = db
    .selectFrom('order_events')
    .select(['id', 'event', 'created_at', 'data'])
    .where('organisation_id', '=', q.organisationId)
    .where('livemode', '=', q.livemode);
  if (q.type) query = query.where('event', '=', q.type);
  if (q.orderId) query = query.where('order_id', '=', q.orderId);
  if (q.createdAfter) query = query.where('created_at', '>', q.createdAfter);
  if (q.createdBefore) query = query.where('created_at', '<', q.createdBefore);
  if (q.after) {
    const { createdAt, id } = q.after;
    query = query.where(sql<boolean>`(created_at, id) < (${createdAt}, ${id})`);
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute();
  return { events: rows.slice(0, q.limit).map(toEnvelope), hasMore: rows.length > q.limit };
}

/** One event of the caller's organisation and mode, or null (another organisation's is never found). */
export async function findEvent(
  db: Db,
  caller: { organisationId: string; livemode: boolean },
  id: string,
): Promise<EventEnvelope | null> {
  const row = await db
    .selectFrom('order_events')
    .select(['id', 'event', 'created_at', 'data'])
    .where('id', '=', id)
    .where('organisation_id', '=', caller.organisationId)
    .where('livemode', '=', caller.livemode)
    .executeTakeFirst();
  return row ? toEnvelope(row) : null;
}
