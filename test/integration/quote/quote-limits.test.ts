/**
 * Whose budget a quote spends: a quote with a valid API key its key's (and organisation's), as every
 * authenticated request; any other quote, with no key or a key that is not valid (ignored, never a 401), its
 * client address's 20 a minute (here 2, to reach it quickly). Each test is its own client address (behind a
 * trusted proxy), so quotes elsewhere in the suite spend nothing of its budget.
 */
import { randomInt } from 'node:crypto';
import { call, createTestCaller, startTestApi, type TestApi } from '../../support/harness';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({
    TRUST_PROXY: 'true',
    QUOTE_RATE_LIMIT_PER_IP_PER_MINUTE: '2',
    RATE_LIMIT_PER_KEY_PER_MINUTE: '4',
  });
});
afterAll(() => api.close());

const estimate = { type: 'planning', postcode: 'LS1 4AP', wordCount: 120 };
/** A client address of its own (a /64 of the documentation prefix). */
const newClient = () => `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}::1`;

async function statuses(from: string, n: number, key?: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await call(api, 'POST', '/api/v1/quote', {
      key,
      body: estimate,
      headers: { 'X-Forwarded-For': from },
    });
    out.push(res.status);
    if (res.status === 429) {
      expect(res.json.code).toBe('rate_limit_exceeded');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }
  return out;
}

describe('POST /api/v1/quote limits', () => {
  it('counts quotes with a valid key against the key, past the address’s budget, then 429 at the key’s', async () => {
    const from = newClient();
    const { key } = await createTestCaller(api.db, { scopes: ['orders:read'] });
    expect(await statuses(from, 5, key)).toEqual([200, 200, 200, 200, 429]);
    // The keyed quotes spent nothing of the address's own budget.
    expect(await statuses(from, 3)).toEqual([200, 200, 429]);
  });

  it('treats a key that is not valid as no key: the address’s budget, never a 401', async () => {
    const forged = `svc_live_${'x'.repeat(40)}`;
    expect(await statuses(newClient(), 3, forged)).toEqual([200, 200, 429]);
  });
});
