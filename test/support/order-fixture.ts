import type { Order } from '../../src/orders/order';

/** An order model for pure tests: an unpaid, unbooked planning order on account; each test says what differs. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  const createdAt = overrides.createdAt ?? '2026-11-20T10:00:00.000Z';
  return {
    id: 'ord_1',
    organisationId: 'org_1',
    livemode: true,
    reference: 'SN-000001',
    status: 'awaiting_booking',
    type: 'planning',
    quotedPriceGbpPence: 12345,
    noticeText: 'NOTICE',
    paymentMethod: 'invoice_with_terms',
    paymentState: 'on_account',
    amountPaidGbpPence: 0,
    amountRefundedGbpPence: 0,
    checkoutUrl: null,
    invoiceUrl: null,
    clientRef: null,
    proofPdfUrl: null,
    certificateUrl: null,
    newspaperName: 'Test Gazette',
    gazetteEdition: null,
    nation: 'england',
    gazettePublicationDate: null,
    newspapers: [],
    publicationDate: null,
    publicationDateAdjusted: null,
    newspaperReference: null,
    publishedAt: null,
    pageNumber: null,
    urn: null,
    poReference: null,
    cancellationReason: null,
    deliveryFailure: null,
    documents: null,
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
    createdAt,
    updatedAt: createdAt,
    version: 1,
    ...overrides,
  };
}

/** Every optional field of the public body set (each serializer test adds what else it needs). */
export const EVERY_OPTIONAL_FIELD = {
  checkoutUrl: 'https://pay.example/c',
  invoiceUrl: 'https://api.example/i',
  clientRef: 'C-1',
  proofPdfUrl: 'https://api.example/p',
  certificateUrl: 'https://api.example/c',
  newspaperName: 'Test Gazette',
  gazetteEdition: 'london',
  publicationDate: '2026-12-01',
  publicationDateAdjusted: { requested: '2026-11-30', reason: 'not_a_publication_day', message: 'm' },
  newspaperReference: 'YEP-556677',
  publishedAt: '2026-12-01T09:00:00.123Z',
  pageNumber: 34,
  urn: 'URN-1',
  poReference: 'PO-1',
  cancellationReason: 'Withdrawn by the applicant',
  deliveryFailure: { reason: 'Inbox refused the file', at: '2026-11-30T10:00:00.000Z' },
} satisfies Partial<Order>;
