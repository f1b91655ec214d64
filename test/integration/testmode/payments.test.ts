import { paySandbox } from '../../support/sandbox';
import { call } from '../../support/harness';
import { checkoutSessionEvent, postStripeEvent } from '../../support/stripe-events';
import { eventually } from '../../support/eventually';
import { startStripeMock, type StripeMock } from '../../support/stripe-mock';
import {
  advance,
  auditOf,
  customer,
  orderReaches,
  placeOrder,
  startTestModeStack,
  type TestModeStack,
} from './support';

// stripe-mock accepts only keys shaped like test keys: the two accounts differ by the rest of the key.
const LIVE_KEY = 'sk_test_LiveAccountStandIn';
const TEST_KEY = 'sk_test_TestModeAccount';
const LIVE_WEBHOOK_SECRET = 'whsec_live_notices';
const TEST_WEBHOOK_SECRET = 'whsec_test_notices';
const MANUAL = { clientRef: 'test:manual' };

let stripeMock: StripeMock;
/** Live orders on Stripe; test orders on the local sandbox (no STRIPE_TEST_SECRET_KEY). */
let liveOnly: TestModeStack;
/** Both modes on Stripe, each with its own account's key and webhook secret. */
let both: TestModeStack;

beforeAll(async () => {
  stripeMock = await startStripeMock();
  const live = {
    STRIPE_SECRET_KEY: LIVE_KEY,
    STRIPE_WEBHOOK_SECRET: LIVE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripeMock.url,
  };
  liveOnly = await startTestModeStack(live);
  both = await startTestModeStack({
    ...live,
    STRIPE_TEST_SECRET_KEY: TEST_KEY,
    STRIPE_TEST_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  });
});

afterAll(async () => {
  await liveOnly?.stop();
  await both?.stop();
  await stripeMock?.stop();
});

/** Stripe requests made for one order (any of its idempotency keys, or the session it created). */
const requestsFor = (orderId: string) =>
  stripeMock.requests.filter(
    (r) => r.idempotencyKey?.startsWith(`order:${orderId}:`) || r.params.client_reference_id === orderId,
  );

const postEvent = (stack: TestModeStack, event: Record<string, unknown>, secret: string) =>
  postStripeEvent(stack.api, event, secret);

/** A completed, paid Checkout Session of the order; `extra` sets event fields such as `livemode`. */
const checkoutCompleted = (orderId: string, extra: Record<string, unknown> = {}) => ({
  ...checkoutSessionEvent(orderId),
  ...extra,
});

const payments = async (stack: TestModeStack, orderId: string) =>
  (await auditOf(stack.api, orderId)).filter(
    (e) => e.action.startsWith('payment_') || e.action === 'invoice_paid',
  );

