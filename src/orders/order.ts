import type { IssuedDocumentRef } from './documents';
import { balanceDueGbpPence } from './ledger';
import type { Pricing } from '../notices';
import type { NewspaperInsertion } from '../notices/prepare';
import type { PublicationDateAdjusted } from './order-notice';
import type { OrderStatus, PaymentMethod, PaymentState } from './status';

/**
 * THE order, plain JSON end to end (ISO timestamps): the workflow keeps it, the projection row (src/db/schema.ts)
 * is this in snake_case, the public body (`serializeOrder`) is what the API, webhooks and e-mails read. A new
 * field is added here (and in ORDER_FIELDS), in the schema, and in the serialiser.
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
  nation: string;
  /** The date the notice is booked for in its Gazette (`gazetteEdition`); null without a Gazette notice. */
  gazettePublicationDate: string | null;
  /** Every paper the notice runs in, one per locality of its place (several operating centres), main first. */
  newspapers: NewspaperInsertion[];
  /** The date the notice is booked for (the newspaper's confirmed date once booked). */
  publicationDate: string | null;
  /** How the requested date was moved to publicationDate when placed or amended; null when kept. */
  publicationDateAdjusted: PublicationDateAdjusted | null;
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

/** The fields the spec shows on every order body (POST /v1/orders answers only these). */
const SPEC_FIELDS = [
  'id',
  'reference',
  'status',
  'type',
  'quotedPriceGbpPence',
  'noticeText',
  'paymentMethod',
  'createdAt',
] as const;
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
] as const;
/** Fields every body has besides the spec's (with two computed ones and `updatedAt`). */
const BODY_FIELDS = [
  'livemode',
  'paymentState',
  'amountPaidGbpPence',
  'amountRefundedGbpPence',
  'pricing',
  'fields',
  'updatedAt',
] as const;

/** The list itself; the compiler refuses one missing a field of `Order`. */
const everyField = <T extends ReadonlyArray<keyof Order>>(
  fields: T & ([Exclude<keyof Order, T[number]>] extends [never] ? unknown : never),
): T => fields;

/** Every field of an order: the body's, then those it leaves out. */
export const ORDER_FIELDS = everyField([
  ...SPEC_FIELDS,
  ...OPTIONAL_FIELDS,
  ...BODY_FIELDS,
  'organisationId',
  'needsAttention',
  'version',
] as const);

export type OrderBody = Pick<Order, (typeof SPEC_FIELDS)[number] | (typeof BODY_FIELDS)[number]> & {
  [K in (typeof OPTIONAL_FIELDS)[number]]?: NonNullable<Order[K]>;
} & { balanceDueGbpPence: number; language: 'en' | 'cy+en' };

/** The order's public JSON form (every answer with an order, webhook `data.object`). */
export function serializeOrder(order: Order): OrderBody {
  const out: Record<string, unknown> = {};
  for (const key of SPEC_FIELDS) out[key] = order[key];
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

export const orderBodyJson = (order: Order): string => JSON.stringify(serializeOrder(order));
