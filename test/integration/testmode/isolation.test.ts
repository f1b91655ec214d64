import { createIntegrationKey } from '../../../src/db/integration-keys.repository';
import { listOrderEvents } from '../../../src/db/order-records.repository';
import { listDeliveries } from '../../../src/db/webhook-deliveries.repository';
import { LIVE_PRIORITY, TEST_MODE_PRIORITY, testModeTaskQueue } from '../../../src/temporal/task-queues';
import { orderWorkflowId } from '../../../src/workflows/order.messages';
import { simulatorWorkflowId } from '../../../src/workflows/simulated-newspaper.messages';
import { call, integrationKeysFor, type TestApi } from '../../support/harness';
import { eventually } from '../../support/eventually';
import { startReceiver, type Receiver } from '../webhooks/support';
import { advance, customer, eventNames, placeOrder, registerEndpoint, useTestModeStack } from './support';

// One attempt per delivery: a refused live (http) endpoint is not retried in the background.
const stack = useTestModeStack({ WEBHOOK_RETRY_SCHEDULE_MS: '0' });
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

const MANUAL = { clientRef: 'test:manual' };

/** Every read and write of the order API, as one key: each must be a 404 order_not_found for the other mode. */
async function everyOrderEndpoint(api: TestApi, key: string, id: string) {
  return {
    get: await call(api, 'GET', `/api/v1/orders/${id}`, { key }),
    proof: await call(api, 'GET', `/api/v1/orders/${id}/proof`, { key }),
    certificate: await call(api, 'GET', `/api/v1/orders/${id}/certificate`, { key }),
    invoice: await call(api, 'GET', `/api/v1/orders/${id}/invoice`, { key }),
    amend: await call(api, 'POST', `/api/v1/orders/${id}/amend`, { key, body: { clientRef: 'x' } }),
    purchaseOrder: await call(api, 'POST', `/api/v1/orders/${id}/purchase-order`, {
      key,
      body: { poReference: 'PO-1' },
    }),
    cancel: await call(api, 'POST', `/api/v1/orders/${id}/cancel`, { key, body: { reason: 'no' } }),
  };
}

function expectAllNotFound(
  answers: Record<string, { status: number; json: Record<string, unknown> }>,
  id: string,
) {
  for (const [name, res] of Object.entries(answers)) {
    expect({ name, status: res.status, code: res.json?.code, details: res.json?.details }).toEqual({
      name,
      status: 404,
      code: 'order_not_found',
      details: { id },
    });
  }
}

const listIds = async (api: TestApi, key: string) =>
  ((await call(api, 'GET', '/api/v1/orders?limit=100', { key })).json.orders as { id: string }[]).map(
    (o) => o.id,
  );

