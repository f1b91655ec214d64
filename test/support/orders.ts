import { upsertOrderProjection } from '../../src/db/orders.repository';
import type { Db } from '../../src/db/database';
import { newId } from '../../src/ids';
import type { Order } from '../../src/orders/order';
import type { OrderStatus } from '../../src/orders/status';

/** Writes an order straight into the projection, for read-side tests that need many orders quickly. */
export async function seedOrder(
  db: Db,
  organisationId: string,
  overrides: Partial<Order> & { createdAt: Date },
): Promise<Order> {
  const id = overrides.id ?? newId('ord');
  const order: Order = {
    id,
    organisationId,
    livemode: true,
    reference: `SN-${id.slice(4, 12).toUpperCase()}`,
    status: 'awaiting_booking' as OrderStatus,
    type: 'planning',
    quotedPriceGbpPence: 12345,
    noticeText: 'NOTICE',
    paymentMethod: 'invoice_with_terms',
    paymentState: 'on_account',
    checkoutUrl: null,
    invoiceUrl: null,
    clientRef: null,
    proofPdfUrl: null,
    certificateUrl: null,
    newspaperName: 'Test Gazette',
    gazetteEdition: null,
    publicationDate: null,
    publishedAt: null,
    urn: null,
    poReference: null,
    needsAttention: false,
    fields: {},
    // The shape every real order has (the contract tests check every response against the OpenAPI document).
    pricing: {
      subtotalGbpPence: 10288,
      platformFeeGbpPence: 0,
      gazetteFeeGbpPence: 0,
      vatGbpPence: 2057,
      totalGbpPence: 12345,
    },
    updatedAt: overrides.createdAt,
    version: 1,
    ...overrides,
  };
  await upsertOrderProjection(db, order);
  return order;
}
