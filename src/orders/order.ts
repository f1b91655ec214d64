import type { IssuedDocumentRef } from './documents';
import { balanceDueGbpPence } from './ledger';
import type { NewspaperInsertion, Pricing, PublicationDateAdjusted } from './order-notice';
import type { OrderStatus, PaymentMethod, PaymentState } from './status';

/**
 * THE order, plain JSON end to end (timestamps as ISO strings): the workflow keeps it and hands it to activities,
 * the projection row (src/db/schema.ts) is this with snake_case columns, and the public body (`serializeOrder`) is
 * what the API, webhooks and e-mails read. A new field is added here (and in ORDER_FIELDS), in the schema, and in
 * the serialiser.
 */
export interface Order {
  id: string;
  organisationId: string;
  livemode: boolean;
  reference: string;
  status: OrderStatus;
  type: string;
  quotedPriceGbpPence: number;
  noticeText: string;
  paymentMethod: PaymentMethod;
  paymentState: PaymentState;
  checkoutUrl: string | null;
  invoiceUrl: string | null;
  clientRef: string | null;
  proofPdfUrl: string | null;
  certificateUrl: string | null;
  newspaperName: string | null;
  gazetteEdition: string | null;
  /** The nation whose law the notice follows: its own place's (src/notices/locus.ts). */
  nation?: string | null;
  /** The date the notice is booked for in its Gazette (`gazetteEdition`); null without a Gazette notice. */
  gazettePublicationDate?: string | null;
  /** Every paper the notice runs in, one per locality of its place (several operating centres), main first. */
  newspapers?: NewspaperInsertion[] | null;
  /** The date the notice is booked for (the newspaper's confirmed date once booked). */
  publicationDate: string | null;
  /** How the requested date was moved to publicationDate when placed or amended; null (or absent) when kept. */
  publicationDateAdjusted?: PublicationDateAdjusted | null;
  /** The newspaper's own reference for the booking, as its booking report gives it. */
  newspaperReference: string | null;
  publishedAt: string | null;
  /** The page the notice appeared on, as the newspaper's publication report gives it. */
  pageNumber: number | null;
  urn: string | null;
  poReference: string | null;
  /** Why the caller cancelled (POST /v1/orders/:id/cancel `reason`); null when none was given or not cancelled. */
  cancellationReason: string | null;
  /** The artwork delivery's failure while it awaits an operator; null once delivered (or never failed). */
  deliveryFailure: DeliveryFailure | null;
  /** Certificates, VAT invoices and credit notes issued for the order (src/orders/documents.ts); null: none yet. */
  documents: IssuedDocumentRef[] | null;
  needsAttention: boolean;
  /** The ledger's totals (src/orders/ledger.ts), integer pence. */
  amountPaidGbpPence: number;
  amountRefundedGbpPence: number;
  fields: Record<string, unknown>;
  pricing: Pricing;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** Why the artwork could not be delivered to the newspaper, and when that was recorded (UTC, ISO 8601). */
export interface DeliveryFailure {
  reason: string;
  at: string;
}

/** Every field of an order, in the model's order: the compiler refuses a field missing here or not in `Order`. */
export const ORDER_FIELDS = Object.keys({
  id: true,
  organisationId: true,
  livemode: true,
  reference: true,
  status: true,
  type: true,
  quotedPriceGbpPence: true,
  noticeText: true,
  paymentMethod: true,
  paymentState: true,
  checkoutUrl: true,
  invoiceUrl: true,
  clientRef: true,
  proofPdfUrl: true,
  certificateUrl: true,
  newspaperName: true,
  gazetteEdition: true,
  nation: true,
  gazettePublicationDate: true,
  newspapers: true,
  publicationDate: true,
  publicationDateAdjusted: true,
  newspaperReference: true,
  publishedAt: true,
  pageNumber: true,
  urn: true,
  poReference: true,
  cancellationReason: true,
  deliveryFailure: true,
  documents: true,
  needsAttention: true,
  amountPaidGbpPence: true,
  amountRefundedGbpPence: true,
  fields: true,
  pricing: true,
  createdAt: true,
  updatedAt: true,
  version: true,
} satisfies Record<keyof Order, true>) as ReadonlyArray<keyof Order>;

/** The fields the spec shows on every order body (POST /v1/orders answers only these). */
type SpecField =
  | 'id'
  | 'reference'
  | 'status'
  | 'type'
  | 'quotedPriceGbpPence'
  | 'noticeText'
  | 'paymentMethod'
  | 'createdAt';
/** Fields sent only when they apply (never as null), in the order a body lists them. */
const OPTIONAL_FIELDS = [
  'checkoutUrl',
  'invoiceUrl',
  'clientRef',
  'proofPdfUrl',
  'certificateUrl',
  'newspaperName',
  'gazetteEdition',
  'gazettePublicationDate',
  'nation',
  'newspapers',
  'publicationDate',
  'publicationDateAdjusted',
  'newspaperReference',
  'publishedAt',
  'pageNumber',
  'urn',
  'poReference',
  'cancellationReason',
  'deliveryFailure',
  'documents',
] as const satisfies ReadonlyArray<keyof Order>;
type OptionalField = (typeof OPTIONAL_FIELDS)[number];

export type OrderBody = Pick<Order, SpecField> & {
  [K in OptionalField]?: NonNullable<Order[K]>;
} & Pick<
    Order,
    | 'livemode'
    | 'paymentState'
    | 'amountPaidGbpPence'
    | 'amountRefundedGbpPence'
    | 'pricing'
    | 'fields'
    | 'updatedAt'
  > & { balanceDueGbpPence: number; language: 'en' | 'cy+en' };

/**
 * The order's public JSON form (every answer with an order, webhook `data.object`). Fields the spec names keep
 * its names; optional fields are omitted when they do not apply rather than sent as null.
 */
export function serializeOrder(order: Order): OrderBody {
  const out: Record<string, unknown> = {
    id: order.id,
    reference: order.reference,
    status: order.status,
    type: order.type,
    quotedPriceGbpPence: order.quotedPriceGbpPence,
    noticeText: order.noticeText,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt,
  };
  for (const key of OPTIONAL_FIELDS) {
    const value = order[key];
    if (value !== null && value !== undefined) out[key] = value;
  }
  out.livemode = order.livemode;
  out.paymentState = order.paymentState;
  out.amountPaidGbpPence = order.amountPaidGbpPence;
  out.amountRefundedGbpPence = order.amountRefundedGbpPence;
  out.balanceDueGbpPence = balanceDueGbpPence(order);
  out.language = order.fields.language === 'cy+en' ? 'cy+en' : 'en';
  out.pricing = order.pricing;
  out.fields = order.fields;
  out.updatedAt = order.updatedAt;
  return out as OrderBody;
}

/**
 * The version of the public body stored beside each projection row (`orders.body`: a list page is joined text).
 * Bump it whenever `serializeOrder` gives another text for the same order, with a migration that recreates the
 * `orders_body_stale` index for the new number: older rows are then serialized from their columns when read and
 * rewritten by the API's sweep. test/unit/orders/order-body.test.ts pins the text.
 */
export const ORDER_BODY_VERSION = 1;

export function orderBodyJson(order: Order): string {
  return JSON.stringify(serializeOrder(order));
}
