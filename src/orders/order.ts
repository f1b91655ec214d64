import { ledgerFields } from './ledger';
import type { PublicationDateAdjusted } from './order-notice';
import type { OrderStatus, PaymentMethod } from './status';

/** An order as the API knows it (the projection's view), independent of how it is stored. */
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
  paymentState: string;
  checkoutUrl: string | null;
  invoiceUrl: string | null;
  clientRef: string | null;
  proofPdfUrl: string | null;
  certificateUrl: string | null;
  newspaperName: string | null;
  gazetteEdition: string | null;
  /** The date the notice is booked for (the newspaper's confirmed date once booked). */
  publicationDate: string | null;
  /** How the requested date was moved to publicationDate when placed or amended; null (or absent) when kept. */
  publicationDateAdjusted?: PublicationDateAdjusted | null;
  publishedAt: Date | null;
  urn: string | null;
  poReference: string | null;
  needsAttention: boolean;
  /**
   * The ledger's totals (src/orders/ledger.ts), integer pence. Absent only in the state of workflows that began
   * before the ledger; the projection always has them.
   */
  amountPaidGbpPence?: number;
  amountRefundedGbpPence?: number;
  fields: Record<string, unknown>;
  pricing: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

/** The booked date and, when the request was moved, how: omitted when they do not apply. */
function publicationFields(order: Order): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (order.publicationDate !== null) out.publicationDate = order.publicationDate;
  if (order.publicationDateAdjusted) out.publicationDateAdjusted = order.publicationDateAdjusted;
  return out;
}

/** The fields the spec shows on every order body, in its order. */
function specFields(order: Order): Record<string, unknown> {
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    type: order.type,
    quotedPriceGbpPence: order.quotedPriceGbpPence,
    noticeText: order.noticeText,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt.toISOString(),
  };
}

/**
 * The order's public JSON form (GET /v1/orders/:id, list items, webhook `data.object`). Fields the spec
 * names keep its names; optional fields are omitted when they do not apply rather than sent as null.
 */
export function serializeOrder(order: Order): Record<string, unknown> {
  const out = specFields(order);
  const optional: Record<string, unknown> = {
    checkoutUrl: order.checkoutUrl,
    invoiceUrl: order.invoiceUrl,
    clientRef: order.clientRef,
    proofPdfUrl: order.proofPdfUrl,
    certificateUrl: order.certificateUrl,
    newspaperName: order.newspaperName,
    gazetteEdition: order.gazetteEdition,
    publicationDate: order.publicationDate,
    publicationDateAdjusted: order.publicationDateAdjusted ?? null,
    publishedAt: order.publishedAt?.toISOString() ?? null,
    urn: order.urn,
    poReference: order.poReference,
  };
  for (const [key, value] of Object.entries(optional)) if (value !== null) out[key] = value;
  out.livemode = order.livemode;
  out.paymentState = order.paymentState;
  Object.assign(out, ledgerFields(order));
  out.language = order.fields.language === 'cy+en' ? 'cy+en' : 'en';
  out.pricing = order.pricing;
  out.fields = order.fields;
  out.updatedAt = order.updatedAt.toISOString();
  return out;
}

/**
 * The 201 body of POST /v1/orders: the spec's fields, with `checkoutUrl` for card checkout, `invoiceUrl` for
 * invoice terms, and neither for purchase orders; plus the date the notice is booked for (`publicationDate`)
 * and, when it is not the requested one, `publicationDateAdjusted` saying why.
 */
export function serializeCreatedOrder(order: Order): Record<string, unknown> {
  const out = specFields(order);
  Object.assign(out, publicationFields(order));
  if (order.paymentMethod === 'stripe_checkout' && order.checkoutUrl) out.checkoutUrl = order.checkoutUrl;
  if (
    order.paymentMethod !== 'stripe_checkout' &&
    order.paymentMethod !== 'purchase_order' &&
    order.invoiceUrl
  ) {
    out.invoiceUrl = order.invoiceUrl;
  }
  return out;
}
