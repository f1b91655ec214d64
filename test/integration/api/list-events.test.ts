import { recordOrderEvent } from '../../../src/db/order-records.repository';
import { newId } from '../../../src/ids';
import { eventData, ORDER_EVENTS } from '../../../src/orders/events';
import type { Order } from '../../../src/orders/order';
import { seedOrder } from '../../support/orders';
import { call, createTestKey, createTestOrganisation, type TestApi } from '../../support/harness';
import { startStack, type TestStack } from '../../support/stack';

let stack: TestStack;
let api: TestApi;
let key: string;
let testKey: string;
let readOnly: string;
let noScope: string;
let orders: Order[];
const events: { id: string; orderId: string; event: string; createdAt: string }[] = [];

const base = Date.parse('2026-10-01T00:00:00.000Z');

async function seedEvent(order: Order, n: number, at: Date) {
  const event = ORDER_EVENTS[n % ORDER_EVENTS.length]!;
  const id = `evt_${newId('evt').slice(4)}`;
  await recordOrderEvent(api.db, {
    id,
    orderId: order.id,
    organisationId: order.organisationId,
    livemode: order.livemode,
    event,
    sequence: n + 1,
    createdAt: at.toISOString(),
    data: eventData(event, order),
  });
  return { id, orderId: order.id, event, createdAt: at.toISOString() };
}

beforeAll(async () => {
  stack = await startStack({ env: { RATE_LIMIT_PER_KEY_PER_MINUTE: '10000' }, worker: false });
  api = stack.api;
  const org = await createTestOrganisation(api.db);
  key = (await createTestKey(api.db, org.id)).key;
  testKey = (await createTestKey(api.db, org.id, ['orders:read'], 'test')).key;
  readOnly = (await createTestKey(api.db, org.id, ['orders:read'])).key;
  noScope = (await createTestKey(api.db, org.id, ['orders:write'])).key;
  orders = [];
  for (let i = 0; i < 3; i++) orders.push(await seedOrder(api.db, org.id, { createdAt: new Date(base) }));
  for (let i = 0; i < 45; i++) {
    // Pairs of events share a creation time, so the id tie-break is exercised.
    const at = new Date(base + Math.floor(i / 2) * 60_000);
    events.push(await seedEvent(orders[i % 3]!, Math.floor(i / 3) + (i % 3) * 100, at));
  }
  // Another organisation's events and this organisation's test-mode events are never listed with a live key.
  const other = await createTestOrganisation(api.db);
  const foreign = await seedOrder(api.db, other.id, { createdAt: new Date(base) });
  await seedEvent(foreign, 0, new Date(base + 1));
  const testOrder = await seedOrder(api.db, org.id, { createdAt: new Date(base), livemode: false });
  await seedEvent(testOrder, 0, new Date(base + 2));
});
afterAll(() => stack.stop());

const newestFirst = (list: typeof events) =>
  [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : -1)).map((e) => e.id);

async function collect(query: string, k = key) {
  const ids: string[] = [];
  const pages: number[] = [];
  let path = `/api/v1/events?${query}`;
  for (let i = 0; i < 20; i++) {
    const res = await call(api, 'GET', path, { key: k });
    expect(res.status).toBe(200);
    const { events: page, pagination } = res.json;
    pages.push(page.length);
    ids.push(...page.map((e: { id: string }) => e.id));
    if (!pagination.nextCursor) break;
    path = `/api/v1/events?cursor=${encodeURIComponent(pagination.nextCursor)}`;
  }
  return { ids, pages };
}

