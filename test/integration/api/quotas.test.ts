import { randomUUID } from 'node:crypto';
import { call, createTestKey, createTestOrganisation, testConfig } from '../../support/harness';
import { recordTestEvent } from '../webhooks/support';
import { ensureDelivery, listDeliveries } from '../../../src/db/webhook-deliveries.repository';
import { createWebhookEndpoint } from '../../../src/db/webhook-endpoints.repository';
import { replayEvent } from '../../../src/temporal/webhook-deliveries';
import { validOrderBody } from '../../support/notice-bodies';
import { runNotices } from '../../support/notices-cli';
import { startStack, type TestStack } from '../../support/stack';
import { AppError } from '../../../src/errors';
import { isQuotaRefusal, QuotaExceeded, windowOf } from '../../../src/quotas/quotas';
import { useWindowQuotas } from '../../../src/quotas/usage';
import { OPERATOR } from '../../../src/settings/services/actor';
import {
  createOrganisationKey,
  revokeOrganisationKey,
} from '../../../src/settings/services/api-keys.service';
import { createEndpoint, deleteEndpoint } from '../../../src/settings/services/webhooks.service';

const ENV = {
  QUOTA_WEBHOOK_ENDPOINTS: '3',
  QUOTA_API_KEYS: '2',
  QUOTA_TEST_ORDERS_PER_MINUTE: '2',
  RATE_LIMIT_PER_KEY_PER_MINUTE: '4',
  RATE_LIMIT_PER_ORGANISATION_PER_MINUTE: '6',
};

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ env: ENV });
});
afterAll(async () => {
  await stack?.stop();
});

const deps = () => ({ db: stack.api.db, config: stack.api.config });
const hook = (n: number) => `http://127.0.0.1:9/hook-${n}`;

/** The quota refusal a call ends with (it must refuse). */
async function refusal(p: Promise<unknown>): Promise<AppError | QuotaExceeded> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isQuotaRefusal(err)) throw new Error(`expected a quota refusal, got ${String(err)}`);
  return err;
}

describe('webhook endpoints per organisation and mode', () => {
  it('refuses the one past the quota naming it, per mode, and again after a delete', async () => {
    const org = await createTestOrganisation(stack.api.db);
    const created = [];
    for (let i = 0; i < 3; i++) {
      created.push(
        await createEndpoint(deps(), OPERATOR, { organisationId: org.id, url: hook(i), mode: 'test' }),
      );
    }
    const err = await refusal(
      createEndpoint(deps(), OPERATOR, { organisationId: org.id, url: hook(3), mode: 'test' }),
    );
    expect(err).toBeInstanceOf(QuotaExceeded);
    expect(err.details).toEqual({ quota: 'webhook_endpoints', limit: 3, mode: 'test', used: 3 });

    // The live mode has its own quota; a deleted endpoint frees its place.
    await createEndpoint(deps(), OPERATOR, {
      organisationId: org.id,
      url: 'https://example.com/h',
      mode: 'live',
    });
    await deleteEndpoint(deps(), OPERATOR, created[0]!.endpoint.id);
    await createEndpoint(deps(), OPERATOR, { organisationId: org.id, url: hook(4), mode: 'test' });
  });

  it('lets concurrent creations at the limit create exactly the quota', async () => {
    const org = await createTestOrganisation(stack.api.db);
    const outcomes = await Promise.allSettled(
      [0, 1, 2, 3, 4, 5].map((i) =>
        createEndpoint(deps(), OPERATOR, { organisationId: org.id, url: hook(i), mode: 'test' }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused.map((o) => (o.reason as QuotaExceeded).details.quota)).toEqual([
      'webhook_endpoints',
      'webhook_endpoints',
      'webhook_endpoints',
    ]);
  });

  it('is enforced for the CLI too: one line naming the quota, exit 1', async () => {
    const org = await createTestOrganisation(stack.api.db);
    const env = { QUOTA_WEBHOOK_ENDPOINTS: '1' };
    const create = (n: number) =>
      runNotices(env, 'webhook', 'create', '--org', org.id, '--url', hook(n), '--mode', 'test');
    expect(create(0).code).toBe(0);
    const refused = create(1);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      'Quota webhook_endpoints reached: an organisation may have at most 1 webhook endpoints in test mode. Remove one first.',
    );
  });
});

describe('API keys per organisation and mode', () => {
  it('counts active keys only: a revoked key frees its place', async () => {
    const org = await createTestOrganisation(stack.api.db);
    const key = (mode: string) =>
      createOrganisationKey({ db: stack.api.db, quotas: stack.api.config.quotas }, OPERATOR, {
        organisationId: org.id,
        mode,
        scopes: ['orders:read'],
      });
    const first = await key('live');
    await key('live');
    const err = await refusal(key('live'));
    expect(err.details).toMatchObject({ quota: 'api_keys', limit: 2, mode: 'live' });
    await key('test');
    await revokeOrganisationKey(stack.api.db, OPERATOR, first.record.id);
    await key('live');
  });
});

/**
 * Runs `scenario` until it ran inside one window of the quota (a run that crosses a window's end is run
 * again, with fresh organisations), so the test never depends on when in the minute it starts.
 */
async function withinOneWindow<T>(quota: 'test_orders_per_minute', scenario: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const before = windowOf(quota, new Date()).start.getTime();
    const result = await scenario();
    if (windowOf(quota, new Date()).start.getTime() === before || attempt === 2) return result;
  }
}

