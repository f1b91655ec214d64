import { sql } from 'kysely';
import { createIntegrationKey } from '../../../src/db/integration-keys.repository';
import { deleteEndedLimitWindows } from '../../../src/db/expired-rows';
import { quotaWindowUsage, useQuotaWindow } from '../../../src/db/quota-usage.repository';
import { eventually } from '../../support/eventually';
import { call, type TestApi } from '../../support/harness';
import { startStackWithCustomer, type TestStack } from '../../support/stack';
import { spawnApiProcess } from '../../support/processes';

let stack: TestStack;
let api: TestApi;
let key: string;

beforeAll(async () => {
  ({ stack, api, key } = await startStackWithCustomer({
    env: { TRUST_PROXY: 'true', QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '3' },
    worker: false,
  }));
});
afterAll(() => stack.stop());

describe('IPv6 clients are limited per /64', () => {
  const quoteFrom = (ip: string) =>
    call(api, 'POST', '/api/v1/quote', {
      body: { type: 'planning', postcode: 'LS1 4AP' },
      headers: { 'X-Forwarded-For': ip },
    });

  it('counts every address of one /64 against one budget, and another /64 separately', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (const host of ['::1', ':1:2:3:4', ':ffff:ffff:ffff:fffe']) {
      expect((await quoteFrom(`${prefix}${host}`)).status).toBe(200);
    }
    const refused = await quoteFrom(`${prefix}:dead:beef:0:1`);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('rate_limit_exceeded');
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect((await quoteFrom(`${prefix.slice(0, -1)}8::1`)).status).toBe(200);
  });
});

describe('the quote limit comes before its body', () => {
  it('refuses a client over its limit without reading the body, whatever the spelling of the path', async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const post = (path: string, body: string) =>
      call(api, 'POST', path, { body, headers: { 'X-Forwarded-For': ip } });
    /** Another spelling the router also matches (undocumented, so outside the contract check). */
    const postSpelled = async (body: string) => {
      process.env.CONTRACT_CHECK = 'off';
      try {
        return await post('/API/v1/Quote/', body);
      } finally {
        delete process.env.CONTRACT_CHECK;
      }
    };
    const estimate = JSON.stringify({ type: 'planning', postcode: 'LS1 4AP' });
    expect((await post('/api/v1/quote', estimate)).status).toBe(200);
    expect((await postSpelled(estimate)).status).toBe(200);
    expect((await post('/api/v1/quote', '{not json')).status).toBe(400);
    // Over the limit: a body too large, or malformed, is not read: the answer is the limit's.
    const huge = await post('/api/v1/quote', `{"type":"${'x'.repeat(300_000)}"}`);
    expect(huge.status).toBe(429);
    expect(huge.json.code).toBe('rate_limit_exceeded');
    expect((await postSpelled('{not json')).status).toBe(429);
  });
});

describe('Authorization scheme', () => {
  it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])('accepts the scheme written %s', async (scheme) => {
    const res = await call(api, 'GET', '/api/v1/orders', { headers: { Authorization: `${scheme} ${key}` } });
    expect(res.status).toBe(200);
  });

  it.each(['Bearer', 'bearer', 'BEARER'])(
    'accepts an integration key with the scheme written %s',
    async (scheme) => {
      const { key: integrationKey } = await createIntegrationKey(api.db, {
        kind: 'gazette',
        gazetteEdition: 'london',
      });
      const report = (authorization: string) =>
        call(api, 'POST', '/api/integrations/v1/orders/ord_00000000000000000000000000000000/urn', {
          headers: { Authorization: authorization },
          body: { urn: 'URN-1' },
        });
      // Authenticated: the order is looked up (and is not there); a refused key would be 401.
      expect((await report(`${scheme} ${integrationKey}`)).status).toBe(404);
      expect((await report(`Basic ${integrationKey}`)).status).toBe(401);
    },
  );

  it.each(['Basic ', 'Bearer', 'Bearer_', 'Token '])('refuses %s<key> with 401', async (value) => {
    const res = await call(api, 'GET', '/api/v1/orders', { headers: { Authorization: value + key } });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe('unauthorized');
  });
});

describe('expired rate-limit windows', () => {
  const insert = (rowKey: string, expire: number) =>
    sql`insert into rate_limits (key, points, expire) values (${rowKey}, 1, ${expire})`.execute(api.db);
  const present = async (rowKey: string) =>
    (await sql`select 1 from rate_limits where key = ${rowKey}`.execute(api.db)).rows.length > 0;

  it('are deleted in bounded batches, live windows kept', async () => {
    const tag = `purge-${Date.now()}`;
    for (let i = 0; i < 1500; i++) await insert(`${tag}:old:${i}`, Date.now() - 1000);
    await insert(`${tag}:live`, Date.now() + 60_000);
    expect(await deleteEndedLimitWindows(api.db)).toBeGreaterThanOrEqual(1500);
    expect(await present(`${tag}:old:0`)).toBe(false);
    expect(await present(`${tag}:old:1499`)).toBe(false);
    expect(await present(`${tag}:live`)).toBe(true);
  });

  it('are purged by the API process on its own', async () => {
    const tag = `sweep-${Date.now()}`;
    await insert(`${tag}:old`, Date.now() - 1000);
    const proc = await spawnApiProcess({ RATE_LIMIT_CLEANUP_INTERVAL_MINUTES: '1' });
    try {
      expect(
        await eventually(
          () => present(`${tag}:old`),
          (here) => !here,
        ),
      ).toBe(false);
    } finally {
      await proc.stop();
    }
  });
});

describe('quota windows', () => {
  it('are deleted by the sweep once ended, while the current window stays', async () => {
    const now = Date.now();
    const window = (startMs: number, endMs: number) => ({
      organisationId: `org_sweep_${now}`,
      mode: 'test' as const,
      quota: 'sweep_check',
      windowStart: new Date(startMs),
      windowEnd: new Date(endMs),
    });
    const ended = window(now - 120_000, now - 60_000);
    const current = window(now - 30_000, now + 30_000);
    for (const w of [ended, current]) await useQuotaWindow(api.db, { ...w, amount: 1, limit: 10 });
    expect(await deleteEndedLimitWindows(api.db, new Date(now))).toBeGreaterThanOrEqual(1);
    expect(await quotaWindowUsage(api.db, ended)).toBe(0);
    expect(await quotaWindowUsage(api.db, current)).toBe(1);
  });
});
