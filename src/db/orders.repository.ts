import { sql, type Insertable, type Selectable } from 'kysely';
import { ledgerTotals } from '../orders/ledger';
import { ORDER_FIELDS, type Order } from '../orders/order';
import { snakeCase } from './columns';
import { newestFirstPage, type KeysetWindow } from './keyset-page';
import { inScope, type Scope } from './scope';
import type { Db } from './database';
import type { OrdersTable } from './tables/orders';

type OrderRow = Selectable<OrdersTable>;

/** Each field beside its column, named once: a page of orders reads 25 rows × every field. */
const ORDER_COLUMNS = ORDER_FIELDS.map((field) => [field, snakeCase(field)] as const);

/**
 * Every field present, in the model's order: an order starts as a copy of this, so filling it in by computed
 * keys never adds a property and the object keeps one fast shape. Built up key by key from `{}` instead, V8
 * turns each order into a dictionary (~3 KB of garbage, and slower reads in serializeOrder).
 */
const ORDER_SHAPE: Readonly<Record<string, unknown>> = Object.fromEntries(
  ORDER_FIELDS.map((field) => [field, null]),
);

/** The order from its projection row: each field from its column (the version is a bigint in the database). */
export function rowToOrder(row: OrderRow): Order {
  // A loop into one object rather than entries, fromEntries and a spread: a list page makes 25 of these.
  const order: Record<string, unknown> = { ...ORDER_SHAPE };
  for (const [field, column] of ORDER_COLUMNS) order[field] = row[column];
  order.version = Number(row.version);
  return order as unknown as Order;
}

/** The projection row of an order; the ledger totals of orders whose workflow began before the ledger: as their payment state says. */
function orderToRow(order: Order) {
  const row = Object.fromEntries(ORDER_COLUMNS.map(([field, column]) => [column, order[field]]));
  const { paid, refunded } = ledgerTotals(order);
  return {
    ...(row as Insertable<OrdersTable>),
    amount_paid_gbp_pence: paid,
    amount_refunded_gbp_pence: refunded,
    fields: JSON.stringify(order.fields),
    pricing: JSON.stringify(order.pricing),
    publication_date_adjusted:
      order.publicationDateAdjusted == null ? null : JSON.stringify(order.publicationDateAdjusted),
  };
}

/**
 * Writes the projection idempotently: a row is inserted once, and later writes land only when they carry a
 * higher version than the stored one, so a retried or out-of-order activity can never move an order back.
 * Returns true when the write was applied.
 */
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

export interface OrderListQuery extends KeysetWindow, Scope {
  status?: string;
  type?: string;
}

/** One page newest-first, plus whether another row exists beyond it. */
export async function listOrders(db: Db, q: OrderListQuery): Promise<{ orders: Order[]; hasMore: boolean }> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb.and(inScope(q)));
  if (q.status) query = query.where('status', '=', q.status);
  if (q.type) query = query.where('type', '=', q.type);
  const { rows, hasMore } = await newestFirstPage(query, q);
  return { orders: rows.map(rowToOrder), hasMore };
}

/** An order by id alone, for integration partners whose keys are scoped by newspaper or Gazette edition. */
export async function findOrderById(db: Db, id: string): Promise<Order | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  return row && rowToOrder(row);
}