describe('GET /api/v1/events', () => {
  it('lists the organisation’s events of the key’s mode, newest first, 25 a page, without gaps or repeats', async () => {
    const { ids, pages } = await collect('');
    expect(pages).toEqual([25, 20]);
    expect(ids).toEqual(newestFirst(events));
  });

  it('answers each event as its webhook envelope: id, event, createdAt, data', async () => {
    const res = await call(api, 'GET', '/api/v1/events?limit=1', { key: readOnly });
    expect(res.status).toBe(200);
    const [event] = res.json.events;
    expect(Object.keys(event)).toEqual(['id', 'event', 'createdAt', 'data']);
    expect(event.data.object.id).toBe(event.data.orderId);
    expect(res.json.pagination).toEqual({ nextCursor: expect.any(String), hasMore: true, limit: 1 });
  });

  it.each([
    ['type=order.booked', (e: (typeof events)[number]) => e.event === 'order.booked'],
    ['orderId=ORDER1', (e: (typeof events)[number]) => e.orderId === orders[1]!.id],
    [
      'createdAfter=2026-10-01T00:10:00Z',
      (e: (typeof events)[number]) => e.createdAt > '2026-10-01T00:10:00.000Z',
    ],
    [
      'createdBefore=2026-10-01T00:10:00Z',
      (e: (typeof events)[number]) => e.createdAt < '2026-10-01T00:10:00.000Z',
    ],
  ])('filters by %s across pages', async (query, keep) => {
    const { ids } = await collect(`${query.replace('ORDER1', orders[1]!.id)}&limit=4`);
    expect(ids).toEqual(newestFirst(events.filter(keep)));
    expect(ids.length).toBeGreaterThan(0);
  });

  it('keeps modes apart: a test key sees only test-mode events', async () => {
    const { ids } = await collect('', testKey);
    expect(ids).toHaveLength(1);
    expect(events.map((e) => e.id)).not.toContain(ids[0]);
  });

  it.each([
    ['limit=0', '$.limit'],
    ['limit=101', '$.limit'],
    ['type=order.unknown', '$.type'],
    ['orderId=nope', '$.orderId'],
    ['createdAfter=yesterday', '$.createdAfter'],
    ['status=booked', '$'],
    ['cursor=abc.def', '$.cursor'],
  ])('refuses %s with 400 validation_error', async (query, path) => {
    const res = await call(api, 'GET', `/api/v1/events?${query}`, { key });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('validation_error');
    expect(res.json.details.fields.map((f: { path: string }) => f.path).join()).toContain(path);
  });

  it('refuses a filter that differs from the cursor’s, and an orders cursor', async () => {
    const first = await call(api, 'GET', '/api/v1/events?limit=2&type=order.created', { key });
    const cursor = encodeURIComponent(first.json.pagination.nextCursor);
    const differs = await call(api, 'GET', `/api/v1/events?cursor=${cursor}&type=order.booked`, { key });
    expect(differs.status).toBe(400);
    expect(differs.json.details.fields[0].path).toBe('$.type');
    const same = await call(api, 'GET', `/api/v1/events?cursor=${cursor}&type=order.created`, { key });
    expect(same.status).toBe(200);
    const orderPage = await call(api, 'GET', '/api/v1/orders?limit=1', { key });
    const ordersCursor = encodeURIComponent(orderPage.json.pagination.nextCursor);
    const foreign = await call(api, 'GET', `/api/v1/events?cursor=${ordersCursor}`, { key });
    expect(foreign.status).toBe(400);
  });

  it('needs orders:read', async () => {
    expect((await call(api, 'GET', '/api/v1/events', {})).status).toBe(401);
    const res = await call(api, 'GET', '/api/v1/events', { key: noScope });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('forbidden');
  });
});

describe('GET /api/v1/events?clientRef=', () => {
  it("lists the events of the caller's orders with that clientRef only", async () => {
    const setRef = (id: string, ref: string) =>
      api.db.updateTable('orders').set({ client_ref: ref }).where('id', '=', id).execute();
    await setRef(orders[0]!.id, 'MATTER/7');
    const foreign = await seedOrder(api.db, (await createTestOrganisation(api.db)).id, {
      createdAt: new Date(base),
      clientRef: 'MATTER/7',
    });
    await seedEvent(foreign, 0, new Date(base + 3));
    const { ids } = await collect(`clientRef=${encodeURIComponent('MATTER/7')}&limit=4`);
    expect(ids).toEqual(newestFirst(events.filter((e) => e.orderId === orders[0]!.id)));
    expect(ids.length).toBeGreaterThan(4);
    expect((await collect('clientRef=NO-SUCH-MATTER')).ids).toEqual([]);
  });
});

describe('GET /api/v1/events/:id', () => {
  it('returns one event, and 404 event_not_found for a missing one, another mode’s or another organisation’s', async () => {
    const listed = await call(api, 'GET', '/api/v1/events?limit=1', { key });
    const [first] = listed.json.events;
    const one = await call(api, 'GET', `/api/v1/events/${first.id}`, { key });
    expect(one.status).toBe(200);
    expect(one.json).toEqual(first);

    const testEvent = (await call(api, 'GET', '/api/v1/events', { key: testKey })).json.events[0].id;
    const missing = await call(api, 'GET', `/api/v1/events/evt_${'0'.repeat(32)}`, { key });
    const otherMode = await call(api, 'GET', `/api/v1/events/${testEvent}`, { key });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({
      error: 'Event not found.',
      code: 'event_not_found',
      details: { id: `evt_${'0'.repeat(32)}` },
    });
    expect(otherMode.status).toBe(404);
    expect(otherMode.json.code).toBe('event_not_found');
  });
});
