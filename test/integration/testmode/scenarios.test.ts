import { WorkflowNotFoundError } from '@temporalio/client';
import { simulatorActivities } from '../../../src/activities/test-mode/simulator';
import { createLogger } from '../../../src/logger';
import { simulatorWorkflowId } from '../../../src/workflows/simulated-newspaper.messages';
import {
  markDeliveredSignal,
  orderWorkflowId,
  retryDeliverySignal,
} from '../../../src/workflows/order.messages';
import { call } from '../../support/harness';
import { eventually } from '../../support/eventually';
import {
  advance,
  auditOf,
  customer,
  eventNames,
  orderReaches,
  placeOrder,
  useTestModeStack,
} from './support';

// A long publication delay: room to act on an order the simulator has booked but not yet published.
const stack = useTestModeStack({ TEST_MODE_PUBLICATION_DELAY_SECONDS: '3' });

const audited = (id: string, action: string, count = 1) =>
  eventually(
    () => auditOf(stack.api, id),
    (entries) => entries.filter((e) => e.action === action).length >= count,
  );

/** The simulated newspaper's workflow for an order, or null when none was ever started. */
async function simulatorOf(orderId: string) {
  try {
    return await stack.api.temporal.workflow.getHandle(simulatorWorkflowId(orderId)).describe();
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return null;
    throw err;
  }
}

const orderHandle = (id: string) => stack.api.temporal.workflow.getHandle(orderWorkflowId(id));

describe('scenario markers on clientRef (test orders only)', () => {
  test('test:delivery_failed: delivery fails at once and for good, order.delivery_failed, operator levers still work', async () => {
    const { api } = stack;
    const { testKey } = await customer(api);
    const order = await placeOrder(api, testKey, 'planning', { clientRef: 'test:delivery_failed case 12' });

    // The default schedule retries for minutes (5 attempts from 1 minute): the failure is not retried.
    const events = await eventually(
      () => eventNames(api, order.id),
      (names) => names.includes('order.delivery_failed'),
    );
    expect(events).toEqual(['order.created', 'order.proof_ready', 'order.delivery_failed']);
    const failed = (await audited(order.id, 'delivery_failed')).find((e) => e.action === 'delivery_failed');
    expect(failed).toMatchObject({ actor: 'system' });
    expect(String(failed?.details.message)).toMatch(/Simulated artwork delivery failure/);
    const read = await call(api, 'GET', `/api/v1/orders/${order.id}`, { key: testKey });
    expect(read.json).toMatchObject({ status: 'awaiting_booking', livemode: false });
    expect(read.json.deliveryFailure.reason).toMatch(/^Simulated artwork delivery failure/);
    expect(Date.parse(read.json.deliveryFailure.at)).toBeGreaterThan(Date.parse(read.json.createdAt));
    const failedEvent = (
      await call(api, 'GET', `/api/v1/events?orderId=${order.id}&type=order.delivery_failed`, {
        key: testKey,
      })
    ).json.events[0];
    expect(failedEvent.data.deliveryFailure).toEqual(read.json.deliveryFailure);
    expect(await simulatorOf(order.id)).toBeNull();

    // retryDelivery tries again: the marker fails it again, a second order.delivery_failed.
    await orderHandle(order.id).signal(retryDeliverySignal, { actor: 'operator', note: 'try again' });
    const again = await eventually(
      () => eventNames(api, order.id),
      (names) => names.filter((n) => n === 'order.delivery_failed').length >= 2,
    );
    expect(again.filter((n) => n === 'order.delivery_failed')).toHaveLength(2);

    // markDelivered records a manual delivery; no simulator takes over, the helpers move the order on.
    await orderHandle(order.id).signal(markDeliveredSignal, { actor: 'operator', note: 'sent by e-mail' });
    await audited(order.id, 'marked_delivered');
    const delivered = await call(api, 'GET', `/api/v1/orders/${order.id}`, { key: testKey });
    expect(delivered.json.deliveryFailure).toBeUndefined();
    expect((await advance(api, testKey, order.id, 'booked')).json.status).toBe('booked');
    expect(await simulatorOf(order.id)).toBeNull();
  });

  test('test:manual: the artwork delivery is recorded only and the order waits for the test helpers', async () => {
    const { api } = stack;
    const { testKey, testKeyId } = await customer(api);
    const order = await placeOrder(api, testKey, 'hgv', { clientRef: 'TEST:Manual run 3' });
    await audited(order.id, 'artwork_delivered');
    expect(await simulatorOf(order.id)).toBeNull();
    expect((await call(api, 'GET', `/api/v1/orders/${order.id}`, { key: testKey })).json.status).toBe(
      'awaiting_booking',
    );

    expect((await advance(api, testKey, order.id, 'booked')).json.status).toBe('booked');
    expect((await advance(api, testKey, order.id, 'published')).json.status).toBe('published');
    expect(
      await eventually(
        () => eventNames(api, order.id),
        (names) => names.includes('order.published'),
      ),
    ).toEqual(['order.created', 'order.proof_ready', 'order.booked', 'order.published']);
    const actors = (await auditOf(api, order.id)).filter((e) => ['booked', 'published'].includes(e.action));
    expect(actors.map((e) => e.actor)).toEqual([`test_helper:${testKeyId}`, `test_helper:${testKeyId}`]);
  });

  test('the marker is read as the order was placed: amending clientRef does not change the scenario', async () => {
    const { api } = stack;
    const { testKey } = await customer(api);
    const order = await placeOrder(api, testKey, 'planning', { clientRef: 'test:manual' });
    await audited(order.id, 'artwork_delivered');
    const amended = await call(api, 'POST', `/api/v1/orders/${order.id}/amend`, {
      key: testKey,
      body: { clientRef: 'matter 42' },
    });
    expect(amended.status).toBe(200);
    // The amendment delivers the artwork again, still as test:manual: recorded only, no simulator.
    await audited(order.id, 'artwork_delivered', 2);
    expect(await simulatorOf(order.id)).toBeNull();
    expect((await call(api, 'GET', `/api/v1/orders/${order.id}`, { key: testKey })).json.status).toBe(
      'awaiting_booking',
    );
  });

  test('no marker on a live order is ever interpreted: its artwork goes to the real transport', async () => {
    const { api } = stack;
    const { liveKey } = await customer(api);
    const order = await placeOrder(api, liveKey, 'planning', { clientRef: 'test:delivery_failed' });
    await audited(order.id, 'artwork_delivered');
    expect(await eventNames(api, order.id)).not.toContain('order.delivery_failed');
    expect(await simulatorOf(order.id)).toBeNull();
    expect((await call(api, 'GET', `/api/v1/orders/${order.id}`, { key: liveKey })).json).toMatchObject({
      status: 'awaiting_booking',
      livemode: true,
    });
  });

  test('a simulated delivery failure stops the simulated newspaper; retryDelivery starts it again', async () => {
    const { api } = stack;
    const { testKey } = await customer(api);
    const order = await placeOrder(api, testKey, 'tro');
    // Booked by the simulator, which then waits the (long, in this file) publication delay.
    await orderReaches(api, order.id, (o) => o.status === 'booked');
    const failed = await advance(api, testKey, order.id, 'delivery_failed');
    expect(failed.status).toBe(200);
    expect(failed.json.status).toBe('booked');
    const stopped = await eventually(
      () => simulatorOf(order.id),
      (d) => d?.status.name === 'CANCELLED',
    );
    expect(stopped?.status.name).toBe('CANCELLED');

    await orderHandle(order.id).signal(retryDeliverySignal, { actor: 'operator' });
    const done = await orderReaches(api, order.id, (o) => o.status === 'published');
    expect(done.status).toBe('published');
    // A new run of the simulator (the cancelled one cannot be reused), which finished its work.
    const restarted = await eventually(
      () => simulatorOf(order.id),
      (d) => d?.status.name === 'COMPLETED',
    );
    expect(restarted?.status.name).toBe('COMPLETED');
    expect(restarted?.runId).not.toBe(stopped?.runId);
    const events = await eventually(
      () => eventNames(api, order.id),
      (names) => names.includes('order.published'),
    );
    expect(events).toEqual([
      'order.created',
      'order.proof_ready',
      'order.booked',
      'order.delivery_failed',
      'order.published',
    ]);
  });
});

