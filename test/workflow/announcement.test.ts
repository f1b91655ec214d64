import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { OrderActivities } from '../../src/activities';
import type { OrderEventRecord } from '../../src/orders/events';
import { deliveryWorkflowId, type WebhookDeliveryInput } from '../../src/webhooks/delivery';
import {
  FANOUT_BATCH,
  type AnnouncementInput,
  type AnnouncementResult,
  type FirstPass,
} from '../../src/workflows/announcement.messages';
import { installQuietRuntime, workflowBundle } from '../support/worker';

/**
 * The announcement workflow with typed fake activities: the first pass decides what goes on by channel, each
 * endpoint keeps its own count of HTTP attempts and its schedule, and e-mails the first pass deferred are retried.
 */
type Fakes = Partial<OrderActivities>;

let client: Client;
const stops: Array<() => Promise<void>> = [];

beforeAll(async () => {
  installQuietRuntime();
  client = new Client({
    connection: await Connection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS }),
  });
});
afterAll(async () => {
  await Promise.all(stops.map((s) => s()));
  await client?.connection.close();
});

const event: OrderEventRecord = {
  id: 'evt_announce_test',
  orderId: 'ord_1',
  organisationId: 'org_1',
  livemode: true,
  event: 'order.booked',
  sequence: 3,
  createdAt: new Date().toISOString(),
  data: { object: { id: 'ord_1' } },
};

const delivery = (n: number, eventId = event.id): WebhookDeliveryInput => ({
  deliveryId: `whd_${n}`,
  eventId,
  endpointId: `whe_${n}`,
  replay: 0,
  retryScheduleMs: [0, 10, 10, 10, 10],
  timeoutMs: 1000,
});

/**
 * Runs one announcement on a worker of its own with `fakes`, under an event id of its own; returns its result,
 * the outcome of every endpoint's delivery workflow (by delivery id) and every call made.
 */
async function announce(input: Omit<AnnouncementInput, 'event'>, fakes: Fakes) {
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
  const deliveries = input.deliveries.map((d) => ({ ...d, eventId }));
  const calls: Array<{ name: string; args: unknown[] }> = [];
  const recorded = Object.fromEntries(
    Object.entries(fakes).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        calls.push({ name, args });
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  );
  const taskQueue = `announce-test-${randomUUID()}`;
  const connection = await NativeConnection.connect({ address: process.env.TEST_TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowBundle: await workflowBundle(),
    activities: recorded,
  });
  const running = worker.run();
  stops.push(async () => {
    worker.shutdown();
    await running;
    await connection.close();
  });
  const workflowId = `announce-test-${randomUUID()}`;
  const handle = await client.workflow.start('orderAnnouncementWorkflow', {
    taskQueue,
    workflowId,
    args: [
      {
        event: { ...event, id: eventId },
        emailRetry: { initialIntervalMs: 10, maximumIntervalMs: 10, maximumAttempts: 3 },
        ...input,
        deliveries,
      } satisfies AnnouncementInput,
    ],
  });
  const result = (await handle.result()) as AnnouncementResult;
  const outcomes = new Map<string, string>();
  for (const [i, d] of deliveries.entries()) {
    const handedOn = result.webhooks[i]?.outcome === 'handed_on';
    const id = deliveryWorkflowId(d.eventId, d.endpointId, d.replay);
    outcomes.set(
      d.deliveryId,
      handedOn ? await client.workflow.getHandle(id).result() : result.webhooks[i].outcome,
    );
  }
  const named = (name: string) => calls.filter((c) => c.name === name).map((c) => c.args[0]);
  return { result, calls, named, outcomes, workflowId, eventId, firstRunId: handle.firstExecutionRunId };
}

test('a first pass with nothing left makes the workflow call no activity', async () => {
  const pass: FirstPass = {
    emails: [{ key: 'k', audience: 'contact', status: 'sent' }],
    webhooks: [{ outcome: 'delivered' }, { outcome: 'delivered' }],
  };
  const { result, calls } = await announce(
    { audiences: ['contact'], deliveries: [delivery(1), delivery(2)], firstPass: pass },
    {},
  );
  expect(calls).toEqual([]);
  expect(result.webhooks).toEqual([
    { deliveryId: 'whd_1', outcome: 'delivered' },
    { deliveryId: 'whd_2', outcome: 'delivered' },
  ]);
  expect(result.emails).toEqual(pass.emails);
});

