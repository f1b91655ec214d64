import { createHmac } from 'node:crypto';
import type { Order } from '../../../src/orders/order';
import { seedOrder } from '../../support/orders';
import { call, createTestOrganisation, startTestApi, type TestApi } from '../../support/harness';
import { newCustomer, startStack, type TestStack } from '../../support/stack';

let stack: TestStack;
let api: TestApi;
let key: string;
let seeded: Order[];

const STATUSES = ['awaiting_booking', 'booked', 'published'] as const;
const TYPES = ['planning', 'hgv', 'probate'] as const;

beforeAll(async () => {
  stack = await startStack({ env: { RATE_LIMIT_PER_KEY_PER_MINUTE: '10000' }, worker: false });
  api = stack.api;
  const customer = await newCustomer(api);
  const org = customer.org;
  key = customer.key;
  const base = Date.parse('2026-10-01T00:00:00.000Z');
  seeded = [];
  for (let i = 0; i < 60; i++) {
    // Pairs of orders share a creation time, so the id tie-break is exercised.
    const createdAt = new Date(base + Math.floor(i / 2) * 3_600_000);
    seeded.push(
      await seedOrder(api.db, org.id, {
        createdAt,
        status: STATUSES[i % 3],
        type: TYPES[Math.floor(i / 3) % 3],
      }),
    );
  }
  const other = await createTestOrganisation(api.db);
  for (let i = 0; i < 5; i++) await seedOrder(api.db, other.id, { createdAt: new Date(base + i) });
});
afterAll(() => stack.stop());

const newestFirst = (orders: Order[]) =>
  [...orders]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : -1))
    .map((o) => o.id);

async function collect(query: string, pageLimit = 100) {
  const ids: string[] = [];
  const pages: number[] = [];
  let path = `/api/v1/orders?${query}`;
  for (let i = 0; i < pageLimit; i++) {
    const res = await call(api, 'GET', path, { key });
    expect(res.status).toBe(200);
    const { orders, pagination } = res.json;
    pages.push(orders.length);
    ids.push(...orders.map((o: { id: string }) => o.id));
    if (!pagination.nextCursor) {
      expect(pagination.hasMore).toBe(false);
      break;
    }
    expect(orders.length).toBeGreaterThan(0); // never an empty page that claims more
    path = `/api/v1/orders?cursor=${encodeURIComponent(pagination.nextCursor)}`;
  }
  return { ids, pages };
}

