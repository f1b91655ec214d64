import type { ColumnType, JSONColumnType } from 'kysely';
import type { IssuedDocumentRef } from '../../orders/documents';
import type { Order } from '../../orders/order';
import type { NewspaperInsertion, PublicationDateAdjusted } from '../../orders/order-notice';
import type { SnakeCased } from '../columns';

/** How the projection stores the fields that are not plain columns of their model type. */
interface Stored {
  /** An `OrderStatus`; text to the query builder, so list filters given as text compare with it. */
  status: string;
  /** The totals of the order's `order_ledger` entries, written with them in one transaction. */
  amountPaidGbpPence: ColumnType<number, number | undefined, number>;
  amountRefundedGbpPence: ColumnType<number, number | undefined, number>;
  /** The validated order input fields, as the caller gave them after normalisation. */
  fields: JSONColumnType<Order['fields']>;
  /** Pricing breakdown of the current quote. */
  pricing: JSONColumnType<Order['pricing']>;
  /** `{requested, reason, message}` when the requested publication date was moved (src/orders/order-notice.ts). */
  publicationDateAdjusted: JSONColumnType<PublicationDateAdjusted | null, string | null, string | null>;
  /** Every paper the notice runs in (src/orders/order-notice.ts); null in orders placed before it. */
  newspapers: JSONColumnType<NewspaperInsertion[] | null, string | null, string | null>;
  /** `{reason, at}` while a failed artwork delivery awaits an operator. */
  deliveryFailure: JSONColumnType<Order['deliveryFailure'], string | null, string | null>;
  /** The documents issued for the order (src/orders/documents.ts), null until the first. */
  documents: JSONColumnType<IssuedDocumentRef[] | null, string | null, string | null>;
  createdAt: ColumnType<Date, Date, never>;
  /** Monotonic version from the workflow; a write with a lower or equal version is ignored. */
  version: ColumnType<string, number | bigint, number | bigint>;
}

/**
 * The orders projection: written only by workflow activities, read by the API. One column per field of the
 * order model (src/orders/order.ts), named in snake_case.
 */
export type OrdersTable = SnakeCased<Omit<Order, keyof Stored> & Stored> & StoredBody;

/**
 * The order's public body as JSON text, written with the row (`orderBodyJson`), and the serializer version
 * that wrote it (ORDER_BODY_VERSION); null in rows written before bodies were stored.
 */
interface StoredBody {
  body: string | null;
  body_version: number | null;
}
