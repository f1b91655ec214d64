import { eventData, isOrderEventName, ORDER_EVENTS } from '../../../src/orders/events';
import { serializeOrder } from '../../../src/orders/order';
import { anOrder } from '../../support/order-fixture';

const order = anOrder({
  status: 'published',
  paymentMethod: 'stripe_checkout',
  paymentState: 'paid',
  checkoutUrl: 'http://x/sandbox/checkout/ord_1',
  certificateUrl: 'http://x/api/v1/orders/ord_1/certificate',
  newspaperName: 'Paper',
  publicationDate: '2027-03-01',
  publishedAt: '2027-03-01T06:00:00.000Z',
  createdAt: '2026-11-22T10:00:00.123Z',
  version: 3,
});

describe('event catalogue', () => {
  test('names the spec’s eight events, then order.paid', () => {
    expect(ORDER_EVENTS).toHaveLength(9);
    expect(ORDER_EVENTS[8]).toBe('order.paid');
    expect(isOrderEventName('order.published')).toBe(true);
    expect(isOrderEventName('order.shipped')).toBe(false);
  });

  test('order.paid carries everything paid so far and the serialized order', () => {
    const paid = { ...order, paymentState: 'paid' as const, amountPaidGbpPence: 12345 };
    expect(eventData('order.paid', paid)).toMatchObject({
      amountPaidGbpPence: 12345,
      object: serializeOrder(paid),
    });
  });

  test('order.published carries the spec’s fields and the serialized order', () => {
    expect(eventData('order.published', order)).toEqual({
      orderId: 'ord_1',
      reference: 'SN-000001',
      status: 'published',
      type: 'planning',
      publishedAt: '2027-03-01T06:00:00.000Z',
      certificateUrl: 'http://x/api/v1/orders/ord_1/certificate',
      newspaperReference: null,
      pageNumber: null,
      object: serializeOrder(order),
    });
  });

  test('order.booked and order.published carry the newspaper’s booking reference, and the page once published', () => {
    const reported = { ...order, newspaperReference: 'YEP/88123', pageNumber: 14 };
    expect(
      eventData('order.booked', { ...reported, status: 'booked' as const, pageNumber: null }),
    ).toMatchObject({
      publicationDate: '2027-03-01',
      newspaperReference: 'YEP/88123',
    });
    expect(eventData('order.booked', reported)).not.toHaveProperty('pageNumber');
    expect(eventData('order.published', reported)).toMatchObject({
      newspaperReference: 'YEP/88123',
      pageNumber: 14,
    });
  });
});

describe('the order as JSON', () => {
  test('round-trips through JSON (Temporal payloads) unchanged', () => {
    expect(JSON.parse(JSON.stringify(order))).toEqual(order);
  });
});