describe('GET /api/v1/orders', () => {
  it('defaults to 25 per page, newest first, and walks every page without gaps or repeats', async () => {
    const { ids, pages } = await collect('');
    expect(pages).toEqual([25, 25, 10]);
    expect(ids).toEqual(newestFirst(seeded));
  });

  it('honours limit up to 100 and ends with a null cursor on an exact last page', async () => {
    const { ids, pages } = await collect('limit=20');
    expect(pages).toEqual([20, 20, 20]);
    expect(ids).toHaveLength(60);
  });

  it.each([
    ['status=booked', (o: Order) => o.status === 'booked'],
    ['type=hgv', (o: Order) => o.type === 'hgv'],
    ['status=published&type=probate', (o: Order) => o.status === 'published' && o.type === 'probate'],
    ['createdAfter=2026-10-01T10:00:00Z', (o: Order) => o.createdAt > '2026-10-01T10:00:00.000Z'],
    ['createdBefore=2026-10-01T10:00:00Z', (o: Order) => o.createdAt < '2026-10-01T10:00:00.000Z'],
    [
      'createdAfter=2026-10-01T05:00:00Z&createdBefore=2026-10-02T01:00:00%2B01:00&status=awaiting_booking',
      (o: Order) =>
        o.createdAt > '2026-10-01T05:00:00.000Z' &&
        o.createdAt < '2026-10-02T00:00:00.000Z' &&
        o.status === 'awaiting_booking',
    ],
  ])('filters with %s across pages (the cursor carries the filter)', async (query, keep) => {
    const { ids } = await collect(`${query}&limit=3`);
    expect(ids).toEqual(newestFirst(seeded.filter(keep)));
  });

  it.each([
    ['limit=0', '$.limit'],
    ['limit=101', '$.limit'],
    ['limit=ten', '$.limit'],
    ['status=shipped', '$.status'],
    ['type=premises_licence', '$.type'],
    ['createdAfter=yesterday', '$.createdAfter'],
    ['createdBefore=2026-13-01T00:00:00Z', '$.createdBefore'],
    ['cursor=not-a-cursor', '$.cursor'],
    ['colour=blue', '$'],
    ['status=booked&status=published', '$.status'],
  ])('refuses %s with 400 validation_error naming %s', async (query, path) => {
    const res = await call(api, 'GET', `/api/v1/orders?${query}`, { key });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation_error');
    expect(res.json.details.fields.map((f: { path: string }) => f.path)).toContain(path);
  });

  it('refuses a filter that contradicts the cursor', async () => {
    const first = await call(api, 'GET', '/api/v1/orders?status=booked&limit=2', { key });
    const cursor = encodeURIComponent(first.json.pagination.nextCursor);
    const same = await call(api, 'GET', `/api/v1/orders?cursor=${cursor}&status=booked`, { key });
    expect(same.status).toBe(200);
    const other = await call(api, 'GET', `/api/v1/orders?cursor=${cursor}&status=published`, { key });
    expect(other.status).toBe(400);
    expect(other.json.details.fields[0].path).toBe('$.status');
  });

  it('keeps the page size the cursor carries, and refuses a different limit beside it', async () => {
    const first = await call(api, 'GET', '/api/v1/orders?limit=2', { key });
    const cursor = encodeURIComponent(first.json.pagination.nextCursor);
    const same = await call(api, 'GET', `/api/v1/orders?cursor=${cursor}&limit=2`, { key });
    expect(same.status).toBe(200);
    expect(same.json.orders).toHaveLength(2);
    expect(same.json.pagination.limit).toBe(2);
    const other = await call(api, 'GET', `/api/v1/orders?cursor=${cursor}&limit=50`, { key });
    expect(other.status).toBe(400);
    expect(other.json).toMatchObject({
      code: 'validation_error',
      details: {
        fields: [{ path: '$.limit', message: 'Differs from the cursor; omit it or start a new list.' }],
      },
    });
  });

  it('answers an empty list with a null cursor', async () => {
    const res = await call(api, 'GET', '/api/v1/orders?createdAfter=2030-01-01T00:00:00Z', { key });
    expect(res.json).toEqual({ orders: [], pagination: { nextCursor: null, hasMore: false, limit: 25 } });
  });
});

describe('GET /api/v1/orders?clientRef=', () => {
  it("finds exactly the caller's orders with that clientRef, newest first, across pages", async () => {
    const mine = await newCustomer(api);
    const base = Date.parse('2026-10-05T00:00:00.000Z');
    const matter = (clientRef: string, n: number, organisationId = mine.org.id) =>
      seedOrder(api.db, organisationId, { createdAt: new Date(base + n * 60_000), clientRef });
    const wanted = [
      await matter('DJH/HOL/42', 1),
      await matter('DJH/HOL/42', 2),
      await matter('DJH/HOL/42', 3),
    ];
    await matter('DJH/HOL/43', 4);
    await matter('djh/hol/42', 5); // exact: case matters
    await matter('DJH/HOL/42', 6, (await newCustomer(api)).org.id); // another organisation's

    const ids: string[] = [];
    let path = `/api/v1/orders?clientRef=${encodeURIComponent('DJH/HOL/42')}&limit=2`;
    for (let page = 0; page < 3 && path; page++) {
      const res = await call(api, 'GET', path, { key: mine.key });
      expect(res.status).toBe(200);
      ids.push(...res.json.orders.map((o: Order) => o.id));
      expect(res.json.orders.every((o: Order) => o.clientRef === 'DJH/HOL/42')).toBe(true);
      const next = res.json.pagination.nextCursor as string | null;
      path = next ? `/api/v1/orders?cursor=${encodeURIComponent(next)}` : '';
    }
    expect(ids).toEqual(wanted.map((o) => o.id).reverse());
  });

  it('refuses an empty or over-long clientRef with 400 validation_error', async () => {
    for (const value of ['', 'x'.repeat(101)]) {
      const res = await call(api, 'GET', `/api/v1/orders?clientRef=${value}`, { key });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'validation_error' });
      expect(JSON.stringify(res.json.details)).toContain('clientRef');
    }
  });
});

