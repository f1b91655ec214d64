import { Client, Connection } from '@temporalio/client';
import Stripe from 'stripe';
import type { WebhookDeps } from '../../../src/activities/webhooks';
import type { Config } from '../../../src/config';
import { createDatabase, type Db } from '../../../src/db/database';
import { listAttempts, listDeliveries } from '../../../src/db/webhook-deliveries.repository';
import { createWebhookEndpoint, deleteWebhookEndpoint } from '../../../src/db/webhook-endpoints.repository';
import { webhooks } from '../../../sdk/src';
import { createLogger } from '../../../src/logger';
import { ORDER_EVENTS, type OrderEventName } from '../../../src/orders/events';
import { deliveryWorkflowId, OWN_FAILURE_ALERT_AFTER_TRIES } from '../../../src/webhooks/delivery';
import type { WebhookEnvelope } from '../../../src/webhooks/envelope';
import { DEFAULT_WEBHOOK_EVENTS } from '../../../src/webhooks/events';
import { createTestOrganisation, testConfig } from '../../support/harness';
import { startTestWorker, type TestWorker } from '../../support/worker';
import {
  dispatchWebhooks,
  eventually,
  notices,
  recordTestEvent,
  startReceiver,
  type Receiver,
} from './support';

/** The spec's schedule shortened 200-fold in shape: waits of 0.3, 0.6, 0.9 and 1.2 s. */
const WEBHOOK_ENV = { WEBHOOK_RETRY_SCHEDULE_MS: '0,300,600,900,1200', WEBHOOK_TIMEOUT_MS: '1500' };

/** `notices webhook create` for the organisation's endpoint at `url`. */
const createEndpoint = (orgId: string, url: string, ...args: string[]) =>
  notices(WEBHOOK_ENV, 'webhook', 'create', '--org', orgId, '--url', url, ...args);

let config: Config;
let db: Db;
let temporal: Client;
let worker: TestWorker;
let deps: WebhookDeps;
const receivers: Receiver[] = [];

beforeAll(async () => {
  config = testConfig(WEBHOOK_ENV);
  db = createDatabase(config.databaseUrl!, 5).db;
  temporal = new Client({ connection: await Connection.connect({ address: config.temporalAddress }) });
  deps = { config, db, log: createLogger('silent'), temporal };
  worker = await startTestWorker(deps);
});

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await worker?.stop();
  await temporal?.connection.close();
  await db?.destroy();
});

async function receiver(answer?: Parameters<typeof startReceiver>[0]) {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
}

async function endpoint(
  organisationId: string,
  url: string,
  opts: { events?: string[]; mode?: 'live' | 'test' } = {},
) {
  return createWebhookEndpoint(db, config.webhooks.encryptionKey, {
    organisationId,
    url,
    mode: opts.mode ?? 'test',
    events: opts.events ?? [...ORDER_EVENTS],
  });
}

/** Records an event and dispatches it exactly as the order workflow's recordEvent activity does. */
async function emit(
  organisationId: string,
  event: OrderEventName,
  opts: { livemode?: boolean; queue?: string } = {},
) {
  const record = await recordTestEvent(db, organisationId, event, opts);
  await dispatchWebhooks(deps, record, opts.queue ?? worker.taskQueue);
  return record;
}

const header = (r: { headers: Record<string, unknown> }) => r.headers['x-service-signature'] as string;
const envelopeOf = (r: { rawBody: string }) => JSON.parse(r.rawBody) as WebhookEnvelope;

async function deliveryOf(eventId: string, done: (status: string) => boolean = () => true) {
  const [d] = await eventually(
    () => listDeliveries(db, { eventId }),
    (ds) => ds.length > 0 && done(ds[0].status),
  );
  return d;
}