/** Where the order's stable `checkoutUrl` (`/pay/<id>`) sends the payer: the provider's checkout page. */
async function checkoutPage(api: { baseUrl: string }, orderId: string) {
  const res = await fetch(`${api.baseUrl}/pay/${orderId}`, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location');
}

describe('live on Stripe, test mode on the local sandbox', () => {
  test('a test order never uses the live Stripe key: its checkout is the sandbox page', async () => {
    const { api } = liveOnly;
    const { testKey, liveKey } = await customer(api, 'stripe_checkout');
    const testOrder = await placeOrder(api, testKey, 'planning', MANUAL);
    const liveOrder = await placeOrder(api, liveKey, 'planning');

    expect(testOrder.checkoutUrl).toBe(`${api.config.publicBaseUrl}/pay/${testOrder.id}`);
    expect(await checkoutPage(api, testOrder.id)).toBe(
      `${api.config.publicBaseUrl}/sandbox/checkout/${testOrder.id}`,
    );
    expect(liveOrder.checkoutUrl).toBe(`${api.config.publicBaseUrl}/pay/${liveOrder.id}`);
    expect(await checkoutPage(api, liveOrder.id)).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(requestsFor(testOrder.id)).toEqual([]);
    const liveSessions = requestsFor(liveOrder.id);
    expect(liveSessions.length).toBeGreaterThan(0);
    expect(new Set(liveSessions.map((r) => r.apiKey))).toEqual(new Set([LIVE_KEY]));

    // The sandbox pages serve the test order, not the live one (its mode pays through Stripe).
    const page = await call(api, 'GET', `/sandbox/checkout/${testOrder.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('LOCAL PAYMENT SANDBOX');
    expect(page.text).toContain('STRIPE_TEST_SECRET_KEY');
    expect((await call(api, 'GET', `/sandbox/checkout/${liveOrder.id}`)).json.code).toBe('order_not_found');
    expect((await call(api, 'POST', `/sandbox/checkout/${liveOrder.id}`)).status).toBe(404);

    // A live Stripe event naming the test order is acknowledged and ignored.
    const ignored = await postEvent(
      liveOnly,
      checkoutCompleted(testOrder.id, { livemode: true }),
      LIVE_WEBHOOK_SECRET,
    );
    expect(ignored.status).toBe(200);
    expect((await paySandbox(api.baseUrl, testOrder.id)).status).toBe(200);
    const paid = await orderReaches(api, testOrder.id, (o) => o.paymentState === 'paid');
    expect(paid).toMatchObject({ status: 'awaiting_booking', paymentState: 'paid' });
    const handled = await eventually(
      () => payments(liveOnly, testOrder.id),
      (list) => list.length >= 1,
    );
    expect(handled.map((e) => [e.action, e.actor])).toEqual([['payment_received', 'sandbox']]);

    // Its refund is the sandbox's too.
    const cancelled = await call(api, 'POST', `/api/v1/orders/${testOrder.id}/cancel`, { key: testKey });
    expect(cancelled.json).toMatchObject({ status: 'cancelled', paymentState: 'refunded' });
    expect(requestsFor(testOrder.id)).toEqual([]);
  });
});

describe('both modes on Stripe, each with its own account', () => {
  test('each order is charged through its own mode’s key, and each mode’s events pay only its own orders', async () => {
    const { api } = both;
    const { testKey, liveKey } = await customer(api, 'stripe_checkout');
    const testOrder = await placeOrder(api, testKey, 'planning', MANUAL);
    const liveOrder = await placeOrder(api, liveKey, 'planning');
    expect(await checkoutPage(api, testOrder.id)).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(new Set(requestsFor(testOrder.id).map((r) => r.apiKey))).toEqual(new Set([TEST_KEY]));
    expect(new Set(requestsFor(liveOrder.id).map((r) => r.apiKey))).toEqual(new Set([LIVE_KEY]));
    // No sandbox while both modes use Stripe.
    expect((await call(api, 'GET', `/sandbox/checkout/${testOrder.id}`)).status).toBe(404);

    // Events of the other mode are acknowledged and change nothing: a live event (by its livemode or, when
    // absent, by the live secret that signed it) for the test order, a test event for the live order.
    for (const [orderId, event, secret] of [
      [testOrder.id, checkoutCompleted(testOrder.id, { livemode: true }), LIVE_WEBHOOK_SECRET],
      [testOrder.id, checkoutCompleted(testOrder.id), LIVE_WEBHOOK_SECRET],
      [liveOrder.id, checkoutCompleted(liveOrder.id, { livemode: false }), TEST_WEBHOOK_SECRET],
      [liveOrder.id, checkoutCompleted(liveOrder.id), TEST_WEBHOOK_SECRET],
    ] as const) {
      const res = await postEvent(both, event, secret);
      expect({ orderId, status: res.status, body: res.json }).toEqual({
        orderId,
        status: 200,
        body: { received: true },
      });
    }
    // An event that verifies with neither secret is refused.
    expect((await postEvent(both, checkoutCompleted(testOrder.id), 'whsec_someone_else')).status).toBe(400);

    // Each mode's own event pays its own order. Signals are handled in order: had an event above been let
    // through, it would be the payment recorded.
    const paidBy = {
      [testOrder.id]: checkoutCompleted(testOrder.id, { livemode: false }),
      [liveOrder.id]: checkoutCompleted(liveOrder.id, { livemode: true }),
    };
    await postEvent(both, paidBy[testOrder.id], TEST_WEBHOOK_SECRET);
    await postEvent(both, paidBy[liveOrder.id], LIVE_WEBHOOK_SECRET);
    for (const id of [testOrder.id, liveOrder.id]) {
      expect(await orderReaches(api, id, (o) => o.paymentState === 'paid')).toMatchObject({
        status: 'awaiting_booking',
      });
      const handled = await eventually(
        () => payments(both, id),
        (list) => list.length >= 1,
      );
      expect(handled.map((e) => [e.action, e.actor, e.details.providerEventId])).toEqual([
        ['payment_received', 'stripe', paidBy[id].id],
      ]);
    }

    // Cancelling refunds through the order's own account (the refund activity looks the mode up by order id).
    expect(
      (await call(api, 'POST', `/api/v1/orders/${testOrder.id}/cancel`, { key: testKey })).json.paymentState,
    ).toBe('refunded');
    const refunds = stripeMock
      .sent('POST', /^\/v1\/refunds$/)
      .filter((r) => r.idempotencyKey === `order:${testOrder.id}:refund`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      apiKey: TEST_KEY,
      params: { payment_intent: `pi_test_${testOrder.id}` },
    });
  });

  test('a test stripe_invoice order is invoiced and voided with the test key; a helper payment is refunded without Stripe', async () => {
    const { api } = both;
    const invoicing = await customer(api, 'stripe_invoice');
    const invoiced = await placeOrder(api, invoicing.testKey, 'hgv', MANUAL);
    const cancelled = await call(api, 'POST', `/api/v1/orders/${invoiced.id}/cancel`, {
      key: invoicing.testKey,
    });
    expect(cancelled.json.paymentState).toBe('voided');
    const calls = stripeMock.requests.filter(
      (r) =>
        r.idempotencyKey?.startsWith(`order:${invoiced.id}:`) ||
        r.params['metadata[orderId]'] === invoiced.id,
    );
    expect(calls.some((r) => /\/void$/.test(r.path))).toBe(true);
    expect(new Set(calls.map((r) => r.apiKey))).toEqual(new Set([TEST_KEY]));

    const card = await customer(api, 'stripe_checkout');
    const order = await placeOrder(api, card.testKey, 'planning', MANUAL);
    expect((await advance(api, card.testKey, order.id, 'paid')).json.paymentState).toBe('paid');
    const refunded = await call(api, 'POST', `/api/v1/orders/${order.id}/cancel`, { key: card.testKey });
    expect(refunded.json).toMatchObject({ status: 'cancelled', paymentState: 'refunded' });
    expect(
      stripeMock
        .sent('POST', /^\/v1\/refunds$/)
        .filter((r) => r.idempotencyKey === `order:${order.id}:refund`),
    ).toEqual([]);
  });
});