describe('stored bodies', () => {
  it('serves the same bodies, list and single, whether stored or serialized from the columns', async () => {
    const ids = newestFirst(seeded).slice(0, 5);
    const read = async () => ({
      page: (await call(api, 'GET', '/api/v1/orders?limit=5', { key })).json,
      single: await Promise.all(
        ids.map(async (id) => (await call(api, 'GET', `/api/v1/orders/${id}`, { key })).json),
      ),
    });
    const stored = await read();
    expect(stored.page.orders.map((o: { id: string }) => o.id)).toEqual(ids);
    expect(stored.single).toEqual(stored.page.orders);
    // As rows written before bodies were stored, or by an older serializer, are.
    await api.db
      .updateTable('orders')
      .set({ body: null, body_version: null })
      .where('id', 'in', ids.slice(0, 2))
      .execute();
    await api.db
      .updateTable('orders')
      .set({ body: '{}', body_version: 0 })
      .where('id', 'in', ids.slice(2))
      .execute();
    expect(await read()).toEqual(stored);
  });
});

describe('forged and replayed cursors', () => {
  const keyA = 'a1'.repeat(32);
  const keyB = 'b2'.repeat(32);
  const sign = (payload: unknown, secret: Buffer) => {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
  };
  const listWith = (target: TestApi, cursor: string) =>
    call(target, 'GET', `/api/v1/orders?cursor=${encodeURIComponent(cursor)}`, { key });
  const expectCursorRefused = (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: 'One or more request fields failed validation.',
      code: 'validation_error',
      details: { fields: [{ path: '$.cursor', message: 'Not a cursor issued by this API.' }] },
    });
  };
  const valid = () => ({
    v: 1,
    at: '2026-10-01T05:00:00.000Z',
    id: seeded[0]!.id,
    limit: 5,
    f: { status: 'booked' },
  });

  it('refuses a cursor whose payload was edited, or that carries no signature', async () => {
    const issued = (await call(api, 'GET', '/api/v1/orders?limit=2', { key })).json.pagination.nextCursor;
    const [body, mac] = issued.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const edited = Buffer.from(JSON.stringify({ ...payload, limit: 100 })).toString('base64url');
    expectCursorRefused(await listWith(api, `${edited}.${mac}`));
    expectCursorRefused(await listWith(api, body));
    expectCursorRefused(await listWith(api, `${body}.${mac}.x`));
    expectCursorRefused(await listWith(api, sign(valid(), Buffer.from(keyB, 'hex'))));
  });

  it.each([
    ['limit 0', { limit: 0 }],
    ['limit 101', { limit: 101 }],
    ['an unknown status', { f: { status: 'shipped' } }],
    ['an unknown type', { f: { type: 'premises_licence' } }],
    ['an invalid position', { at: 'yesterday' }],
    ['an invalid filter date', { f: { createdAfter: '2026-13-01T00:00:00Z' } }],
    ['a foreign id', { id: "ord_x' or 1=1 --" }],
    ['an extra field', { sql: 'drop table orders' }],
    ['another version', { v: 2 }],
  ])('refuses a correctly signed cursor with %s', async (_what, change) => {
    const secret = api.config.api.cursorKeys[0]!;
    expectCursorRefused(await listWith(api, sign({ ...valid(), ...change }, secret)));
  });

  it('accepts a valid signed cursor', async () => {
    const res = await listWith(api, sign(valid(), api.config.api.cursorKeys[0]!));
    expect(res.status).toBe(200);
    expect(res.json.pagination.limit).toBe(5);
  });

  it('keeps cursors signed with the previous key working during a rotation, and only then', async () => {
    const before = await startTestApi({ CURSOR_SIGNING_KEY: keyA, RATE_LIMIT_PER_KEY_PER_MINUTE: '10000' });
    const rotating = await startTestApi({
      CURSOR_SIGNING_KEY: keyB,
      CURSOR_SIGNING_KEY_PREVIOUS: keyA,
      RATE_LIMIT_PER_KEY_PER_MINUTE: '10000',
    });
    const after = await startTestApi({ CURSOR_SIGNING_KEY: keyB, RATE_LIMIT_PER_KEY_PER_MINUTE: '10000' });
    try {
      const issued = (await call(before, 'GET', '/api/v1/orders?limit=3', { key })).json.pagination
        .nextCursor;
      const next = await listWith(rotating, issued);
      expect(next.status).toBe(200);
      expect(next.json.orders).toHaveLength(3);
      expectCursorRefused(await listWith(after, issued));
      // The rotating API signs with the new key, which the next deployment accepts.
      expect((await listWith(after, next.json.pagination.nextCursor)).status).toBe(200);
    } finally {
      await Promise.all([before.close(), rotating.close(), after.close()]);
    }
  });
});
