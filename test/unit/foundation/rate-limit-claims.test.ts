import type { Pool } from 'pg';
import type { AppContext } from '../../../src/api/context';
import { createRateLimiter } from '../../../src/api/middleware/rate-limit';
import { AppError } from '../../../src/errors';

/** The `rate_limits` upsert, in memory: what several API processes share through PostgreSQL. */
function fakeStore() {
  const rows = new Map<string, { points: number; expire: number }>();
  let queries = 0;
  const pool = {
    async query(q: { values: [string, number, number, number] }) {
      queries++;
      await new Promise((r) => setImmediate(r));
      const [key, points, expire, now] = q.values;
      const row = rows.get(key);
      const next =
        !row || row.expire <= now ? { points, expire } : { points: row.points + points, expire: row.expire };
      rows.set(key, next);
      return { rows: [{ points: next.points, expire: String(next.expire) }] };
    },
  } as unknown as Pool;
  return { pool, queries: () => queries };
}

const ctx = () => {
  const headers: Record<string, string> = {};
  return { headers, set: (k: string, v: string) => (headers[k] = v) } as unknown as AppContext & {
    headers: Record<string, string>;
  };
};

async function allowed(consume: ReturnType<typeof createRateLimiter>, key = 'k'): Promise<boolean> {
  try {
    await consume(ctx(), key);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'rate_limit_exceeded') return false;
    throw err;
  }
}

const policy = (points: number) => ({ name: 'test', points, durationSeconds: 60 });

describe('rate limiter claims', () => {
  afterEach(() => jest.restoreAllMocks());

  it('counts a small limit request by request across processes', async () => {
    const store = fakeStore();
    const [a, b] = [createRateLimiter(store.pool, policy(6)), createRateLimiter(store.pool, policy(6))];
    const results: boolean[] = [];
    for (let i = 0; i < 8; i++) results.push(await allowed(i % 2 === 0 ? a : b));
    expect(results).toEqual([true, true, true, true, true, true, false, false]);
  });

  it('admits exactly the limit from a concurrent burst', async () => {
    const store = fakeStore();
    const consume = createRateLimiter(store.pool, policy(50));
    const results = await Promise.all(Array.from({ length: 80 }, () => allowed(consume)));
    expect(results.filter(Boolean)).toHaveLength(50);
  });

  it('claims a high limit in blocks, and two processes never admit more than the limit', async () => {
    const store = fakeStore();
    const [a, b] = [
      createRateLimiter(store.pool, policy(5_000)),
      createRateLimiter(store.pool, policy(5_000)),
    ];
    const results = await Promise.all(Array.from({ length: 6_000 }, (_, i) => allowed(i % 2 ? a : b)));
    const admitted = results.filter(Boolean).length;
    expect(admitted).toBeLessThanOrEqual(5_000);
    expect(admitted).toBeGreaterThan(5_000 * (1 - 2 / 256));
    // One query per request would be 6,000: blocks shrink towards the limit, where the count is exact.
    expect(store.queries()).toBeLessThan(6_000 / 5);
  });

  it('sets the RateLimit headers and refuses with Retry-After until the window ends', async () => {
    const store = fakeStore();
    let now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const consume = createRateLimiter(store.pool, policy(2));
    const first = ctx();
    await consume(first, 'k');
    expect(first.headers).toEqual({ 'RateLimit-Policy': '"test";q=2;w=60', RateLimit: '"test";r=1;t=60' });
    await consume(ctx(), 'k');
    now += 20_000;
    const refused = ctx();
    await expect(consume(refused, 'k')).rejects.toMatchObject({ code: 'rate_limit_exceeded' });
    expect(refused.headers['Retry-After']).toBe('40');
    now += 40_000;
    expect(await allowed(consume)).toBe(true);
  });
});
