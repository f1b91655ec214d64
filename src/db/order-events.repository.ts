import type { Db } from './database';

/** One order event in the spec's envelope form (`id`, `event`, `createdAt`, `data`). */
export interface OrderEventRecord {
  id: string;
  orderId: string;
  organisationId: string;
  livemode: boolean;
  event: string;
  sequence: number;
  createdAt: string;
  data: Record<string, unknown>;
}

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