describe('webhook delivery', () => {
  it('delivers every event type with the spec headers, envelope and a signature stripe accepts', async () => {
    const org = await createTestOrganisation(db);
    const r = await receiver();
    const { secret } = await endpoint(org.id, r.url);
    const sent = [];
    for (const name of ORDER_EVENTS) sent.push(await emit(org.id, name));

    await eventually(
      () => r.received.length,
      (n) => n >= ORDER_EVENTS.length,
    );
    expect(r.received).toHaveLength(ORDER_EVENTS.length);
    for (const req of r.received) {
      expect(req.headers['content-type']).toBe('application/json');
      expect(header(req)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = Stripe.webhooks.constructEvent(
        req.rawBody,
        header(req),
        secret,
      ) as unknown as WebhookEnvelope;
      expect(webhooks.constructEvent(req.rawBody, header(req), secret)).toBeTruthy();
      expect(req.headers['x-service-event']).toBe(event.event);
      expect(Object.keys(event)).toEqual(['id', 'event', 'createdAt', 'data']);
      const original = sent.find((e) => e.id === event.id)!;
      expect(event).toEqual({
        id: original.id,
        event: original.event,
        createdAt: original.createdAt,
        data: original.data,
      });
      expect(event.id).toMatch(/^evt_/);
      expect(event.data.object).toMatchObject({ id: original.orderId });
    }
    expect(new Set(r.received.map((q) => envelopeOf(q).event))).toEqual(new Set(ORDER_EVENTS));
    const published = r.received.map(envelopeOf).find((e) => e.event === 'order.published')!;
    expect(Object.keys(published.data)).toEqual(
      expect.arrayContaining([
        'orderId',
        'reference',
        'status',
        'type',
        'publishedAt',
        'certificateUrl',
        'object',
      ]),
    );
    const deliveries = await eventually(
      () => listDeliveries(db, { organisationId: org.id }),
      (ds) => ds.every((d) => d.status === 'delivered'),
    );
    expect(deliveries.map((d) => [d.status, d.attempts])).toEqual(ORDER_EVENTS.map(() => ['delivered', 1]));
  });

  it("sends each endpoint only its event types, and only events of the endpoint's mode", async () => {
    const org = await createTestOrganisation(db);
    const [a, b, live] = [await receiver(), await receiver(), await receiver()];
    await endpoint(org.id, a.url, { events: ['order.created'] });
    await endpoint(org.id, b.url, { events: ['order.booked', 'order.cancelled'] });
    const liveEndpoint = await endpoint(org.id, live.url.replace('http:', 'https:'), { mode: 'live' });
    const created = await emit(org.id, 'order.created');
    const booked = await emit(org.id, 'order.booked');
    const amended = await emit(org.id, 'order.amended');
    const liveEvent = await emit(org.id, 'order.created', { livemode: true });

    // Each event's deliveries are recorded before `emit` answers; once each is delivered, nothing more is sent.
    await deliveryOf(created.id, (s) => s === 'delivered');
    await deliveryOf(booked.id, (s) => s === 'delivered');
    expect(await listDeliveries(db, { eventId: amended.id })).toEqual([]);
    expect(a.received.map((q) => envelopeOf(q).id)).toEqual([created.id]);
    expect(b.received.map((q) => envelopeOf(q).id)).toEqual([booked.id]);
    expect((await listDeliveries(db, { eventId: liveEvent.id })).map((d) => d.endpointId)).toEqual([
      liveEndpoint.endpoint.id,
    ]);
    await deleteWebhookEndpoint(db, liveEndpoint.endpoint.id); // its https attempts to a plain-http port fail
  });

  it('retries on the (shortened) schedule, records every attempt and keeps the event id', async () => {
    const org = await createTestOrganisation(db);
    const r = await receiver((n) =>
      n <= 2 ? { status: 500, body: n === 1 ? 'x'.repeat(5000) : 'nope' } : { status: 204 },
    );
    await endpoint(org.id, r.url);
    // Waits long enough to tell apart despite the server's timer granularity (up to about a second).
    const schedule = testConfig({ ...WEBHOOK_ENV, WEBHOOK_RETRY_SCHEDULE_MS: '0,1000,4000,100,100' });
    const event = await recordTestEvent(db, org.id, 'order.booked');
    await dispatchWebhooks({ ...deps, config: schedule }, event, worker.taskQueue);

    const delivery = await deliveryOf(event.id, (s) => s === 'delivered');
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, nextAttemptAt: null });
    expect(r.received.map((q) => envelopeOf(q).id)).toEqual([event.id, event.id, event.id]);
    const gaps = [r.received[1].at - r.received[0].at, r.received[2].at - r.received[1].at];
    expect(gaps[0]).toBeGreaterThanOrEqual(990);
    expect(gaps[0]).toBeLessThan(2600);
    expect(gaps[1]).toBeGreaterThanOrEqual(3990);
    expect(gaps[1]).toBeLessThan(5600);

    const attempts = await listAttempts(db, delivery.id);
    expect(attempts.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 500, 'HTTP 500'],
      [3, 204, null],
    ]);
    expect(attempts[0].responseExcerpt).toHaveLength(1024);
    expect(attempts[1].responseExcerpt).toBe('nope');
    for (const a of attempts) expect(a.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('dead-letters a delivery after five failures; replay delivers it with the same event id', async () => {
    const org = await createTestOrganisation(db);
    let up = false;
    const r = await receiver(() => (up ? { status: 200 } : { status: 503, body: 'down' }));
    const { endpoint: ep, secret } = await endpoint(org.id, r.url);
    const since = new Date(Date.now() - 1000).toISOString();
    const first = await emit(org.id, 'order.created');
    const second = await emit(org.id, 'order.published');

    for (const e of [first, second])
      expect(await deliveryOf(e.id, (s) => s === 'dead')).toMatchObject({ status: 'dead', attempts: 5 });
    expect(r.received).toHaveLength(10);
    const env = { ...WEBHOOK_ENV, TEMPORAL_TASK_QUEUE: worker.taskQueue };
    const dead = notices(env, 'webhook', 'deliveries', '--org', org.id, '--status', 'dead');
    expect(dead.code).toBe(0);
    expect(
      dead
        .json()
        .map((d: { eventId: string }) => d.eventId)
        .sort(),
    ).toEqual([first.id, second.id].sort());

    up = true;
    const replay = notices(env, 'webhook', 'replay', first.id);
    expect(replay.stderr).toBe('');
    expect(replay.json()).toEqual([
      expect.objectContaining({ replayed: true, workflowId: `webhook:${first.id}:${ep.id}:replay:1` }),
    ]);
    expect(await deliveryOf(first.id, (s) => s === 'delivered')).toMatchObject({ replays: 1, attempts: 6 });
    const redelivered = r.received[10];
    expect(envelopeOf(redelivered).id).toBe(first.id);
    expect(Stripe.webhooks.constructEvent(redelivered.rawBody, header(redelivered), secret)).toMatchObject({
      id: first.id,
    });

    const bulk = notices(env, 'webhook', 'replay', '--org', org.id, '--since', since);
    expect(bulk.json()).toEqual([expect.objectContaining({ eventId: second.id, replayed: true })]);
    expect(await deliveryOf(second.id, (s) => s === 'delivered')).toMatchObject({ replays: 1 });
    expect(r.received.slice(10).map((q) => envelopeOf(q).id)).toEqual([first.id, second.id]);
    const left = notices(env, 'webhook', 'deliveries', '--org', org.id, '--status', 'dead');
    expect(left.json()).toEqual([]);
  });

  it('our own failures use none of the receiver’s attempts: a delivery held up by them goes out on attempt 1', async () => {
    const org = await createTestOrganisation(db);
    const r = await receiver();
    const { endpoint: ep } = await endpoint(org.id, r.url);
    const { secret } = await db
      .selectFrom('webhook_endpoints')
      .select('secret')
      .where('id', '=', ep.id)
      .executeTakeFirstOrThrow();
    // A secret that cannot be decrypted: our failure, not the receiver's (as a database outage would be).
    await db
      .updateTable('webhook_endpoints')
      .set({ secret: 'not-a-secret' })
      .where('id', '=', ep.id)
      .execute();
    const event = await emit(org.id, 'order.created');

    // Our failure retried until operators are alerted (1 s, then 2 s apart): longer than the whole shortened
    // schedule, so a rule that spent the receiver's attempts on it would have dead-lettered it by now.
    const [delivery] = await listDeliveries(db, { eventId: event.id });
    const workflow = temporal.workflow.getHandle(deliveryWorkflowId(event.id, delivery!.endpointId, 0));
    const tries = async () => (await workflow.describe()).raw.pendingActivities?.[0]?.attempt ?? 0;
    expect(await eventually(tries, (n) => n >= OWN_FAILURE_ALERT_AFTER_TRIES)).toBeGreaterThanOrEqual(
      OWN_FAILURE_ALERT_AFTER_TRIES,
    );
    const held = await deliveryOf(event.id);
    expect(held).toMatchObject({ status: 'pending', attempts: 0 });
    expect(r.received).toHaveLength(0);

    await db.updateTable('webhook_endpoints').set({ secret }).where('id', '=', ep.id).execute();
    const delivered = await deliveryOf(event.id, (s) => s === 'delivered');
    expect(delivered).toMatchObject({ attempts: 1 });
    expect((await listAttempts(db, delivered.id)).map((a) => a.attempt)).toEqual([1]);
    expect(r.received).toHaveLength(1);
  });

  it('a hanging receiver does not hold up another endpoint', async () => {
    const org = await createTestOrganisation(db);
    const hanging = await receiver(() => 'hang');
    const fine = await receiver();
    const slow = await endpoint(org.id, hanging.url);
    await endpoint(org.id, fine.url);
    const event = await emit(org.id, 'order.created');

    await eventually(
      () => fine.received.length + hanging.received.length,
      (n) => n >= 2,
      5000,
    );
    expect(fine.received).toHaveLength(1);
    // The fine receiver has answered; its delivery is recorded as delivered just after.
    const deliveries = await eventually(
      () => listDeliveries(db, { eventId: event.id }),
      (ds) => ds.some((d) => d.endpointId !== slow.endpoint.id && d.status === 'delivered'),
    );
    const status = (id: string) => deliveries.find((d) => d.endpointId === id)?.status;
    expect(deliveries).toHaveLength(2);
    expect(await deliveryOf(event.id)).toBeDefined();
    expect(deliveries.find((d) => d.endpointId !== slow.endpoint.id)?.status).toBe('delivered');
    expect(status(slow.endpoint.id)).toBe('pending');
    const slowDelivery = deliveries.find((d) => d.endpointId === slow.endpoint.id)!;
    await eventually(
      () => listAttempts(db, slowDelivery.id),
      (a) => a.length > 0,
      5000,
    );
    expect((await listAttempts(db, slowDelivery.id))[0].error).toMatch(/No answer within 1500 ms/);
    await deleteWebhookEndpoint(db, slow.endpoint.id);
  });

  it("an endpoint that accepts and never answers, all its slots held, delays no other tenant's endpoint; it times out and is retried", async () => {
    const [a, b] = [await createTestOrganisation(db), await createTestOrganisation(db)];
    const hanging = await receiver(() => 'hang');
    const fine = await receiver();
    const slow = await endpoint(a.id, hanging.url);
    await endpoint(b.id, fine.url);
    // A's attempts wait 4 s for an answer (the time-out is in each delivery's input): long enough that B's
    // delivery, started after A's hangs, is over well before any of A's attempts has timed out.
    const patient = { ...deps, config: { ...config, webhooks: { ...config.webhooks, timeoutMs: 4000 } } };
    const perEndpoint = config.webhooks.maxInFlightPerEndpoint;
    const aEvents = [];
    for (let i = 0; i < perEndpoint; i++) {
      const record = await recordTestEvent(db, a.id, 'order.created');
      await dispatchWebhooks(patient, record, worker.taskQueue);
      aEvents.push(record);
    }
    // Every slot of A's endpoint is held by a connection that will not answer.
    await eventually(
      () => hanging.received.length,
      (n) => n >= perEndpoint,
    );
    expect(hanging.received).toHaveLength(perEndpoint);

    const bEvent = await emit(b.id, 'order.created');
    expect(await deliveryOf(bEvent.id, (s) => s === 'delivered')).toMatchObject({ attempts: 1 });
    expect(fine.received.map((q) => envelopeOf(q).id)).toEqual([bEvent.id]);
    // B was delivered while A's first attempts still hung: none of them has timed out and been recorded yet.
    const aDeliveries = await listDeliveries(db, { organisationId: a.id });
    expect(aDeliveries.map((d) => d.attempts)).toEqual(aEvents.map(() => 0));

    // A's attempt times out and is recorded as the receiver's failure; the delivery tries again.
    const firstEventId = envelopeOf(hanging.received[0]!).id;
    const first = aDeliveries.find((d) => d.eventId === firstEventId)!;
    const attempts = await eventually(
      () => listAttempts(db, first.id),
      (list) => list.length >= 1,
    );
    expect(attempts[0]).toMatchObject({ attempt: 1, statusCode: null });
    expect(attempts[0]!.error).toMatch(/No answer within 4000 ms/);
    const tries = (eventId: string) => hanging.received.filter((q) => envelopeOf(q).id === eventId).length;
    expect(
      await eventually(
        () => tries(first.eventId),
        (n) => n >= 2,
      ),
    ).toBeGreaterThanOrEqual(2);
    await deleteWebhookEndpoint(db, slow.endpoint.id);
  });

  it('does not follow redirects', async () => {
    const org = await createTestOrganisation(db);
    const target = await receiver();
    const r = await receiver(() => ({ status: 302, headers: { Location: target.url } }));
    const ep = await endpoint(org.id, r.url);
    const event = await emit(org.id, 'order.created');
    const delivery = await deliveryOf(event.id, (s) => s === 'failed');
    await deleteWebhookEndpoint(db, ep.endpoint.id);
    expect((await listAttempts(db, delivery.id))[0]).toMatchObject({ statusCode: 302, error: 'HTTP 302' });
    // The attempt is recorded once its request has answered: a redirect followed would have reached the target.
    expect(target.received).toHaveLength(0);
  });

  it('stops delivering to an endpoint deleted while a delivery is pending', async () => {
    const org = await createTestOrganisation(db);
    const r = await receiver(() => 'hang');
    const ep = await endpoint(org.id, r.url);
    const event = await emit(org.id, 'order.created');
    await eventually(
      () => r.received.length,
      (n) => n >= 1,
    );
    const deleted = notices(WEBHOOK_ENV, 'webhook', 'delete', ep.endpoint.id);
    expect(deleted.json()).toMatchObject({ id: ep.endpoint.id, deletedAt: expect.any(String) });
    expect(await deliveryOf(event.id, (s) => s === 'cancelled')).toMatchObject({
      status: 'cancelled',
      attempts: 1,
    });
    expect(r.received).toHaveLength(1);
    expect(notices(WEBHOOK_ENV, 'webhook', 'list', '--org', org.id).json()).toEqual([]);
  });
});