describe('the simulated newspaper stops when its report no longer fits', () => {
  const acts = () =>
    simulatorActivities({ db: stack.api.db, log: createLogger('silent'), temporal: stack.api.temporal });

  test('a cancelled order, an order already moved on, and a manual order get no report', async () => {
    const { api } = stack;
    const { testKey } = await customer(api);

    const cancelled = await placeOrder(api, testKey, 'planning');
    expect((await call(api, 'POST', `/api/v1/orders/${cancelled.id}/cancel`, { key: testKey })).status).toBe(
      200,
    );
    expect(await acts().planSimulatedStep(cancelled.id)).toBeNull();
    expect(await acts().performSimulatedStep({ orderId: cancelled.id, step: 'booking' })).toEqual({
      performed: false,
      next: null,
    });

    const movedOn = await placeOrder(api, testKey, 'planning');
    await orderReaches(api, movedOn.id, (o) => o.status === 'published');
    expect(await acts().performSimulatedStep({ orderId: movedOn.id, step: 'booking' })).toEqual({
      performed: false,
      next: null,
    });
    expect(
      await eventually(
        () => eventNames(api, movedOn.id),
        (names) => names.includes('order.published'),
      ),
    ).toEqual(['order.created', 'order.proof_ready', 'order.booked', 'order.published']);

    const manual = await placeOrder(api, testKey, 'planning', { clientRef: 'test:manual' });
    expect(await acts().planSimulatedStep(manual.id)).toBeNull();
    expect(await acts().performSimulatedStep({ orderId: manual.id, step: 'booking' })).toEqual({
      performed: false,
      next: null,
    });
    expect((await call(api, 'GET', `/api/v1/orders/${manual.id}`, { key: testKey })).json.status).toBe(
      'awaiting_booking',
    );
  });
});
