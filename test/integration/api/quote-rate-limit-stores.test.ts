import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { createDatabase, type Db } from '../../../src/db/database';
import { call } from '../../support/harness';
import { freePort } from '../../support/ports';
import { spawnApiProcess, type ApiProcess } from '../../support/processes';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const QUOTE = { type: 'planning', postcode: 'LS1 4AP', wordCount: 100 };
let db: Db;
let redis: Redis;

beforeAll(() => {
  db = createDatabase(process.env.TEST_DATABASE_URL!, 2).db;
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  redis.disconnect();
  await db.destroy();
});

/** A client address of this run alone (the APIs trust X-Forwarded-For), so no earlier run shares its counter. */
const freshAddress = () => `203.0.${randomInt(0, 255)}.${randomInt(1, 255)}`;

/** 20 quotes from one address, alternating between the two processes, then one more on each. */
async function quoteBudget(first: ApiProcess, second: ApiProcess, address: string) {
  const headers = { 'X-Forwarded-For': address };
  const statuses: number[] = [];
  for (let i = 0; i < 22; i++) {
    const target = i % 2 === 0 ? first : second;
    statuses.push((await call(target, 'POST', '/api/v1/quote', { body: QUOTE, headers })).status);
  }
  return statuses;
}

type Counter = 'postgresql' | 'redis';
const stores: [string, () => Promise<Record<string, string>>, Counter][] = [
  ['PostgreSQL (no REDIS_URL)', async () => ({}), 'postgresql'],
  ['Redis (REDIS_URL)', async () => ({ REDIS_URL }), 'redis'],
  // Redis configured but not answering: the PostgreSQL insurance limiter keeps counting.
  [
    'Redis down (PostgreSQL insurance)',
    async () => ({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` }),
    'postgresql',
  ],
];

describe.each(stores)(
  'quote limit of 20 a minute per client address, with %s',
  (_name, storeEnv, counter) => {
    let first: ApiProcess;
    let second: ApiProcess;

    beforeAll(async () => {
      const env = { ...(await storeEnv()), TRUST_PROXY: 'true' };
      [first, second] = await Promise.all([spawnApiProcess(env), spawnApiProcess(env)]);
    });
    afterAll(async () => {
      await Promise.all([first?.stop(), second?.stop()]);
    });

    it('holds across two API processes and answers 429 with Retry-After', async () => {
      const address = freshAddress();
      const statuses = await quoteBudget(first, second, address);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
      expect(statuses.slice(20)).toEqual([429, 429]);
      const refused = await call(second, 'POST', '/api/v1/quote', {
        body: QUOTE,
        headers: { 'X-Forwarded-For': address },
      });
      expect(refused.json).toMatchObject({ code: 'rate_limit_exceeded' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get('ratelimit-policy')).toBe('"quote-ip";q=20;w=60');
      // Another address has its own budget.
      const other = await call(first, 'POST', '/api/v1/quote', {
        body: QUOTE,
        headers: { 'X-Forwarded-For': freshAddress() },
      });
      expect(other.status).toBe(200);

      // The counter is where the configuration says it is.
      const { rows } = await sql<{ points: number }>`
      select points from rate_limits where key = ${`quote-ip:${address}`}`.execute(db);
      const inPostgres = rows[0];
      const inRedis = Number(await redis.get(`quote-ip:${address}`));
      expect({ redis: inRedis >= 22, postgresql: (inPostgres?.points ?? 0) >= 22 }).toEqual({
        redis: counter === 'redis',
        postgresql: counter === 'postgresql',
      });
    });
  },
);
