import Stripe from 'stripe';
import { createWebhookEndpoint } from '../../../src/db/webhook-endpoints.repository';
import { ORDER_EVENTS } from '../../../src/orders/events';
import { DEFAULT_ORDER_TIMINGS } from '../../../src/orders/timings';
import { call, type TestApi } from '../../support/harness';
import { newCustomer, startStack, type TestStack } from '../../support/stack';
import { eventually, startReceiver, type Receiver } from './support';
import { validOrderBody } from '../../support/notice-bodies';

let stack: TestStack;
let api: TestApi;
let r: Receiver;

beforeAll(async () => {
  stack = await startStack({ timings: DEFAULT_ORDER_TIMINGS });
  api = stack.api;
  r = await startReceiver();
});

afterAll(async () => {
  await r?.close();
  await stack?.stop();
});

/** A test-mode customer whose endpoint (at the receiver) takes every order event. */
async function customerWithEndpoint() {
  const { org, key } = await newCustomer(api, 'invoice_with_terms', 'test');
  const { secret } = await createWebhookEndpoint(api.db, api.config.webhooks.encryptionKey, {
    organisationId: org.id,
    mode: 'test',
    url: r.url,
    events: [...ORDER_EVENTS],
  });
  return { key, secret };
}

describe('webhooks from the order workflow', () => {
  it('delivers the events the order workflow records, in the mode of the key that placed the order', async () => {
    const { key, secret } = await customerWithEndpoint();
    const created = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('planning') });
    expect(created.status).toBe(201);

    const received = await eventually(
      () =>
        r.received.map((q) => ({
          q,
          event: Stripe.webhooks.constructEvent(
            q.rawBody,
            q.headers['x-service-signature'] as string,
            secret,
          ) as unknown as { id: string; event: string; data: { object: { id: string } } },
        })),
      (list) => list.some((x) => x.event.event === 'order.created'),
      30_000,
    );
    const orderCreated = received.find((x) => x.event.event === 'order.created')!;
    expect(orderCreated.q.headers['x-service-event']).toBe('order.created');
    expect(orderCreated.event.id).toMatch(/^evt_/);
    expect(orderCreated.event.data.object.id).toBe(created.json.id);
  });
});

describe('GET /api/v1/events: the recovery path', () => {
  it('lists every event the receiver got, each byte for byte the body that was signed and sent', async () => {
    const { key } = await customerWithEndpoint();
    const created = await call(api, 'POST', '/api/v1/orders', { key, body: validOrderBody('planning') });
    expect(created.status).toBe(201);
    const orderId = created.json.id as string;
    const mine = () => r.received.filter((q) => q.rawBody.includes(orderId)).map((q) => q.rawBody);
    const bodies = await eventually(mine, (list) => list.length >= 2, 30_000);

    const listed = await call(api, 'GET', `/api/v1/events?orderId=${orderId}`, { key });
    expect(listed.status).toBe(200);
    const served = (listed.json.events as unknown[]).map((e) => JSON.stringify(e));
    for (const body of bodies) expect(served).toContain(body);
    const one = await call(api, 'GET', `/api/v1/events/${JSON.parse(bodies[0]!).id}`, { key });
    expect(one.text).toBe(bodies[0]);
  });
});
