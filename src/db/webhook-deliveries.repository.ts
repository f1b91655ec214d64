import { sql } from 'kysely';
import { newId } from '../ids';
import { fromColumns, toColumns, type CamelCased, type JsonModel } from './columns';
import type { Db } from './database';
import type { DeliveryStatus, Row } from './schema';

export type WebhookDelivery = JsonModel<Row<'webhook_deliveries'>>;

/** The delivery of an event to an endpoint, created once: a retried dispatch finds the same row. */
export async function ensureDelivery(
  db: Db,
  d: { eventId: string; endpointId: string; organisationId: string; event: string },
): Promise<WebhookDelivery> {
  const row = await db
    .insertInto('webhook_deliveries')
    .values({ id: newId('dlv'), ...toColumns(d), status: 'pending', next_attempt_at: new Date() })
    // A no-op update, so that RETURNING also answers for the row an earlier dispatch inserted.
    .onConflict((oc) =>
      oc.columns(['event_id', 'endpoint_id']).doUpdateSet({ event_id: sql`excluded.event_id` }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromColumns(row);
}

export async function findDelivery(db: Db, id: string): Promise<WebhookDelivery | null> {
  const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromColumns(row) : null;
}

/** Records one HTTP attempt and moves the delivery on; an older replay run's late write changes nothing. */
export async function recordAttempt(
  db: Db,
  a: CamelCased<Omit<Row<'webhook_attempts'>, 'id'>>,
  outcome: { status: 'delivered' | 'failed'; nextAttemptAt: Date | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('webhook_attempts').values(toColumns(a)).execute();
    await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        status: outcome.status,
        last_attempt_at: a.startedAt,
        next_attempt_at: outcome.nextAttemptAt,
        last_error: outcome.status === 'delivered' ? null : (a.error ?? `HTTP ${a.statusCode}`),
        updated_at: new Date(),
      }))
      .where((eb) => eb.and({ id: a.deliveryId, replays: a.replay }))
      .execute();
  });
}

/** Final states set by the delivery workflow: `dead` after the last attempt, `cancelled` for a deleted endpoint. */
export async function finishDelivery(
  db: Db,
  id: string,
  replay: number,
  status: 'dead' | 'cancelled',
  error: string | null,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status,
      next_attempt_at: null,
      last_error: eb.fn.coalesce(eb.val(error), eb.ref('last_error')),
      updated_at: new Date(),
    }))
    .where((eb) => eb.and({ id, replays: replay }))
    .where('status', '<>', 'delivered')
    .execute();
}

/** Starts the next replay of a settled delivery: its number, or null if it changed or is in progress. */
export async function beginReplay(db: Db, delivery: WebhookDelivery): Promise<number | null> {
  const row = await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      replays: delivery.replays + 1,
      next_attempt_at: new Date(),
      updated_at: new Date(),
    })
    .where((eb) => eb.and({ id: delivery.id, replays: delivery.replays }))
    .where('status', 'in', ['dead', 'delivered', 'cancelled'])
    .returning('replays')
    .executeTakeFirst();
  return row ? row.replays : null;
}

export async function listDeliveries(
  db: Db,
  q: { organisationId?: string; status?: DeliveryStatus; eventId?: string; since?: Date },
): Promise<WebhookDelivery[]> {
  let query = db.selectFrom('webhook_deliveries').selectAll();
  if (q.organisationId) query = query.where('organisation_id', '=', q.organisationId);
  if (q.status) query = query.where('status', '=', q.status);
  if (q.eventId) query = query.where('event_id', '=', q.eventId);
  if (q.since) query = query.where('updated_at', '>=', q.since);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1000).execute();
  return rows.map(fromColumns);
}

export type WebhookAttempt = JsonModel<Omit<Row<'webhook_attempts'>, 'id' | 'delivery_id'>>;

export async function listAttempts(db: Db, deliveryId: string): Promise<WebhookAttempt[]> {
  const rows = await db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('id')
    .execute();
  return rows.map(({ id: _id, delivery_id: _deliveryId, ...attempt }) => fromColumns(attempt));
}

/** The recorded event an attempt sends, in envelope form. */
export async function loadEventForDelivery(db: Db, eventId: string) {
  const row = await db
    .selectFrom('order_events')
    .select(['id', 'event', 'created_at', 'data', 'organisation_id', 'livemode'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row ? fromColumns(row) : null;
}

export interface EndpointDeliveryQuery {
  organisationId: string;
  endpointId: string;
  /** `failed`: the last attempt failed (retrying or dead); `dead`: dead letters only. */
  outcome?: 'failed' | 'dead';
  event?: string;
  orderId?: string;
  limit: number;
}

/** The organisation's deliveries (`d`), each beside its event (`e`). */
const withEvents = (db: Db, organisationId: string) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('order_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .where('d.organisation_id', '=', organisationId);

/** The settings console's delivery list of one endpoint, newest first, with the event's order id. */
export async function listEndpointDeliveries(db: Db, q: EndpointDeliveryQuery) {
  let query = withEvents(db, q.organisationId)
    .select('e.order_id')
    .where((eb) => eb.and({ 'd.endpoint_id': q.endpointId, 'd.event': q.event, 'e.order_id': q.orderId }));
  if (q.outcome) query = query.where('d.status', 'in', q.outcome === 'dead' ? ['dead'] : ['failed', 'dead']);
  const rows = await query.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(q.limit).execute();
  return rows.map(fromColumns);
}

/** Every delivery of the order's events (the order page's "webhooks sent"). */
export async function listOrderDeliveries(db: Db, organisationId: string, orderId: string) {
  const rows = await withEvents(db, organisationId)
    .where('e.order_id', '=', orderId)
    .orderBy('d.created_at')
    .orderBy('d.id')
    .limit(500)
    .execute();
  return rows.map(fromColumns);
}
