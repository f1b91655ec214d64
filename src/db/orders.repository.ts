import { sql, type Selectable } from 'kysely';
import { ledgerTotals } from '../orders/ledger';
import type { Order } from '../orders/order';
import type { OrderStatus, PaymentMethod } from '../orders/status';
import type { Db } from './database';
import type { OrdersTable } from './tables/orders';

type OrderRow = Selectable<OrdersTable>;

export function rowToOrder(row: OrderRow): Order {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    livemode: row.livemode,
    reference: row.reference,
    status: row.status as OrderStatus,
    type: row.type,
    quotedPriceGbpPence: row.quoted_price_gbp_pence,
    noticeText: row.notice_text,
    paymentMethod: row.payment_method as PaymentMethod,
    paymentState: row.payment_state,
    checkoutUrl: row.checkout_url,
    invoiceUrl: row.invoice_url,
    clientRef: row.client_ref,
    proofPdfUrl: row.proof_pdf_url,
    certificateUrl: row.certificate_url,
    newspaperName: row.newspaper_name,
    gazetteEdition: row.gazette_edition,
    publicationDate: row.publication_date,
    publicationDateAdjusted: row.publication_date_adjusted,
    publishedAt: row.published_at,
    urn: row.urn,
    poReference: row.po_reference,
    needsAttention: row.needs_attention,
    amountPaidGbpPence: row.amount_paid_gbp_pence,
    amountRefundedGbpPence: row.amount_refunded_gbp_pence,
    fields: row.fields,
    pricing: row.pricing,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: Number(row.version),
  };
}

/** The ledger totals (orders whose workflow began before the ledger: as their payment state says). */
function ledgerColumns(order: Order) {
  const { paid, refunded } = ledgerTotals(order);
  return { amount_paid_gbp_pence: paid, amount_refunded_gbp_pence: refunded };
}

function orderToRow(order: Order) {
  return {
    id: order.id,
    organisation_id: order.organisationId,
    livemode: order.livemode,
    reference: order.reference,
    status: order.status,
    type: order.type,
    quoted_price_gbp_pence: order.quotedPriceGbpPence,
    notice_text: order.noticeText,
    payment_method: order.paymentMethod,
    payment_state: order.paymentState,
    checkout_url: order.checkoutUrl,
    invoice_url: order.invoiceUrl,
    client_ref: order.clientRef,
    proof_pdf_url: order.proofPdfUrl,
    certificate_url: order.certificateUrl,
    newspaper_name: order.newspaperName,
    gazette_edition: order.gazetteEdition,
    publication_date: order.publicationDate,
    publication_date_adjusted:
      order.publicationDateAdjusted == null ? null : JSON.stringify(order.publicationDateAdjusted),
    published_at: order.publishedAt,
    urn: order.urn,
    po_reference: order.poReference,
    needs_attention: order.needsAttention,
    ...ledgerColumns(order),
    fields: JSON.stringify(order.fields),
    pricing: JSON.stringify(order.pricing),
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    version: order.version,
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

export async function findOrder(
  db: Db,
  scope: { organisationId: string; livemode: boolean },
  id: string,
): Promise<Order | undefined> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('organisation_id', '=', scope.organisationId)
    .where('livemode', '=', scope.livemode)
    .executeTakeFirst();
  return row && rowToOrder(row);
}

export interface OrderListQuery {
  organisationId: string;
  livemode: boolean;
  limit: number;
  status?: string;
  type?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  /** Keyset position: rows strictly older than this (created_at, id) pair. */
  after?: { createdAt: Date; id: string };
}

/** One page newest-first, plus whether another row exists beyond it (fetched as limit + 1). */
export async function listOrders(db: Db, q: OrderListQuery): Promise<{ orders: Order[]; hasMore: boolean }> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('organisation_id', '=', q.organisationId)
    .where('livemode', '=', q.livemode);
  if (q.status) query = query.where('status', '=', q.status);
  if (q.type) query = query.where('type', '=', q.type);
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
  return { orders: rows.slice(0, q.limit).map(rowToOrder), hasMore: rows.length > q.limit };
}

/** An order by id alone, for integration partners whose keys are scoped by newspaper or Gazette edition. */
export async function findOrderById(db: Db, id: string): Promise<Order | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  return row && rowToOrder(row);
}
