import { eventData, isOrderEventName, ORDER_EVENTS } from '../../../src/orders/events';
import { serializeCreatedOrder, serializeOrder } from '../../../src/orders/order';
import { toOrder, toSnapshot } from '../../../src/orders/order-snapshot';
import { anOrder } from '../../support/order-fixture';

const order = anOrder({
  status: 'published',
  paymentMethod: 'stripe_checkout',
  paymentState: 'paid',
  checkoutUrl: 'http://x/sandbox/checkout/ord_1',
  certificateUrl: 'http://x/api/v1/orders/ord_1/certificate',
  newspaperName: 'Paper',
  publicationDate: '2027-03-01',
  publishedAt: new Date('2027-03-01T06:00:00Z'),
  createdAt: new Date('2026-11-22T10:00:00.123Z'),
  version: 3,
});

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
