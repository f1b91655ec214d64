import type { Client } from 'pg';
import { withClient } from '../../support/database';
import { eventually } from '../../support/eventually';
import { validOrderBody } from '../../support/notice-bodies';
import { call, startTestApi, type TestApi } from '../../support/harness';
import { startStackWithCustomer, type TestStack } from '../../support/stack';

/**
 * A failing dependency answers 503 service_unavailable with Retry-After on every endpoint, never a hang or a
 * 500: PostgreSQL unreachable, too slow, or its connections killed; Temporal unreachable.
 */
let stack: TestStack;
let key: string;

beforeAll(async () => {
  ({ stack, key } = await startStackWithCustomer({ worker: false }));
});
afterAll(() => stack.stop());

function expectUnavailable(res: Awaited<ReturnType<typeof call>>, retryAfter = '5') {
  expect(res.status).toBe(503);
  expect(res.json.code).toBe('service_unavailable');
  expect(typeof res.json.error).toBe('string');
  expect(res.headers.get('retry-after')).toBe(retryAfter);
}

function withApplicationName(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('application_name', name);
  return url.toString();
}

const admin = <T>(work: (client: Client) => Promise<T>) => withClient(undefined, work);

describe('PostgreSQL unreachable', () => {
  let broken: TestApi;
  beforeAll(async () => {
    broken = await startTestApi({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/notices',
      DATABASE_CONNECT_TIMEOUT_MS: '500',
      DEPENDENCY_RETRY_AFTER_SECONDS: '7',
    });
  });
  afterAll(() => broken.close());

  it('reports it on /api/health with Retry-After', async () => {
    const res = await call(broken, 'GET', '/api/health');
    expectUnavailable(res, '7');
    expect(res.json.details.checks.database).toBe('unavailable');
  });

  it('answers 503 on the quote, whose per-IP limiter fails closed', async () => {
    expectUnavailable(
      await call(broken, 'POST', '/api/v1/quote', { body: { type: 'hgv', postcode: 'LS1 4AP' } }),
      '7',
    );
  });

  it('answers 503 on authenticated reads and writes', async () => {
    expectUnavailable(await call(broken, 'GET', '/api/v1/orders', { key }), '7');
    expectUnavailable(
      await call(broken, 'POST', '/api/v1/orders', { key, body: validOrderBody('planning') }),
      '7',
    );
  });
});

describe('PostgreSQL too slow, or its connections killed', () => {
  let slow: TestApi;
  const appName = `notices-victim-${process.pid}`;
  beforeAll(async () => {
    slow = await startTestApi({
      DATABASE_URL: withApplicationName(appName),
      DATABASE_STATEMENT_TIMEOUT_MS: '300',
      RATE_LIMIT_PER_KEY_PER_MINUTE: '10000',
    });
  });
  afterAll(() => slow.close());

  it('answers 503 when a statement exceeds the statement timeout', async () => {
    await admin(async (client) => {
      await client.query('begin');
      await client.query('lock table api_keys in access exclusive mode');
      try {
        expectUnavailable(await call(slow, 'GET', '/api/v1/orders', { key }));
      } finally {
        await client.query('rollback');
      }
    });
    expect((await call(slow, 'GET', '/api/v1/orders', { key })).status).toBe(200);
  });

  it('answers 503 when the pool connections are terminated mid-request, then recovers', async () => {
    expect((await call(slow, 'GET', '/api/v1/orders', { key })).status).toBe(200);
    await admin(async (client) => {
      await client.query('begin');
      await client.query('lock table orders in access exclusive mode');
      try {
        const pending = call(slow, 'GET', '/api/v1/orders', { key });
        const waitingOnLock = async () =>
          (
            await client.query(
              `select 1 from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'`,
              [appName],
            )
          ).rowCount;
        expect(await eventually(waitingOnLock, (n) => (n ?? 0) > 0)).toBeGreaterThan(0);
        const killed = await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
          [appName],
        );
        expect(killed.rowCount).toBeGreaterThan(0);
        expectUnavailable(await pending);
      } finally {
        await client.query('rollback');
      }
    });
    expect((await call(slow, 'GET', '/api/v1/orders', { key })).status).toBe(200);
  });
});

describe('Temporal unreachable', () => {
  it('answers 503 with Retry-After when an order cannot be started', async () => {
    const noTemporal = await startTestApi({ TEMPORAL_ADDRESS: '127.0.0.1:1' });
    try {
      const res = await call(noTemporal, 'POST', '/api/v1/orders', { key, body: validOrderBody('planning') });
      expectUnavailable(res);
      expect((await call(noTemporal, 'GET', '/api/v1/orders', { key })).status).toBe(200);
      const health = await call(noTemporal, 'GET', '/api/health');
      expectUnavailable(health);
      expect(health.json.details.checks).toEqual({ database: 'ok', temporal: 'unavailable' });
    } finally {
      await noTemporal.close();
    }
  });
});
