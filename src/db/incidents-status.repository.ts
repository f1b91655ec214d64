import { sql } from 'kysely';
import type { Db } from './database';

/**
 * The read side of the status page and of incident e-mails: live health signals from the order engine's
 * tables, and the organisations that have orders in flight.
 */

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
    .where('e.event', '=', 'order.delivery_failed')
    .where('e.created_at', '>=', since)
    .where('o.status', '<>', 'cancelled')
    .where('o.livemode', '=', true)
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
    .where('payment_state', '=', 'refund_failed')
    .where('livemode', '=', true)
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

export interface InFlightOrganisation {
  id: string;
  name: string;
  billingEmail: string | null;
  orders: Array<{ reference: string; contactEmail: string | null }>;
}

/** Organisations with at least one order neither completed nor cancelled, with those orders. */
export async function organisationsWithOrdersInFlight(db: Db): Promise<InFlightOrganisation[]> {
  const orders = sql<InFlightOrganisation['orders']>`json_agg(json_build_object(
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
