import { listOrderEvents } from '../../../src/db/order-records.repository';
import { deleteWebhookEndpoint } from '../../../src/db/webhook-endpoints.repository';
import { SAMPLE_ORDER_ID } from '../../../src/testmode/sample-events';
import { webhooks } from '../../../sdk/src';
import { ORDER_EVENTS } from '../../../src/orders/events';
import { DEFAULT_WEBHOOK_EVENTS } from '../../../src/webhooks/events';
import { call, createTestKey } from '../../support/harness';
import { eventually } from '../../support/eventually';
import { startReceiver, type Receiver } from '../webhooks/support';
import {
  advance,
  auditOf,
  customer,
  eventNames,
  placeOrder,
  registerEndpoint,
  useTestModeStack,
} from './support';

const stack = useTestModeStack();
let ok: Receiver;
let failing: Receiver;

beforeAll(async () => {
  ok = await startReceiver();
  failing = await startReceiver(() => ({ status: 500, body: 'nope' }));
});

afterAll(async () => {
  await ok?.close();
  await failing?.close();
});

/** Orders that wait for the helpers: the simulated newspaper leaves test:manual orders alone. */
const MANUAL = { clientRef: 'test:manual' };

function expectRefused(
  res: { status: number; json: Record<string, unknown> },
  code = 'invalid_state_transition',
) {
  expect({ status: res.status, code: res.json.code }).toEqual({
    status: code === 'validation_error' ? 400 : 409,
    code,
  });
}

