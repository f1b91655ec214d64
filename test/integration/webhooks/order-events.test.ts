import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { createWebhookEndpoint } from '../../../src/db/webhook-endpoints.repository';
import { createLogger } from '../../../src/logger';
import { WEBHOOK_EVENTS } from '../../../src/webhooks/events';
import { DEFAULT_ORDER_TIMINGS } from '../../../src/workflows/order.messages';
import {
  call,
  createTestKey,
  createTestOrganisation,
  startTestApi,
  type TestApi,
} from '../../support/harness';
import { startTestWorker, type TestWorker } from '../../support/worker';
import { eventually, startReceiver, type Receiver } from './support';
import { validOrderBody } from '../../support/notice-bodies';

let api: TestApi;
let worker: TestWorker;
let r: Receiver;

beforeAll(async () => {
  const orderTaskQueue = `orders-webhooks-${randomUUID()}`;
  api = await startTestApi({}, { orderTaskQueue, orderTimings: DEFAULT_ORDER_TIMINGS });
  worker = await startTestWorker(
    { config: api.config, db: api.db, log: createLogger('silent') },
    orderTaskQueue,
  );
  r = await startReceiver();
});

afterAll(async () => {
  await r?.close();
  await worker?.stop();
  await api?.close();
});

describe('webhooks from the order workflow', () => {
  it('delivers the events the order workflow records, in the mode of the key that placed the order', async () => {
    const org = await createTestOrganisation(api.db, { paymentMethod: 'invoice_with_terms' });
    const { key } = await createTestKey(api.db, org.id, ['orders:read', 'orders:write'], 'test');
    const { secret } = await createWebhookEndpoint(api.db, api.config.webhooks.encryptionKey, {
      organisationId: org.id,
      mode: 'test',
      url: r.url,
      events: [...WEBHOOK_EVENTS],
    });
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
    const org = await createTestOrganisation(api.db, { paymentMethod: 'invoice_with_terms' });
    const { key } = await createTestKey(api.db, org.id, ['orders:read', 'orders:write'], 'test');
    await createWebhookEndpoint(api.db, api.config.webhooks.encryptionKey, {
      organisationId: org.id,
      mode: 'test',
      url: r.url,
      events: [...WEBHOOK_EVENTS],
    });
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