describe('webhook endpoints through the CLI', () => {
  it('shows the secret once, lists without secrets, and signs with both secrets after a rotation', async () => {
    const org = await createTestOrganisation(db);
    const r = await receiver();
    const created = createEndpoint(org.id, r.url, '--mode', 'test', '--events', 'order.created');
    expect(created.code).toBe(0);
    const { id, secret: oldSecret, events } = created.json();
    expect(id).toMatch(/^whe_/);
    expect(oldSecret).toMatch(/^whsec_/);
    expect(events).toEqual(['order.created']);
    const listed = notices(WEBHOOK_ENV, 'webhook', 'list', '--org', org.id);
    expect(listed.json()).toEqual([expect.objectContaining({ id, url: r.url })]);
    expect(listed.stdout).not.toContain(oldSecret);
    const allEvents = createEndpoint(org.id, r.url, '--mode', 'test');
    expect(allEvents.json().events).toEqual([...DEFAULT_WEBHOOK_EVENTS]);
    notices(WEBHOOK_ENV, 'webhook', 'delete', allEvents.json().id);

    const rotated = notices(WEBHOOK_ENV, 'webhook', 'rotate-secret', id).json();
    expect(rotated.secret).not.toBe(oldSecret);
    expect(Date.parse(rotated.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);

    await emit(org.id, 'order.created');
    await eventually(
      () => r.received.length,
      (n) => n >= 1,
    );
    const h = header(r.received[0]);
    expect(h).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    for (const s of [oldSecret, rotated.secret]) {
      expect(Stripe.webhooks.constructEvent(r.received[0].rawBody, h, s)).toBeTruthy();
    }
  });

  it('refuses bad registrations', () => {
    const cases = [
      ['--url', 'http://hooks.example.com/x', '--mode', 'live'],
      ['--url', 'https://user:pw@hooks.example.com/x'],
      ['--url', 'https://hooks.example.com/x', '--events', 'order.shipped'],
    ];
    for (const args of cases) {
      const res = notices(WEBHOOK_ENV, 'webhook', 'create', '--org', 'org_missing', ...args);
      expect(res.code).not.toBe(0);
      expect(res.stderr.trim().split('\n')).toHaveLength(1);
    }
    const privateRefused = notices(
      { ...WEBHOOK_ENV, WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'false' },
      'webhook',
      'create',
      '--org',
      'org_x',
      '--url',
      'https://127.0.0.1/x',
    );
    expect(privateRefused.code).not.toBe(0);
  });
});

describe('webhook destinations without private addresses allowed (production rules)', () => {
  let strict: TestWorker;
  beforeAll(async () => {
    const strictConfig = testConfig({ ...WEBHOOK_ENV, WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'false' });
    strict = await startTestWorker({ config: strictConfig, db, log: createLogger('silent'), temporal });
  });
  afterAll(() => strict?.stop());

  it('refuses live-mode endpoints that resolve to, or are, private addresses: at connect time', async () => {
    const org = await createTestOrganisation(db);
    const r = await receiver();
    const byName = await endpoint(org.id, `https://localhost:${r.port}/hooks`, { mode: 'live' });
    const literal = await endpoint(org.id, `https://127.0.0.1:${r.port}/hooks`, { mode: 'live' });
    const event = await emit(org.id, 'order.created', { livemode: true, queue: strict.taskQueue });

    const deliveries = await eventually(
      () => listDeliveries(db, { eventId: event.id }),
      (ds) => ds.length === 2 && ds.every((d) => d.attempts >= 2),
    );
    for (const d of deliveries) {
      const attempts = await listAttempts(db, d.id);
      expect(attempts[0]).toMatchObject({
        statusCode: null,
        error: expect.stringMatching(/^Destination refused: .*(private|loopback)/),
      });
    }
    await deleteWebhookEndpoint(db, byName.endpoint.id);
    await deleteWebhookEndpoint(db, literal.endpoint.id);
    expect(r.received).toHaveLength(0);
  });
});