test('each endpoint goes on from its own next attempt; our own failure repeats no HTTP attempt count', async () => {
  const tries = new Map<string, number[]>();
  const { result, named, outcomes } = await announce(
    {
      audiences: [],
      deliveries: [delivery(1), delivery(2), delivery(3)],
      firstPass: {
        emails: [],
        webhooks: [
          { outcome: 'failed', error: 'HTTP 500' },
          { outcome: 'error', error: 'database down' },
          { outcome: 'failed', error: 'HTTP 503' },
        ],
      },
    },
    {
      sendWebhookAttempt: async (input) => {
        tries.set(input.deliveryId, [...(tries.get(input.deliveryId) ?? []), input.attempt]);
        if (input.deliveryId === 'whd_3') return { outcome: 'failed', error: 'HTTP 503' };
        return { outcome: 'delivered' };
      },
      finishWebhookDelivery: async () => undefined,
    },
  );
  expect(tries.get('whd_1')).toEqual([2]);
  expect(tries.get('whd_2')).toEqual([1]);
  expect(tries.get('whd_3')).toEqual([2, 3, 4, 5]);
  expect(named('finishWebhookDelivery')).toEqual([
    { deliveryId: 'whd_3', replay: 0, status: 'dead', error: 'Attempt 5 failed: HTTP 503' },
  ]);
  expect(result.webhooks.map((w) => w.outcome)).toEqual(['handed_on', 'handed_on', 'handed_on']);
  expect([...outcomes.values()]).toEqual(['delivered', 'delivered', 'dead']);
});

test('deferred e-mails are retried, and settled as failed once retries run out', async () => {
  const { result, named } = await announce(
    {
      audiences: ['contact', 'billing'],
      deliveries: [],
      firstPass: {
        emails: [
          { key: 'c', audience: 'contact', status: 'sent' },
          { key: 'b', audience: 'billing', status: 'deferred', error: 'SMTP 421' },
        ],
        webhooks: [],
      },
    },
    {
      sendDeferredEmails: async () => {
        throw new Error('billing: SMTP 421');
      },
      settleEmailFailed: async () => undefined,
    },
  );
  expect(named('sendDeferredEmails')).toHaveLength(3);
  expect(named('sendDeferredEmails')[0]).toMatchObject({ audiences: ['billing'] });
  expect(named('settleEmailFailed')).toEqual([
    { key: `order:${event.orderId}:invoice`, error: 'billing: SMTP 421' },
  ]);
  expect(result.emails.map((e) => [e.audience, e.status])).toEqual([
    ['contact', 'sent'],
    ['billing', 'failed'],
  ]);
});

describe('started by announceOrderEvent, which made the first pass', () => {
  test('the workflow goes on from the pass it was given, without making one', async () => {
    const { outcomes, named, calls } = await announce(
      {
        audiences: ['contact'],
        deliveries: [delivery(1), delivery(2)],
        firstPass: {
          emails: [{ key: 'c', audience: 'contact', status: 'sent' }],
          webhooks: [{ outcome: 'delivered' }, { outcome: 'failed', error: 'HTTP 500' }],
        },
      },
      { sendWebhookAttempt: async () => ({ outcome: 'delivered' }) },
    );
    expect(calls.map((c) => c.name)).toEqual(['sendWebhookAttempt']);
    expect(named('sendWebhookAttempt')).toEqual([
      expect.objectContaining({ deliveryId: 'whd_2', attempt: 2 }),
    ]);
    expect([...outcomes.values()]).toEqual(['delivered', 'delivered']);
  });

  test('a pass that may have been lost (null) sends every channel its own way from the start', async () => {
    const { result, named, calls, eventId } = await announce(
      { audiences: ['contact'], deliveries: [delivery(1)], firstPass: null },
      {
        sendDeferredEmails: async () => [{ key: 'c', audience: 'contact', status: 'already_sent' }],
        sendWebhookAttempt: async () => ({ outcome: 'delivered' }),
      },
    );
    expect(calls.map((c) => c.name).sort()).toEqual(['sendDeferredEmails', 'sendWebhookAttempt']);
    expect(named('sendWebhookAttempt')).toEqual([
      expect.objectContaining({ deliveryId: 'whd_1', attempt: 1 }),
    ]);
    expect(named('sendDeferredEmails')).toEqual([
      { event: { ...event, id: eventId }, audiences: ['contact'] },
    ]);
    expect(result.emails).toEqual([{ key: 'c', audience: 'contact', status: 'already_sent' }]);
  });
});

test('two hundred endpoints: every one delivered, each run of the announcement under a bounded history', async () => {
  const count = 200;
  const deliveries = Array.from({ length: count }, (_, n) => delivery(n + 1));
  const { outcomes, workflowId, firstRunId } = await announce(
    { audiences: [], deliveries, firstPass: null },
    {
      sendWebhookAttempt: async (input) =>
        input.attempt === 1 ? { outcome: 'failed', error: 'HTTP 503' } : { outcome: 'delivered' },
    },
  );
  expect([...outcomes.values()]).toEqual(Array(count).fill('delivered'));
  // Every run of the chain (continue-as-new after each batch), first to last.
  const lengths: number[] = [];
  let runId = firstRunId;
  for (;;) {
    const { events } = await client.workflow.getHandle(workflowId, runId).fetchHistory();
    lengths.push(events!.length);
    const last = events![events!.length - 1];
    const next = last.workflowExecutionContinuedAsNewEventAttributes?.newExecutionRunId;
    if (!next) break;
    runId = next;
  }
  expect(lengths).toHaveLength(Math.ceil(count / FANOUT_BATCH));
  for (const length of lengths) expect(length).toBeLessThanOrEqual(3 * FANOUT_BATCH + 20);
});
