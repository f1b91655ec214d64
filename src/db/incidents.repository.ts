import { sql } from 'kysely';
import { newId } from '../ids';
import { fromColumns, type JsonModel } from './columns';
import type { Db } from './database';
import type { Row } from './schema';

export type Incident = JsonModel<Omit<Row<'incidents'>, 'seq'>> & {
  /** Oldest first: the opening message, then updates, then the resolution. */
  updates: JsonModel<Pick<Row<'incident_updates'>, 'kind' | 'message' | 'created_at'>>[];
};

export async function createIncident(
  db: Db,
  input: { title: string; components: string[]; message: string },
): Promise<Incident> {
  const id = newId('inc');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('incidents')
      .values({ id, title: input.title, components: input.components, status: 'open', resolved_at: null })
      .execute();
    await trx
      .insertInto('incident_updates')
      .values({ incident_id: id, kind: 'opened', message: input.message })
      .execute();
  });
  return (await findIncident(db, id))!;
}

/** Adds an update, or the resolution; answers undefined when there is no such incident. */
export async function addIncidentUpdate(db: Db, id: string, kind: 'update' | 'resolved', message: string) {
  const changed = await db.transaction().execute(async (trx) => {
    const now = new Date();
    const row = await trx
      .updateTable('incidents')
      .set({ updated_at: now, ...(kind === 'resolved' && { status: 'resolved' as const, resolved_at: now }) })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .insertInto('incident_updates')
      .values({ incident_id: id, kind, message, created_at: now })
      .execute();
    return true;
  });
  return changed ? findIncident(db, id) : undefined;
}

export async function findIncident(db: Db, id: string): Promise<Incident | undefined> {
  return (await listIncidents(db, { id }))[0];
}

/** Incidents, newest first: with `since`, the open ones and every one created or resolved since; with `id`, that one. */
export async function listIncidents(db: Db, filter: { id?: string; since?: Date }): Promise<Incident[]> {
  const { id, since } = filter;
  let q = db.selectFrom('incidents').selectAll();
  if (id !== undefined) q = q.where('id', '=', id);
  if (since) {
    q = q.where((eb) =>
      eb.or([eb('status', '=', 'open'), eb('created_at', '>=', since), eb('resolved_at', '>=', since)]),
    );
  }
  const rows = await q.orderBy('seq', 'desc').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const updates = await db
    .selectFrom('incident_updates')
    .select(['incident_id', 'kind', 'message', 'created_at'])
    .where('incident_id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map(({ seq: _seq, ...incident }) => ({
    ...fromColumns(incident),
    updates: updates
      .filter((u) => u.incident_id === incident.id)
      .map(({ incident_id: _incidentId, ...update }) => fromColumns(update)),
  }));
}

// The status page's live health signals, from the order engine's tables.

/**
 * Orders whose artwork delivery failed (`order.delivery_failed`) since `since` and has not succeeded since
 * (no later `artwork_delivered` or `marked_delivered` audit entry), not counting cancelled orders. Live orders
 * only: what a developer simulates with a test key never shows on the public status page.
 */
export async function countUnresolvedDeliveryFailures(db: Db, since: Date): Promise<number> {
  const row = await db
    .selectFrom('order_events as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select(sql<string>`count(distinct e.order_id)`.as('n'))
    .where((eb) => eb.and({ 'e.event': 'order.delivery_failed', 'o.livemode': true }))
    .where('e.created_at', '>=', since)
    .where('o.status', '<>', 'cancelled')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('order_audit_log as a')
            .select('a.id')
            .whereRef('a.order_id', '=', 'e.order_id')
            .where('a.action', 'in', ['artwork_delivered', 'marked_delivered'])
            .whereRef('a.created_at', '>', 'e.created_at'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Live orders whose refund through the payment provider failed, updated since `since`. */
export async function countRecentRefundFailures(db: Db, since: Date): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<string>`count(*)`.as('n'))
    .where((eb) => eb.and({ payment_state: 'refund_failed', livemode: true }))
    .where('updated_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Live webhook deliveries still to be attempted whose due time (the next attempt's, or the first's when none
 * was made) is before `dueBefore`. A receiver's refusals keep the schedule moving, so only our own failures
 * (database, secrets, workers) leave a delivery overdue.
 */
export async function countStalledWebhookDeliveries(db: Db, dueBefore: Date): Promise<number> {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .select(sql<string>`count(*)`.as('n'))
    .where('w.mode', '=', 'live')
    .where('d.status', 'in', ['pending', 'failed'])
    .where(sql<Date>`coalesce(d.next_attempt_at, d.updated_at)`, '<', dueBefore)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Organisations with at least one order neither completed nor cancelled, with those orders. */
export async function organisationsWithOrdersInFlight(db: Db) {
  const orders = sql<{ reference: string; contactEmail: string | null }[]>`json_agg(json_build_object(
    'reference', o.reference, 'contactEmail', o.fields->>'contactEmail') order by o.created_at)`;
  return db
    .selectFrom('orders as o')
    .innerJoin('organisations as g', 'g.id', 'o.organisation_id')
    .select(['g.id', 'g.name', 'g.billing_email as billingEmail', orders.as('orders')])
    .where('o.status', 'not in', ['completed', 'cancelled'])
    .groupBy('g.id')
    .orderBy('g.seq')
    .execute();
}
