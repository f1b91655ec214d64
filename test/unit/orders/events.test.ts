import { eventData, isOrderEventName, ORDER_EVENTS } from '../../../src/orders/events';
import type { Order } from '../../../src/orders/order';
import { serializeCreatedOrder, serializeOrder } from '../../../src/orders/order';
import { toOrder, toSnapshot } from '../../../src/orders/order-snapshot';

const order: Order = {
  id: 'ord_1',
  organisationId: 'org_1',
  livemode: true,
  reference: 'SN-000001',
  status: 'published',
  type: 'planning',
  quotedPriceGbpPence: 12345,
  noticeText: 'NOTICE',
  paymentMethod: 'stripe_checkout',
  paymentState: 'paid',
  checkoutUrl: 'http://x/sandbox/checkout/ord_1',
  invoiceUrl: null,
  clientRef: null,
  proofPdfUrl: null,
  certificateUrl: 'http://x/api/v1/orders/ord_1/certificate',
  newspaperName: 'Paper',
  gazetteEdition: null,
  publicationDate: '2027-03-01',
  publishedAt: new Date('2027-03-01T06:00:00Z'),
  urn: null,
  poReference: null,
  needsAttention: false,
  fields: {},
  pricing: {},
  createdAt: new Date('2026-11-22T10:00:00.123Z'),
  updatedAt: new Date('2026-11-22T10:00:00.123Z'),
  version: 3,
};

describe('event catalogue', () => {
  test('names the spec’s eight events', () => {
    expect(ORDER_EVENTS).toHaveLength(8);
    expect(isOrderEventName('order.published')).toBe(true);
    expect(isOrderEventName('order.paid')).toBe(false);
  });

  test('order.published carries the spec’s fields and the serialized order', () => {
    expect(eventData('order.published', order)).toEqual({
      orderId: 'ord_1',
      reference: 'SN-000001',
      status: 'published',
      type: 'planning',
      publishedAt: '2027-03-01T06:00:00.000Z',
      certificateUrl: 'http://x/api/v1/orders/ord_1/certificate',
      object: serializeOrder(order),
    });
  });
});

describe('serialisation', () => {
  test('the 201 body has the spec’s fields and the date the notice is booked for', () => {
    expect(Object.keys(serializeCreatedOrder(order)).sort()).toEqual(
      [
        'checkoutUrl',
        'publicationDate',
        'createdAt',
        'id',
        'noticeText',
        'paymentMethod',
        'quotedPriceGbpPence',
        'reference',
        'status',
        'type',
      ].sort(),
    );
    expect(
      serializeCreatedOrder({ ...order, paymentMethod: 'purchase_order', checkoutUrl: null }),
    ).not.toHaveProperty('invoiceUrl');
    const adjusted = { requested: '2027-02-28', reason: 'not_a_publication_day', message: 'Sunday.' };
    expect(serializeCreatedOrder({ ...order, publicationDateAdjusted: adjusted })).toMatchObject({
      publicationDate: '2027-03-01',
      publicationDateAdjusted: adjusted,
    });
    expect(serializeOrder({ ...order, publicationDateAdjusted: adjusted }).publicationDateAdjusted).toEqual(
      adjusted,
    );
  });

  test('snapshots round-trip', () => {
    expect(toOrder(toSnapshot(order))).toEqual(order);
  });
});