describe('test orders per organisation', () => {
  it('answers the order past the quota 429 rate_limit_exceeded naming it, with Retry-After; live orders are not counted', async () => {
    const { statuses, refused, liveStatus } = await withinOneWindow('test_orders_per_minute', async () => {
      const org = await createTestOrganisation(stack.api.db);
      const [a, b] = [
        await createTestKey(stack.api.db, org.id, undefined, 'test'),
        await createTestKey(stack.api.db, org.id, undefined, 'test'),
      ];
      const live = await createTestKey(stack.api.db, org.id, undefined, 'live');
      const place = (key: string) =>
        call(stack.api, 'POST', '/api/v1/orders', { key, body: validOrderBody('hgv') });
      const statuses = [(await place(a.key)).status, (await place(b.key)).status];
      const refused = await place(b.key);
      const liveStatus = (await place(live.key)).status;
      return { statuses, refused, liveStatus };
    });
    expect(statuses).toEqual([201, 201]);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      code: 'rate_limit_exceeded',
      details: { quota: 'test_orders_per_minute', limit: 2, mode: 'test', windowSeconds: 60 },
    });
    expect(refused.json.error).toContain('Quota test_orders_per_minute reached');
    expect(Number(refused.headers.get('retry-after'))).toBe(refused.json.details.retryAfterSeconds);
    expect(liveStatus).toBe(201);
  });

  it('does not count an order refused for its body', async () => {
    const org = await createTestOrganisation(stack.api.db);
    const { key } = await createTestKey(stack.api.db, org.id, undefined, 'test');
    const bad = await call(stack.api, 'POST', '/api/v1/orders', { key, body: { type: 'hgv' } });
    expect(bad.status).toBe(400);
    const now = new Date();
    // Both uses are still there to take (all or none: two fit, a third does not).
    await useWindowQuotas(stack.api.db, stack.api.config.quotas, ['test_orders_per_minute'], org.id, 'test', {
      amount: 2,
      now,
    });
    const err = await refusal(
      useWindowQuotas(stack.api.db, stack.api.config.quotas, ['test_orders_per_minute'], org.id, 'test', {
        now,
      }),
    );
    expect(err.details).toMatchObject({ quota: 'test_orders_per_minute' });
  });
});

describe('requests per organisation', () => {
  it("refuses past the organisation's limit whichever of its keys asks, naming the quota; other organisations are untouched", async () => {
    const org = await createTestOrganisation(stack.api.db);
    const keys = await Promise.all([0, 1].map(() => createTestKey(stack.api.db, org.id, ['orders:read'])));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call(stack.api, 'GET', '/api/v1/orders', { key: keys[i % 2]!.key })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const third = await createTestKey(stack.api.db, org.id, ['orders:read']);
    const refused = await call(stack.api, 'GET', '/api/v1/orders', { key: third.key });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      code: 'rate_limit_exceeded',
      details: { quota: 'requests_per_minute', limit: 6, windowSeconds: 60 },
    });
    expect(refused.headers.get('ratelimit-policy')).toBe('"organisation";q=6;w=60');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // The same organisation's test mode, and another organisation, have budgets of their own.
    const test = await createTestKey(stack.api.db, org.id, ['orders:read'], 'test');
    expect((await call(stack.api, 'GET', '/api/v1/orders', { key: test.key })).status).toBe(200);
    const other = await createTestOrganisation(stack.api.db);
    const otherKey = await createTestKey(stack.api.db, other.id, ['orders:read']);
    const ok = await call(stack.api, 'GET', '/api/v1/orders', { key: otherKey.key });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ratelimit-policy')).toBe('"api-key";q=4;w=60');
  });
});

describe('webhook replays per organisation and mode', () => {
  it('refuses a batch past the quota whole, starting nothing, and replays within it', async () => {
    const { db } = stack.api;
    const config = testConfig({ ...ENV, QUOTA_REPLAYS_PER_HOUR: '2' });
    const org = await createTestOrganisation(db);
    const event = await recordTestEvent(db, org.id, 'order.booked');
    const endpoints = [];
    for (let i = 0; i < 3; i++) {
      const { endpoint } = await createWebhookEndpoint(db, config.webhooks.encryptionKey, {
        organisationId: org.id,
        url: hook(i),
        mode: 'test',
        events: ['order.booked'],
      });
      endpoints.push(endpoint);
      await ensureDelivery(db, {
        eventId: event.id,
        endpointId: endpoint.id,
        organisationId: org.id,
        event: event.event,
      });
    }
    await db
      .updateTable('webhook_deliveries')
      .set({ status: 'dead' })
      .where('event_id', '=', event.id)
      .execute();
    // A task queue no worker polls: replays start, and wait there.
    const deps = { db, client: stack.api.temporal, config, taskQueue: `replays-${randomUUID()}` };

    const err = await refusal(replayEvent(deps, { eventId: event.id }));
    expect(err.details).toMatchObject({
      quota: 'replays_per_hour',
      limit: 2,
      mode: 'test',
      windowSeconds: 3600,
    });
    expect(err.message).toContain('(3 asked at once)');
    const untouched = await listDeliveries(db, { eventId: event.id });
    expect(untouched.map((d) => d.replays)).toEqual([0, 0, 0]);

    const one = await replayEvent(deps, { eventId: event.id, endpointId: endpoints[0]!.id });
    expect(one).toEqual([expect.objectContaining({ replayed: true })]);
  });
});
