import { buildEnvelope } from '../../../src/webhooks/envelope';
import { ORDER_EVENTS } from '../../../src/orders/events';
import { SAMPLE_ORDER_ID, sampleEventData, sampleOrder } from '../../../src/testmode/sample-events';
import { isTestHelperPayment, testHelperPaymentRef } from '../../../src/testmode/payments';

const opts = {
  organisationId: 'org_1',
  publicBaseUrl: 'https://notices.example.com',
  now: new Date('2026-11-22T10:00:00Z'),
};

describe('sample events of the test helper', () => {
  it.each(ORDER_EVENTS)(
    '%s: data shaped like the real event, from a test order in the matching state',
    (event) => {
      const data = sampleEventData(event, opts);
      const order = sampleOrder(event, opts);
      expect(data).toMatchObject({
        orderId: SAMPLE_ORDER_ID,
        reference: order.reference,
        status: order.status,
      });
      expect(data.object).toMatchObject({ id: SAMPLE_ORDER_ID, livemode: false, status: order.status });
      expect(order.quotedPriceGbpPence).toBe(order.pricing.totalGbpPence);
      const { envelope, body } = buildEnvelope({ id: 'evt_1', event, createdAt: opts.now, data });
      expect(JSON.parse(body)).toEqual(envelope);
    },
  );

  it('carries each event’s own fields', () => {
    expect(sampleEventData('order.published', opts)).toMatchObject({
      status: 'published',
      publishedAt: '2026-11-22T10:00:00.000Z',
      certificateUrl: `https://notices.example.com/api/v1/orders/${SAMPLE_ORDER_ID}/certificate`,
    });
    expect(sampleEventData('order.urn_received', opts)).toMatchObject({
      status: 'urn_received',
      type: 'probate',
      urn: 'TEST-URN-SN-000000',
    });
    expect(sampleEventData('order.booked', opts)).toMatchObject({
      status: 'booked',
      publicationDate: '2026-12-06',
    });
    expect(sampleEventData('order.proof_ready', opts)).toMatchObject({
      proofPdfUrl: `https://notices.example.com/api/v1/orders/${SAMPLE_ORDER_ID}/proof`,
    });
    expect(sampleEventData('order.cancelled', opts)).toMatchObject({ status: 'cancelled' });
    expect((sampleEventData('order.created', opts).object as Record<string, unknown>).noticeText).toMatch(
      /SAMPLE NOTICE/,
    );
  });

  it('marks payments recorded by the test helper', () => {
    expect(testHelperPaymentRef('ord_1')).toBe('test_helper_pi_ord_1');
    expect(isTestHelperPayment(testHelperPaymentRef('ord_1'))).toBe(true);
    expect(isTestHelperPayment('pi_3Nabc')).toBe(false);
    expect(isTestHelperPayment('sandbox_pi_ord_1')).toBe(false);
  });
});
