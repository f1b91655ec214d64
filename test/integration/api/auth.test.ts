import { revokeApiKey } from '../../../src/db/api-keys.repository';
import { generateApiKey } from '../../../src/auth/api-key';
import { seedOrder } from '../../support/orders';
import { call, createTestKey, createTestOrganisation, type TestApi } from '../../support/harness';
import { newCustomer, startStack, type TestStack } from '../../support/stack';

let stack: TestStack;
let api: TestApi;

beforeAll(async () => {
  stack = await startStack({ worker: false });
  api = stack.api;
});
afterAll(() => stack.stop());

/** The stored row of an API key. */
const keyRow = (id: string) =>
  api.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const UNAUTHORIZED = { code: 'unauthorized' };

describe('authentication', () => {
  it.each([
    ['no header', {}],
    ['a non-Bearer scheme', { Authorization: 'Basic dXNlcjpwYXNz' }],
    ['a malformed key', { Authorization: 'Bearer svc_live_short' }],
    ['a key with a bad checksum', { Authorization: `Bearer ${generateApiKey('live').slice(0, -1)}0` }],
    ['a well-formed unknown key', { Authorization: `Bearer ${generateApiKey('live')}` }],
    ['an empty bearer', { Authorization: 'Bearer ' }],
  ])('answers 401 unauthorized for %s', async (_label, headers) => {
    const res = await call(api, 'GET', '/api/v1/orders', { headers });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject(UNAUTHORIZED);
    expect(typeof res.json.error).toBe('string');
  });

  it('answers 401 for a revoked key while another key of the organisation keeps working', async () => {
    const org = await createTestOrganisation(api.db);
    const first = await createTestKey(api.db, org.id);
    const second = await createTestKey(api.db, org.id);
    expect((await call(api, 'GET', '/api/v1/orders', { key: first.key })).status).toBe(200);
    await revokeApiKey(api.db, first.record.id);
    expect((await call(api, 'GET', '/api/v1/orders', { key: first.key })).json).toMatchObject(UNAUTHORIZED);
    expect((await call(api, 'GET', '/api/v1/orders', { key: second.key })).status).toBe(200);
  });

  it('answers 403 forbidden when the key lacks orders:read', async () => {
    const org = await createTestOrganisation(api.db);
    const writeOnly = await createTestKey(api.db, org.id, ['orders:write']);
    const res = await call(api, 'GET', '/api/v1/orders', { key: writeOnly.key });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 'forbidden', details: { requiredScope: 'orders:read' } });
  });

  it('records last-used time in a batch, not on the request path', async () => {
    const { key, record } = await newCustomer(api);
    await call(api, 'GET', '/api/v1/orders', { key });
    expect((await keyRow(record.id)).last_used_at).toBeNull();
    await api.lastUsed.flush();
    expect((await keyRow(record.id)).last_used_at).toBeInstanceOf(Date);
  });

  it('stores only a hash of the key', async () => {
    const { key, record } = await newCustomer(api);
    const row = await keyRow(record.id);
    expect(JSON.stringify(row)).not.toContain(key.slice(9, 40));
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('organisation isolation', () => {
  it('answers an order of another organisation exactly like a missing one', async () => {
    const mine = await createTestOrganisation(api.db);
    const theirs = await createTestOrganisation(api.db);
    const { key } = await createTestKey(api.db, mine.id);
    const foreign = await seedOrder(api.db, theirs.id, { createdAt: new Date() });
    const missingId = 'ord_0000000000000000000000';

    const a = await call(api, 'GET', `/api/v1/orders/${foreign.id}`, { key });
    const b = await call(api, 'GET', `/api/v1/orders/${missingId}`, { key });
    expect(a.status).toBe(404);
    expect(b.status).toBe(404);
    expect(a.json).toEqual({
      error: 'Order not found.',
      code: 'order_not_found',
      details: { id: foreign.id },
    });
    expect(b.json).toEqual({
      error: 'Order not found.',
      code: 'order_not_found',
      details: { id: missingId },
    });
    const headerNames = (h: Headers) =>
      [...h.keys()].filter((k) => !['date', 'x-request-id', 'ratelimit', 'content-length'].includes(k));
    expect(headerNames(a.headers)).toEqual(headerNames(b.headers));

    const list = await call(api, 'GET', '/api/v1/orders', { key });
    expect(list.json.orders.map((o: { id: string }) => o.id)).not.toContain(foreign.id);
  });

  it('returns the full order to its own organisation', async () => {
    const { org, key } = await newCustomer(api);
    const order = await seedOrder(api.db, org.id, {
      createdAt: new Date('2026-11-01T10:00:00.123Z'),
      clientRef: 'MY-REF',
    });
    const res = await call(api, 'GET', `/api/v1/orders/${order.id}`, { key });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: order.id,
      reference: order.reference,
      status: 'awaiting_booking',
      type: 'planning',
      quotedPriceGbpPence: 12345,
      noticeText: 'NOTICE',
      paymentMethod: 'invoice_with_terms',
      createdAt: '2026-11-01T10:00:00.123Z',
      clientRef: 'MY-REF',
    });
    expect(res.json).not.toHaveProperty('checkoutUrl');
  });
});
