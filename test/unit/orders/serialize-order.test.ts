import { serializeOrder } from '../../../src/orders/order';
import { anOrder, EVERY_OPTIONAL_FIELD } from '../../support/order-fixture';

/** The public body of an order: its keys in a fixed order, optional fields only when they apply. */
const SPEC = [
  'id',
  'reference',
  'status',
  'type',
  'quotedPriceGbpPence',
  'noticeText',
  'paymentMethod',
  'createdAt',
];
const TAIL = [
  'livemode',
  'paymentState',
  'amountPaidGbpPence',
  'amountRefundedGbpPence',
  'balanceDueGbpPence',
  'language',
  'pricing',
  'fields',
  'updatedAt',
];

it('omits every optional field that does not apply', () => {
  const body = serializeOrder(anOrder({ newspaperName: null }));
  // Every order has its nation and its papers (none yet: an empty list).
  expect(Object.keys(body)).toEqual([...SPEC, 'nation', 'newspapers', ...TAIL]);
  expect(body.createdAt).toBe('2026-11-20T10:00:00.000Z');
});

it('lists every optional field that applies, in its place', () => {
  const body = serializeOrder(
    anOrder({
      ...EVERY_OPTIONAL_FIELD,
      fields: { language: 'cy+en' },
    }),
  );
  expect(Object.keys(body)).toEqual([
    ...SPEC,
    'checkoutUrl',
    'invoiceUrl',
    'clientRef',
    'proofPdfUrl',
    'certificateUrl',
    'newspaperName',
    'gazetteEdition',
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
    ...TAIL,
  ]);
  expect(body.publishedAt).toBe('2026-12-01T09:00:00.123Z');
  expect(body.language).toBe('cy+en');
});

it('one order shape: the spec’s fields first, optional ones only when they apply', () => {
  const order = anOrder({
    paymentMethod: 'stripe_checkout',
    checkoutUrl: 'http://x/sandbox/checkout/ord_1',
    publicationDate: '2027-03-01',
  });
  const body = serializeOrder(order);
  expect(Object.keys(body).slice(0, 8)).toEqual(SPEC);
  expect(body).toMatchObject({ checkoutUrl: order.checkoutUrl, publicationDate: '2027-03-01' });
  expect(body).not.toHaveProperty('invoiceUrl');
  expect(serializeOrder({ ...order, paymentMethod: 'purchase_order', checkoutUrl: null })).not.toHaveProperty(
    'checkoutUrl',
  );
  const adjusted = { requested: '2027-02-28', reason: 'not_a_publication_day', message: 'Sunday.' } as const;
  expect(serializeOrder({ ...order, publicationDateAdjusted: adjusted })).toMatchObject({
    publicationDate: '2027-03-01',
    publicationDateAdjusted: adjusted,
  });
});
