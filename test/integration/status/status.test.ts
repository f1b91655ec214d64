import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setIntegrationAvailability } from '../../../src/db/integration-health.repository';
import { countUnresolvedDeliveryFailures } from '../../../src/db/incidents.repository';
import { recordAuditEntry, recordOrderEvent } from '../../../src/db/order-records.repository';
import { newId } from '../../../src/ids';
import { outboxMailer } from '../../../src/mail/mailer';
import { openIncident, resolveIncident } from '../../../src/status/incidents';
import { buildSnapshot, createStatusService } from '../../../src/status/status.service';
import { call, createTestOrganisation, type TestApi } from '../../support/harness';
import { seedOrder } from '../../support/orders';
import { startStack, type TestStack } from '../../support/stack';
import { eventually } from '../../support/eventually';

let stack: TestStack;
let api: TestApi;
let taskQueue: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'notices-status-'));
  stack = await startStack({ env: { DATA_DIR: dataDir } });
  ({ api, orderTaskQueue: taskQueue } = stack);
});

afterAll(async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const deps = () => ({ config: api.config, db: api.db, temporal: api.temporal, taskQueue });
const stateOf = async (id: string, d = deps()) =>
  (await buildSnapshot(d)).components.find((c) => c.id === id)!.state;

const until = <T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000) =>
  eventually(read, done, ms, 250);

describe('status derived from live signals', () => {
  test('GET /status.json lists every component; order processing follows the worker pollers', async () => {
    const res = await until(
      () => call(api, 'GET', '/status.json'),
      (r) =>
        r.json.components.find((c: { id: string }) => c.id === 'order_processing').state === 'operational',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.json.components.map((c: { id: string }) => c.id)).toEqual([
      'api',
      'order_processing',
      'database',
      'payments',
      'gazette',
      'newspaper_delivery',
      'webhooks',
    ]);
    expect(res.json.components[0]).toMatchObject({ name: 'API', state: 'operational' });
    expect(res.json.components[3].detail).toContain('sandbox');
    expect(res.json.incidents).toEqual({ open: expect.any(Array), history: expect.any(Array) });

    // A task queue nobody polls: no workers, so order processing is down.
    expect(await stateOf('order_processing', { ...deps(), taskQueue: `idle-${randomUUID()}` })).toBe(
      'outage',
    );
  });

  test('the Gazette health state that drives gazette_unavailable drives the gazette component', async () => {
    await setIntegrationAvailability(api.db, 'gazette', false, 'planned maintenance');
    try {
      const snapshot = await buildSnapshot(deps());
      expect(snapshot.components.find((c) => c.id === 'gazette')).toMatchObject({
        state: 'outage',
        detail: expect.stringContaining('planned maintenance'),
      });
      expect(snapshot.status).toBe('outage');
    } finally {
      await setIntegrationAvailability(api.db, 'gazette', true);
    }
    expect(await stateOf('gazette')).toBe('operational');
  });

  test('a failed artwork delivery counts until the order is delivered or marked delivered', async () => {
    const org = await createTestOrganisation(api.db);
    const order = await seedOrder(api.db, org.id, { createdAt: new Date(), status: 'awaiting_booking' });
    const before = await countUnresolvedDeliveryFailures(api.db, new Date(Date.now() - 86_400_000));
    const failedAt = new Date(Date.now() - 60_000).toISOString();
    await recordOrderEvent(api.db, {
      id: newId('evt'),
      orderId: order.id,
      organisationId: org.id,
      livemode: true,
      event: 'order.delivery_failed',
      sequence: 1,
      createdAt: failedAt,
      data: {},
    });
    const since = new Date(Date.now() - 86_400_000);
    expect(await countUnresolvedDeliveryFailures(api.db, since)).toBe(before + 1);
    expect(await stateOf('newspaper_delivery')).not.toBe('operational');
    await recordAuditEntry(api.db, {
      id: `aud_${randomUUID().replace(/-/g, '')}`,
      orderId: order.id,
      organisationId: org.id,
      action: 'marked_delivered',
      actor: 'operator',
      reason: null,
      details: {},
      createdAt: new Date().toISOString(),
    });
    expect(await countUnresolvedDeliveryFailures(api.db, since)).toBe(before);
  });

  test('snapshots are cached for a few seconds', async () => {
    const service = createStatusService({ ...deps(), cacheMs: 60_000 });
    const first = await service.snapshot();
    expect(await service.snapshot()).toBe(first);
    const fresh = createStatusService({ ...deps(), cacheMs: 0 });
    expect(await fresh.snapshot()).not.toBe(await fresh.snapshot());
  });
});

describe('incidents on the status page', () => {
  test('an open incident degrades its components and shows; after resolution it moves to the history', async () => {
    const incidentDeps = {
      config: api.config,
      db: api.db,
      mailer: outboxMailer(path.join(dataDir, 'outbox'), 'n@x.test'),
    };
    const title = `Payments <slow> & "retrying" ${randomUUID().slice(0, 6)}`;
    const { incident } = await openIncident(incidentDeps, {
      title,
      components: ['payments'],
      message: 'Card payments take longer than usual.',
    });
    const during = await buildSnapshot(deps());
    expect(during.components.find((c) => c.id === 'payments')).toMatchObject({
      state: 'degraded',
      incidents: [incident.id],
    });
    expect(during.incidents.open.map((i) => i.id)).toContain(incident.id);

    const html = await until(
      () => call(api, 'GET', '/status'),
      (r) => r.text.includes(incident.id),
    );
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.text).not.toContain('<script');
    expect(html.text).not.toContain(title);
    expect(html.text).toContain(
      title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'),
    );

    await resolveIncident(incidentDeps, incident.id, 'Payments are back to normal.');
    const after = await buildSnapshot(deps());
    expect(after.incidents.open.map((i) => i.id)).not.toContain(incident.id);
    const resolved = after.incidents.history.find((i) => i.id === incident.id)!;
    expect(resolved.updates.map((u) => u.kind)).toEqual(['opened', 'resolved']);
    expect(after.components.find((c) => c.id === 'payments')!.incidents).not.toContain(incident.id);
  });

  test('/status answers without authentication, and other methods are refused', async () => {
    expect(
      (await call(api, 'GET', '/status', { headers: { Authorization: 'Bearer nonsense' } })).status,
    ).toBe(200);
    const post = await call(api, 'POST', '/status.json');
    expect(post.status).toBe(405);
  });
});
