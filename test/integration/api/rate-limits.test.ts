import { createApiKey } from '../../../src/db/api-keys.repository';
import { createOrganisation } from '../../../src/db/organisations.repository';
import { call } from '../../support/harness';
import { useApiPair } from '../../support/processes';

const apis = useApiPair({ RATE_LIMIT_PER_KEY_PER_MINUTE: '6' });

async function newKey() {
  const org = await createOrganisation(apis.db, {
    name: 'Limits Ltd',
    paymentMethod: 'purchase_order',
    invoiceTermsDays: 30,
  });
  return (await createApiKey(apis.db, { organisationId: org.id, scopes: ['orders:read'], mode: 'live' })).key;
}

describe('per-key rate limit shared by two API processes', () => {
  it('counts requests to both processes against one budget and answers 429 with Retry-After', async () => {
    const key = await newKey();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const target = i % 2 === 0 ? apis.first : apis.second;
      statuses.push((await call(target, 'GET', '/api/v1/orders', { key })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);

    for (const target of [apis.first, apis.second]) {
      const res = await call(target, 'GET', '/api/v1/orders', { key });
      expect(res.status).toBe(429);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(res.json).toMatchObject({ code: 'rate_limit_exceeded' });
      expect(typeof res.json.error).toBe('string');
      expect(res.headers.get('ratelimit-policy')).toBe('"api-key";q=6;w=60');
    }
  });

  it('keeps a separate budget for every key', async () => {
    const [a, b] = [await newKey(), await newKey()];
    for (let i = 0; i < 6; i++) await call(apis.first, 'GET', '/api/v1/orders', { key: a });
    expect((await call(apis.second, 'GET', '/api/v1/orders', { key: a })).status).toBe(429);
    expect((await call(apis.second, 'GET', '/api/v1/orders', { key: b })).status).toBe(200);
  });
});