describe('test and live orders are invisible to each other', () => {
  test('a live key cannot list, read, amend, cancel, give a PO for or download documents of a test order, and vice versa', async () => {
    const { api } = stack;
    const { testKey, liveKey } = await customer(api, 'invoice_with_terms');
    const testOrder = await placeOrder(api, testKey, 'planning', MANUAL);
    const liveOrder = await placeOrder(api, liveKey, 'planning');
    // Both get their proof, invoice and (published) certificate, so every document exists for its own mode.
    const { key: paper } = await createIntegrationKey(api.db, {
      kind: 'newspaper',
      newspaperName: String(
        (await call(api, 'GET', `/api/v1/orders/${liveOrder.id}`, { key: liveKey })).json.newspaperName,
      ),
    });
    for (const id of [testOrder.id, liveOrder.id]) {
      await eventually(
        () => eventNames(api, id),
        (names) => names.includes('order.proof_ready'),
      );
    }
    await advance(api, testKey, testOrder.id, 'booked');
    await advance(api, testKey, testOrder.id, 'published');
    const publicationDate = (await call(api, 'GET', `/api/v1/orders/${liveOrder.id}`, { key: liveKey })).json
      .publicationDate;
    expect(
      (
        await call(api, 'POST', `/api/integrations/v1/orders/${liveOrder.id}/booking`, {
          key: paper,
          body: { publicationDate },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(api, 'POST', `/api/integrations/v1/orders/${liveOrder.id}/publication`, {
          key: paper,
          body: { publishedAt: new Date().toISOString() },
        })
      ).status,
    ).toBe(200);

    // Each key reaches its own order's documents…
    for (const [key, id] of [
      [testKey, testOrder.id],
      [liveKey, liveOrder.id],
    ]) {
      for (const doc of ['proof', 'certificate', 'invoice']) {
        expect((await call(api, 'GET', `/api/v1/orders/${id}/${doc}`, { key })).status).toBe(200);
      }
    }
    // … and nothing of the other mode's order.
    expectAllNotFound(await everyOrderEndpoint(api, liveKey, testOrder.id), testOrder.id);
    expectAllNotFound(await everyOrderEndpoint(api, testKey, liveOrder.id), liveOrder.id);
    expect(await listIds(api, testKey)).toEqual([testOrder.id]);
    expect(await listIds(api, liveKey)).toEqual([liveOrder.id]);

    // Nothing changed: both orders are as their own keys left them.
    expect((await call(api, 'GET', `/api/v1/orders/${testOrder.id}`, { key: testKey })).json).toMatchObject({
      status: 'published',
      livemode: false,
    });
    expect((await call(api, 'GET', `/api/v1/orders/${liveOrder.id}`, { key: liveKey })).json).toMatchObject({
      status: 'published',
      livemode: true,
    });
  });

  test('purchase orders cross no mode either', async () => {
    const { api } = stack;
    const { testKey, liveKey } = await customer(api, 'purchase_order');
    const testOrder = await placeOrder(api, testKey, 'hgv', MANUAL);
    const liveOrder = await placeOrder(api, liveKey, 'hgv');
    for (const [key, id] of [
      [liveKey, testOrder.id],
      [testKey, liveOrder.id],
    ]) {
      const po = await call(api, 'POST', `/api/v1/orders/${id}/purchase-order`, {
        key,
        body: { poReference: 'PO-9' },
      });
      expect([po.status, po.json.code]).toEqual([404, 'order_not_found']);
    }
    const own = await call(api, 'POST', `/api/v1/orders/${testOrder.id}/purchase-order`, {
      key: testKey,
      body: { poReference: 'PO-9' },
    });
    expect(own.json).toMatchObject({ status: 'awaiting_booking', poReference: 'PO-9', livemode: false });
  });

  test('a real newspaper or Gazette integration key never sees a test order', async () => {
    const { api } = stack;
    const { testKey, liveKey } = await customer(api);
    const testOrder = await placeOrder(api, testKey, 'probate', MANUAL);
    const liveOrder = await placeOrder(api, liveKey, 'probate');
    const order = (await call(api, 'GET', `/api/v1/orders/${testOrder.id}`, { key: testKey })).json;
    const { paper, gazette } = await integrationKeysFor(api.db, order);

    const report = (key: string, id: string, path: string, body: unknown) =>
      call(api, 'POST', `/api/integrations/v1/orders/${id}/${path}`, { key, body });
    for (const [key, path, body] of [
      [paper, 'booking', { publicationDate: order.publicationDate }],
      [paper, 'publication', { publishedAt: new Date().toISOString() }],
      [gazette, 'urn', { urn: 'L-12345' }],
    ] as const) {
      const res = await report(key, testOrder.id, path, body);
      expect({ path, status: res.status, code: res.json.code }).toEqual({
        path,
        status: 404,
        code: 'order_not_found',
      });
    }
    expect((await call(api, 'GET', `/api/v1/orders/${testOrder.id}`, { key: testKey })).json.status).toBe(
      'awaiting_booking',
    );
    // The same keys do report on the live order of that newspaper and edition.
    expect(
      (await report(paper, liveOrder.id, 'booking', { publicationDate: order.publicationDate })).status,
    ).toBe(200);
  });

  test('events of test orders reach only test endpoints, events of live orders only live endpoints', async () => {
    const { api } = stack;
    const { org, testKey, liveKey } = await customer(api);
    const testEndpoint = await registerEndpoint(api, org.id, 'test', receiver.url);
    // A live endpoint must be https: an attempt to it is recorded (and refused), so it is visible either way.
    const liveEndpoint = await registerEndpoint(api, org.id, 'live', receiver.url);
    const testOrder = await placeOrder(api, testKey, 'planning', MANUAL);
    const liveOrder = await placeOrder(api, liveKey, 'planning');
    await advance(api, testKey, testOrder.id, 'booked');

    const expected = { test: 3, live: 2 }; // created, proof_ready (+ booked for the test order)
    const events = await eventually(
      async () => ({
        test: await listOrderEvents(api.db, testOrder.id),
        live: await listOrderEvents(api.db, liveOrder.id),
      }),
      (e) => e.test.length >= expected.test && e.live.length >= expected.live,
    );
    const deliveries = await eventually(
      () => listDeliveries(api.db, { organisationId: org.id }),
      (ds) => ds.length >= expected.test + expected.live && ds.every((d) => d.status !== 'pending'),
    );
    const endpointOf = (eventIds: string[]) =>
      new Set(deliveries.filter((d) => eventIds.includes(d.eventId)).map((d) => d.endpointId));
    expect(endpointOf(events.test.map((e) => e.id))).toEqual(new Set([testEndpoint.endpoint.id]));
    expect(endpointOf(events.live.map((e) => e.id))).toEqual(new Set([liveEndpoint.endpoint.id]));
    expect(deliveries).toHaveLength(expected.test + expected.live);

    // What reached the receiver was the test order's events only, every one of them.
    const mine = await eventually(
      () =>
        receiver.received
          .map(
            (r) =>
              JSON.parse(r.rawBody) as {
                id: string;
                data: { orderId: string; object: { livemode: boolean } };
              },
          )
          .filter((b) => b.data.orderId === testOrder.id || b.data.orderId === liveOrder.id),
      (list) => list.length >= expected.test,
    );
    expect(new Set(mine.map((b) => b.id))).toEqual(new Set(events.test.map((e) => e.id)));
    expect(mine.every((b) => b.data.object.livemode === false)).toBe(true);
  });
});

describe('live work is dispatched before test-mode work', () => {
  test('a live order runs at the live priority on the live queue, a test order and its simulated newspaper at the test-mode priority on the test-mode queue; each keyed by its organisation', async () => {
    const { api } = stack;
    const { org, testKey, liveKey } = await customer(api);
    const testOrder = await placeOrder(api, testKey);
    const liveOrder = await placeOrder(api, liveKey);
    const priorityOf = async (workflowId: string) =>
      (await api.temporal.workflow.getHandle(workflowId).describe()).priority;
    const live = { priorityKey: LIVE_PRIORITY, fairnessKey: org.id };
    const testMode = { priorityKey: TEST_MODE_PRIORITY, fairnessKey: org.id };

    // Test-mode work runs on a task queue of its own, live work on the configured one.
    const queueOf = async (workflowId: string) =>
      (await api.temporal.workflow.getHandle(workflowId).describe()).taskQueue;
    expect(await queueOf(orderWorkflowId(liveOrder.id))).toBe(stack.orderTaskQueue);
    expect(await queueOf(orderWorkflowId(testOrder.id))).toBe(testModeTaskQueue(stack.orderTaskQueue));
    expect(await priorityOf(orderWorkflowId(liveOrder.id))).toMatchObject(live);
    expect(await priorityOf(orderWorkflowId(testOrder.id))).toMatchObject(testMode);
    const simulator = await eventually(
      () => priorityOf(simulatorWorkflowId(testOrder.id)).catch(() => undefined),
      (p) => p !== undefined,
    );
    expect(simulator).toMatchObject(testMode);
    expect(await queueOf(simulatorWorkflowId(testOrder.id))).toBe(testModeTaskQueue(stack.orderTaskQueue));
  });
});