describe('POST /api/v1/test_helpers/orders/:id/advance', () => {
  test('paid: a card order leaves pending_payment through the same payment message; a second payment is 409', async () => {
    const { api } = stack;
    const { testKey, testKeyId } = await customer(api, 'stripe_checkout');
    const order = await placeOrder(api, testKey, 'planning', MANUAL);
    expect(order.status).toBe('pending_payment');

    const paid = await advance(api, testKey, order.id, 'paid');
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({
      id: order.id,
      status: 'awaiting_booking',
      paymentState: 'paid',
      livemode: false,
    });
    const read = await call(api, 'GET', `/api/v1/orders/${order.id}`, { key: testKey });
    expect(paid.json).toEqual(read.json);
    const audit = await eventually(
      () => auditOf(api, order.id),
      (entries) => entries.some((e) => e.action === 'payment_received'),
    );
    expect(audit.find((e) => e.action === 'payment_received')).toMatchObject({
      actor: `test_helper:${testKeyId}`,
    });

    expectRefused(await advance(api, testKey, order.id, 'paid'));

    // The helper's payment reached no provider: cancelling refunds it without one.
    const cancelled = await call(api, 'POST', `/api/v1/orders/${order.id}/cancel`, { key: testKey });
    expect(cancelled.json).toMatchObject({ status: 'cancelled', paymentState: 'refunded' });
  });

  test('paid: order.paid is recorded, and signed to the endpoints that subscribe to it only', async () => {
    const { api } = stack;
    const { org, testKey } = await customer(api, 'stripe_checkout');
    const optIn = await registerEndpoint(api, org.id, 'test', ok.url, ['order.paid']);
    const plain = await startReceiver();
    const byDefault = await registerEndpoint(api, org.id, 'test', plain.url, [...DEFAULT_WEBHOOK_EVENTS]);
    const order = await placeOrder(api, testKey, 'planning', MANUAL);
    expect((await advance(api, testKey, order.id, 'paid')).status).toBe(200);

    const names = await eventually(
      () => eventNames(api, order.id),
      (list) => list.includes('order.paid'),
    );
    expect(names.filter((n) => n === 'order.paid')).toHaveLength(1);
    const got = await eventually(
      () => ok.received.filter((r) => r.rawBody.includes(order.id)),
      (list) => list.length > 0,
    );
    const event = webhooks.constructEvent(
      got[0]!.rawBody,
      got[0]!.headers['x-service-signature'],
      optIn.secret,
    );
    expect(event.event).toBe('order.paid');
    expect(event.data).toMatchObject({ orderId: order.id, amountPaidGbpPence: order.quotedPriceGbpPence });
    expect(event.data.object).toMatchObject({
      paymentState: 'paid',
      amountPaidGbpPence: order.quotedPriceGbpPence,
    });
    // The default subscription (the spec's eight) heard of the order, never of its payment.
    await eventually(
      () => plain.received.filter((r) => r.rawBody.includes(order.id)),
      (list) => list.length > 0,
    );
    expect(plain.received.some((r) => r.rawBody.includes('"order.paid"'))).toBe(false);
    expect(byDefault.endpoint.events).not.toContain('order.paid');
    await plain.close();
  });

  test('paid: an invoiced order on account records the invoice as paid; a purchase-order order is 409', async () => {
    const { api } = stack;
    const invoiced = await customer(api, 'invoice_with_terms');
    const order = await placeOrder(api, invoiced.testKey, 'hgv', MANUAL);
    const paid = await advance(api, invoiced.testKey, order.id, 'paid');
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ status: 'awaiting_booking', paymentState: 'paid' });
    // No money moved, so cancelling refunds it as docs/test-mode.md says (it was refund_due and stuck flagged).
    const cancelled = await call(api, 'POST', `/api/v1/orders/${order.id}/cancel`, {
      key: invoiced.testKey,
      body: {},
    });
    expect(cancelled.json).toMatchObject({ status: 'cancelled', paymentState: 'refunded' });

    const po = await customer(api, 'purchase_order');
    const poOrder = await placeOrder(api, po.testKey, 'hgv', MANUAL);
    expect(poOrder.status).toBe('awaiting_po');
    const refused = await advance(api, po.testKey, poOrder.id, 'paid');
    expectRefused(refused);
    expect(refused.json.details).toMatchObject({ status: 'awaiting_po' });
  });

  test('booked, published: the integration reports, each only where it fits', async () => {
    const { api } = stack;
    const card = await customer(api, 'stripe_checkout');
    const unpaid = await placeOrder(api, card.testKey, 'tro', MANUAL);
    expectRefused(await advance(api, card.testKey, unpaid.id, 'booked'));
    expectRefused(await advance(api, card.testKey, unpaid.id, 'published'));

    const { testKey } = await customer(api);
    const order = await placeOrder(api, testKey, 'tro', MANUAL);
    const placed = await call(api, 'GET', `/api/v1/orders/${order.id}`, { key: testKey });
    expectRefused(await advance(api, testKey, order.id, 'published'));

    const booked = await advance(api, testKey, order.id, 'booked');
    expect(booked.status).toBe(200);
    expect(booked.json).toMatchObject({ status: 'booked', publicationDate: placed.json.publicationDate });
    expectRefused(await advance(api, testKey, order.id, 'booked'));

    const published = await advance(api, testKey, order.id, 'published');
    expect(published.status).toBe(200);
    expect(published.json.status).toBe('published');
    expect(published.json.publishedAt).toEqual(expect.any(String));
    expect(published.json.certificateUrl).toMatch(/\/certificate$/);
    expectRefused(await advance(api, testKey, order.id, 'published'));
    expectRefused(await advance(api, testKey, order.id, 'urn_received'));
    expect((await call(api, 'GET', `/api/v1/orders/${order.id}/certificate`, { key: testKey })).status).toBe(
      200,
    );
    expect(
      await eventually(
        () => eventNames(api, order.id),
        (names) => names.includes('order.published'),
      ),
    ).toEqual(['order.created', 'order.proof_ready', 'order.booked', 'order.published']);
  });

  test('urn_received: probate only, and only once published', async () => {
    const { api } = stack;
    const { testKey } = await customer(api);
    const order = await placeOrder(api, testKey, 'probate', MANUAL);
    expectRefused(await advance(api, testKey, order.id, 'urn_received'));
    await advance(api, testKey, order.id, 'booked');
    expectRefused(await advance(api, testKey, order.id, 'urn_received'));
    await advance(api, testKey, order.id, 'published');
    const urn = await advance(api, testKey, order.id, 'urn_received');
    expect(urn.status).toBe(200);
    expect(urn.json).toMatchObject({ status: 'urn_received', urn: `TEST-URN-${order.reference}` });
    expectRefused(await advance(api, testKey, order.id, 'urn_received'));
    expect(
      await eventually(
        () => eventNames(api, order.id),
        (names) => names.includes('order.urn_received'),
      ),
    ).toContain('order.urn_received');
  });

  test('delivery_failed: the same order.delivery_failed as a real failure, once, and only while with the newspaper', async () => {
    const { api } = stack;
    const { testKey, testKeyId } = await customer(api);
    const order = await placeOrder(api, testKey, 'highways', MANUAL);
    await eventually(
      () => auditOf(api, order.id),
      (entries) => entries.some((e) => e.action === 'artwork_delivered'),
    );
    const failed = await advance(api, testKey, order.id, 'delivery_failed');
    expect(failed.status).toBe(200);
    expect(failed.json).toMatchObject({ id: order.id, status: 'awaiting_booking' });
    const entry = (await auditOf(api, order.id)).find((e) => e.action === 'delivery_failed');
    expect(entry).toMatchObject({ actor: `test_helper:${testKeyId}` });
    const events = await eventually(
      () => listOrderEvents(api.db, order.id),
      (list) => list.some((e) => e.event === 'order.delivery_failed'),
    );
    const event = events.find((e) => e.event === 'order.delivery_failed')!;
    expect(event.data).toMatchObject({ orderId: order.id, status: 'awaiting_booking', type: 'highways' });
    expect(event.livemode).toBe(false);

    const again = await advance(api, testKey, order.id, 'delivery_failed');
    expectRefused(again);
    expect(again.json.error).toMatch(/already failed/);

    const other = await placeOrder(api, testKey, 'highways', MANUAL);
    await advance(api, testKey, other.id, 'booked');
    await advance(api, testKey, other.id, 'published');
    expectRefused(await advance(api, testKey, other.id, 'delivery_failed'));

    const cancelled = await placeOrder(api, testKey, 'highways', MANUAL);
    await call(api, 'POST', `/api/v1/orders/${cancelled.id}/cancel`, { key: testKey });
    for (const to of ['paid', 'booked', 'published', 'urn_received', 'delivery_failed']) {
      expectRefused(await advance(api, testKey, cancelled.id, to));
    }
  });

  test('validation_error for anything but {"to": <one of the five steps>}', async () => {
    const { api } = stack;
    const { testKey } = await customer(api);
    const order = await placeOrder(api, testKey, 'planning', MANUAL);
    const post = (body: unknown) =>
      call(api, 'POST', `/api/v1/test_helpers/orders/${order.id}/advance`, { key: testKey, body });
    for (const body of [{}, { to: 'shipped' }, { to: 'booked', publicationDate: '2027-01-01' }, { to: 3 }]) {
      const res = await post(body);
      expectRefused(res, 'validation_error');
      expect(res.json.details.fields.length).toBeGreaterThan(0);
    }
    expect((await post({ to: 'shipped' })).json.details.fields[0].path).toBe('$.to');
  });

  test('404 order_not_found for a live key (even on its own orders), another organisation, or no such order; 403 without orders:write', async () => {
    const { api } = stack;
    const { org, testKey, liveKey } = await customer(api);
    const testOrder = await placeOrder(api, testKey, 'planning', MANUAL);
    const liveOrder = await placeOrder(api, liveKey, 'planning');
    for (const [key, id] of [
      [liveKey, testOrder.id],
      [liveKey, liveOrder.id],
      [testKey, liveOrder.id],
      [testKey, 'ord_doesnotexist'],
      [(await customer(api)).testKey, testOrder.id],
    ]) {
      const res = await advance(api, key, id, 'booked');
      expect({ status: res.status, code: res.json.code, id: res.json.details?.id }).toEqual({
        status: 404,
        code: 'order_not_found',
        id,
      });
    }
    expect((await advance(api, liveKey, liveOrder.id, 'nonsense')).status).toBe(404);
    const { key: readOnly } = await createTestKey(api.db, org.id, ['orders:read'], 'test');
    expect((await advance(api, readOnly, testOrder.id, 'booked')).json.code).toBe('forbidden');
    expect((await advance(api, '', testOrder.id, 'booked')).status).toBe(401);
    expect((await call(api, 'GET', `/api/v1/orders/${testOrder.id}`, { key: testKey })).json.status).toBe(
      'awaiting_booking',
    );
  });
});

