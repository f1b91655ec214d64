import { sql, type Insertable } from 'kysely';
import { ORDER_BODY_VERSION, ORDER_FIELDS, orderBodyJson, type Order } from '../orders/order';
import type { OrderCounts } from '../observability/metrics';
import { snakeCase } from './columns';
import { inScope, newestFirstPage, type KeysetWindow, type Scope } from './keyset-page';
import type { Db } from './database';
import type { Database, Row } from './schema';

type OrderRow = Row<'orders'>;

/** Each field beside its column, named once: a page of orders reads 25 rows × every field. */
const ORDER_COLUMNS = ORDER_FIELDS.map((field) => [field, snakeCase(field)] as const);

/** Every field in the model's order: filling in a copy adds no property, so V8 keeps one fast shape. */
const ORDER_SHAPE: Readonly<Record<string, unknown>> = Object.fromEntries(
  ORDER_FIELDS.map((field) => [field, null]),
);

/** The order from its projection row: each field from its column (timestamps as ISO strings, the version a number). */
export function rowToOrder(row: OrderRow): Order {
  // A loop into one object rather than entries, fromEntries and a spread: a list page makes 25 of these.
  const order: Record<string, unknown> = { ...ORDER_SHAPE };
  for (const [field, column] of ORDER_COLUMNS) order[field] = row[column];
  order.createdAt = row.created_at.toISOString();
  order.updatedAt = row.updated_at.toISOString();
  order.publishedAt = row.published_at?.toISOString() ?? null;
  order.version = Number(row.version);
  return order as unknown as Order;
}

/** A JSON column's text; SQL null for none. */
const json = (value: unknown) => (value == null ? null : JSON.stringify(value));

function orderToRow(order: Order) {
  const row = Object.fromEntries(ORDER_COLUMNS.map(([field, column]) => [column, order[field]]));
  return {
    ...(row as Insertable<Database['orders']>),
    fields: JSON.stringify(order.fields),
    pricing: JSON.stringify(order.pricing),
    publication_date_adjusted: json(order.publicationDateAdjusted),
    newspapers: JSON.stringify(order.newspapers),
    documents: json(order.documents),
    delivery_failure: json(order.deliveryFailure),
    body: orderBodyJson(order),
    body_version: ORDER_BODY_VERSION,
  };
}

/** Writes the projection only at a higher version: a retried or late activity never moves an order back. */
export async function upsertOrderProjection(db: Db, order: Order): Promise<boolean> {
  const row = orderToRow(order);
  const { id: _id, created_at: _created, organisation_id: _org, ...updatable } = row;
  const result = await db
    .insertInto('orders')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet(updatable)
        .where('orders.version', '<', sql<string>`excluded.version`),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function findOrder(db: Db, scope: Scope, id: string): Promise<Order | undefined> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb.and({ id, ...inScope(scope) }))
    .executeTakeFirst();
  return row && rowToOrder(row);
}

/** An order's public body (JSON text): the stored one, or serialized from its columns when that is stale. */
export async function findOrderBody(db: Db, scope: Scope, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['body', 'body_version'])
    .where((eb) => eb.and({ id, ...inScope(scope) }))
    .executeTakeFirst();
  return row && (await currentBodies(db, [{ id, ...row }]))[0];
}

/** The rows' bodies: stored, or serialized from the row when missing or of an older ORDER_BODY_VERSION. */
async function currentBodies(db: Db, rows: Pick<OrderRow, 'id' | 'body' | 'body_version'>[]) {
  const stale = rows.filter((r) => r.body === null || r.body_version !== ORDER_BODY_VERSION).map((r) => r.id);
  const full =
    stale.length > 0 ? await db.selectFrom('orders').selectAll().where('id', 'in', stale).execute() : [];
  const serialized = new Map(full.map((row) => [row.id, orderBodyJson(rowToOrder(row))]));
  return rows.map((r) => serialized.get(r.id) ?? (r.body as string));
}

export interface OrderListQuery extends KeysetWindow, Scope {
  status?: string;
  type?: string;
  clientRef?: string;
}

/** The orders a list query covers: its caller's scope and its filters (the page is `newestFirstPage`'s). */
const ordersMatching = (db: Db, q: OrderListQuery) =>
  db
    .selectFrom('orders')
    .where((eb) => eb.and({ ...inScope(q), status: q.status, type: q.type, client_ref: q.clientRef }));

/** One page newest-first, plus whether another row exists beyond it. */
export async function listOrders(db: Db, q: OrderListQuery): Promise<{ orders: Order[]; hasMore: boolean }> {
  const { rows, hasMore } = await newestFirstPage(ordersMatching(db, q).selectAll(), q);
  return { orders: rows.map(rowToOrder), hasMore };
}

/** One page of orders as their stored bodies (JSON text), newest first, and where the page ends. */
export async function listOrderBodies(db: Db, q: OrderListQuery) {
  const query = ordersMatching(db, q).select(['id', 'created_at', 'body', 'body_version']);
  const { rows, hasMore } = await newestFirstPage(query, q);
  const end = rows[rows.length - 1];
  return {
    bodies: await currentBodies(db, rows),
    hasMore,
    last: end && { createdAt: end.created_at, id: end.id },
  };
}

/** Writes the orders' current bodies, each only at the order's version: a projection write in between wins. */
export async function storeOrderBodies(db: Db, orders: Order[]): Promise<number> {
  const result = await sql`
    update orders set body = v.body, body_version = ${ORDER_BODY_VERSION}
    from unnest(${orders.map((o) => o.id)}::text[], ${orders.map((o) => o.version)}::bigint[],
      ${orders.map(orderBodyJson)}::text[]) as v(id, version, body)
    where orders.id = v.id and orders.version = v.version`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Rows rewritten per statement and statements per sweep: a sweep's work is bounded however many are stale. */
export const BODY_REFRESH_BATCH = 500;
const BODY_REFRESH_MAX_BATCHES = 40;

/**
 * Writes the current body into stale rows, in batches found through the `orders_body_stale` index and locked
 * with SKIP LOCKED, so API processes sweeping at once share the rows. Returns the number of rows rewritten.
 */
export async function refreshStaleOrderBodies(db: Db): Promise<number> {
  let rewritten = 0;
  for (let batch = 0; batch < BODY_REFRESH_MAX_BATCHES; batch++) {
    const { found, written } = await db.transaction().execute(async (tx) => {
      const rows = await tx
        .selectFrom('orders')
        .selectAll()
        .where(sql<boolean>`body_version is distinct from ${sql.lit(ORDER_BODY_VERSION)}`)
        .orderBy('id')
        .limit(BODY_REFRESH_BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      const stale = rows.map(rowToOrder);
      return { found: stale.length, written: stale.length > 0 ? await storeOrderBodies(tx, stale) : 0 };
    });
    rewritten += written;
    if (found < BODY_REFRESH_BATCH) break;
  }
  return rewritten;
}

/** An order by id alone, for integration partners whose keys are scoped by newspaper or Gazette edition. */
export async function findOrderById(db: Db, id: string): Promise<Order | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  return row && rowToOrder(row);
}

/** Orders by status and mode (`notices_orders` gauge); a slow count times out rather than hold a connection. */
export async function countOrdersByStatus(db: Db): Promise<OrderCounts> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('statement_timeout', '2000', true)`.execute(trx);
    const rows = await trx
      .selectFrom('orders')
      .select(['status', 'livemode', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy(['status', 'livemode'])
      .execute();
    return rows.map((r) => ({
      status: r.status,
      mode: r.livemode ? 'live' : 'test',
      count: Number(r.count),
    }));
  });
}