describe('POST /api/v1/test_helpers/webhooks/send', () => {
  const send = (key: string, body: unknown) =>
    call(stack.api, 'POST', '/api/v1/test_helpers/webhooks/send', { key, body });

  test("signs a sample event like a real delivery and POSTs it once to each of the organisation's subscribed test endpoints", async () => {
    const { api } = stack;
    const { org, testKey } = await customer(api);
    const all = await registerEndpoint(api, org.id, 'test', ok.url);
    const down = await registerEndpoint(api, org.id, 'test', failing.url, ['order.published']);
    await registerEndpoint(api, org.id, 'test', ok.url, ['order.booked']);
    const deleted = await registerEndpoint(api, org.id, 'test', ok.url);
    await deleteWebhookEndpoint(api.db, deleted.endpoint.id);
    await registerEndpoint(api, org.id, 'live', ok.url); // live endpoints never get test events
    const before = ok.received.length;

    const res = await send(testKey, { event: 'order.published' });
    expect(res.status).toBe(200);
    expect(res.json.event).toMatchObject({ event: 'order.published', id: expect.stringMatching(/^evt_/) });
    expect(res.json.event.data).toMatchObject({
      orderId: SAMPLE_ORDER_ID,
      status: 'published',
      publishedAt: expect.any(String),
      certificateUrl: expect.stringMatching(/\/certificate$/),
      object: { id: SAMPLE_ORDER_ID, livemode: false, status: 'published' },
    });
    expect(
      [...res.json.deliveries].sort((a: { url: string }, b: { url: string }) => a.url.localeCompare(b.url)),
    ).toEqual(
      [
        { endpointId: all.endpoint.id, url: ok.url, delivered: true, statusCode: 200, error: null },
        {
          endpointId: down.endpoint.id,
          url: failing.url,
          delivered: false,
          statusCode: 500,
          error: 'HTTP 500',
        },
      ].sort((a, b) => a.url.localeCompare(b.url)),
    );

    // Exactly one request reached the healthy receiver, byte for byte the envelope answered, signed.
    const got = ok.received.slice(before);
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0].rawBody)).toEqual(res.json.event);
    expect(got[0].headers['x-service-event']).toBe('order.published');
    expect(() =>
      webhooks.constructEvent(got[0].rawBody, got[0].headers['x-service-signature'], all.secret),
    ).not.toThrow();
    // Not retried: the failing endpoint was tried once.
    expect(failing.received.filter((r) => r.rawBody.includes(res.json.event.id))).toHaveLength(1);
  });

  test('one sample send per organisation at a time: another while it runs is refused at once with 429', async () => {
    const { api } = stack;
    const { org, testKey } = await customer(api);
    const other = await customer(api);
    const hanging = await startReceiver(() => 'hang');
    try {
      await registerEndpoint(api, org.id, 'test', hanging.url);
      await registerEndpoint(api, other.org.id, 'test', ok.url);
      const first = send(testKey, { event: 'order.booked' });
      await eventually(
        () => hanging.received.length,
        (n) => n >= 1,
      );
      const refused = await send(testKey, { event: 'order.booked' });
      expect(refused.status).toBe(429);
      expect(refused.json).toMatchObject({ code: 'rate_limit_exceeded', details: { limit: 1 } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Another organisation's send is not held by it.
      const theirs = await send(other.testKey, { event: 'order.booked' });
      expect(theirs.json.deliveries).toMatchObject([{ delivered: true }]);
      expect(hanging.received).toHaveLength(1);
      await hanging.close(); // the hanging attempt ends: the first send answers
      expect((await first).json.deliveries).toMatchObject([{ delivered: false }]);
      expect((await send(testKey, { event: 'order.booked' })).status).toBe(200);
    } finally {
      await hanging.close();
    }
  });

  test('with orderId: data built from the caller’s test order, not recorded in its event log', async () => {
    const { api } = stack;
    const { org, testKey, liveKey } = await customer(api);
    const { secret } = await registerEndpoint(api, org.id, 'test', ok.url, ['order.booked']);
    const order = await placeOrder(api, testKey, 'probate', MANUAL);
    const events = await eventually(
      () => eventNames(api, order.id),
      (names) => names.includes('order.proof_ready'),
    );
    const res = await send(testKey, { event: 'order.booked', orderId: order.id });
    expect(res.status).toBe(200);
    const read = await call(api, 'GET', `/api/v1/orders/${order.id}`, { key: testKey });
    expect(res.json.event.data).toEqual({
      orderId: order.id,
      reference: order.reference,
      status: 'awaiting_booking',
      type: 'probate',
      publicationDate: read.json.publicationDate,
      newspaperReference: null,
      object: read.json,
    });
    expect(res.json.deliveries).toHaveLength(1);
    expect(res.json.deliveries[0]).toMatchObject({ delivered: true, statusCode: 200 });
    const got = ok.received.find((r) => r.rawBody.includes(res.json.event.id))!;
    expect(() =>
      webhooks.constructEvent(got.rawBody, got.headers['x-service-signature'], secret),
    ).not.toThrow();
    expect(await eventNames(api, order.id)).toEqual(events);

    // Not a test order of the caller: 404 order_not_found.
    const liveOrder = await placeOrder(api, liveKey, 'planning');
    const foreign = await placeOrder(api, (await customer(api)).testKey, 'planning', MANUAL);
    for (const orderId of [liveOrder.id, foreign.id, 'ord_nope']) {
      const refused = await send(testKey, { event: 'order.booked', orderId });
      expect({ status: refused.status, code: refused.json.code }).toEqual({
        status: 404,
        code: 'order_not_found',
      });
    }
  });

  test('every event has a sample; no endpoints: an empty list; validation_error; a live key: 404 not_found', async () => {
    const { api } = stack;
    const { testKey, liveKey } = await customer(api);
    for (const event of ORDER_EVENTS) {
      const res = await send(testKey, { event });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ event: expect.objectContaining({ event }), deliveries: [] });
      expect(res.json.event.data.object.livemode).toBe(false);
    }
    for (const body of [
      {},
      { event: 'order.shipped' },
      { event: 'order.created', extra: true },
      { event: 'order.created', orderId: '' },
    ]) {
      expectRefused(await send(testKey, body), 'validation_error');
    }
    const live = await send(liveKey, { event: 'order.created' });
    expect(live.status).toBe(404);
    expect(live.json.code).toBe('not_found');
    expect(live.json.error).toMatch(/test-mode API keys/);
  });
});
