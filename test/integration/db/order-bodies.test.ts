import { sql } from 'kysely';
import { createDatabase } from '../../../src/db/database';
import {
  BODY_REFRESH_BATCH,
  findOrder,
  listOrderBodies,
  refreshStaleOrderBodies,
  upsertOrderProjection,
} from '../../../src/db/orders.repository';
import { ORDER_BODY_VERSION, serializeOrder } from '../../../src/orders/order';
import { createTestOrganisation } from '../../support/harness';
import { seedOrder } from '../../support/orders';

/**
 * Orders' public bodies stored beside their projection rows (docs/orders.md, "Stored bodies"): written with
 * each projection write, served by the list as they are, and, when missing or of an older serializer,
 * serialized from the row when read and rewritten by the sweep.
 */
const { db } = createDatabase(process.env.TEST_DATABASE_URL!, 2);
afterAll(() => db.destroy());

const base = Date.parse('2026-09-01T00:00:00.000Z');

async function newOrganisation(count: number) {
  const org = await createTestOrganisation(db);
  const orders = [];
  for (let i = 0; i < count; i++) {
    orders.push(
      await seedOrder(db, org.id, {
        createdAt: new Date(base + i * 60_000),
        fields: {
          language: i % 2 ? 'cy+en' : 'en',
          applicantName: `Applicant ${i} – “Ltd”`,
          lines: [i, 'x'],
        },
        publishedAt: i % 3 === 0 ? new Date(base + i).toISOString() : null,
      }),
    );
  }
  return { org, orders };
}

const page = (organisationId: string, limit = 25) =>
  listOrderBodies(db, { organisationId, livemode: true, limit });

/** What a read from the row's columns gives: the body every stored one must equal. */
async function fromColumns(organisationId: string, id: string) {
  const order = await findOrder(db, { organisationId, livemode: true }, id);
  return serializeOrder(order!);
}

const stale = (ids: string[], body: string | null, version: number | null) =>
  db.updateTable('orders').set({ body, body_version: version }).where('id', 'in', ids).execute();

it('stores each order body with its projection row, equal to the body read from the columns', async () => {
  const { org, orders } = await newOrganisation(4);
  const result = await page(org.id);
  expect(result.bodies.map((b) => JSON.parse(b).id)).toEqual(orders.map((o) => o.id).reverse());
  for (const body of result.bodies) {
    const parsed = JSON.parse(body);
    expect(parsed).toEqual(await fromColumns(org.id, parsed.id));
  }
  expect(result.last).toEqual({ id: orders[0].id, createdAt: new Date(orders[0].createdAt) });
  expect(result.hasMore).toBe(false);
});

it('rewrites the body with every newer projection write, and keeps it when an older one is refused', async () => {
  const { org, orders } = await newOrganisation(1);
  const booked = {
    ...orders[0],
    status: 'booked' as const,
    version: 2,
    updatedAt: new Date(base + 5).toISOString(),
  };
  expect(await upsertOrderProjection(db, booked)).toBe(true);
  expect(await upsertOrderProjection(db, { ...orders[0], status: 'cancelled' })).toBe(false);
  const [body] = (await page(org.id)).bodies;
  expect(JSON.parse(body)).toMatchObject({ status: 'booked', updatedAt: booked.updatedAt });
});

it('serializes rows with no body or an older one from their columns when read', async () => {
  const { org, orders } = await newOrganisation(6);
  await stale([orders[0].id, orders[1].id], null, null);
  await stale([orders[2].id], '{"id":"from an older serializer"}', ORDER_BODY_VERSION - 1);
  const result = await page(org.id);
  expect(result.bodies).toHaveLength(6);
  for (const body of result.bodies) {
    const parsed = JSON.parse(body);
    expect(parsed).toEqual(await fromColumns(org.id, parsed.id));
  }
});

it('sweeps stale bodies into the current version, and finds none the second time', async () => {
  await refreshStaleOrderBodies(db); // what earlier tests left
  const { org, orders } = await newOrganisation(BODY_REFRESH_BATCH + 3);
  const ids = orders.map((o) => o.id);
  await stale(ids.slice(0, BODY_REFRESH_BATCH + 2), null, null);
  await stale(ids.slice(-1), '{}', ORDER_BODY_VERSION - 1);

  expect(await refreshStaleOrderBodies(db)).toBe(BODY_REFRESH_BATCH + 3);
  expect(await refreshStaleOrderBodies(db)).toBe(0);
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'body', 'body_version'])
    .where('id', 'in', ids)
    .execute();
  for (const row of rows) {
    expect(row.body_version).toBe(ORDER_BODY_VERSION);
    expect(JSON.parse(row.body!)).toEqual(await fromColumns(org.id, row.id));
  }
});

it('finds stale rows through the partial index of the current version', async () => {
  const { rows: index } = await sql<{ indexdef: string }>`
    select indexdef from pg_indexes where indexname = 'orders_body_stale'`.execute(db);
  // A bump of ORDER_BODY_VERSION comes with a migration that recreates the index for the new number.
  expect(index[0]?.indexdef).toContain(`body_version IS DISTINCT FROM ${ORDER_BODY_VERSION}`);
  const plan = await db.connection().execute(async (conn) => {
    await sql`set enable_seqscan = off`.execute(conn);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select * from orders
      where body_version is distinct from ${sql.lit(ORDER_BODY_VERSION)} order by id limit 500`.execute(conn);
    await sql`reset enable_seqscan`.execute(conn);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
  expect(plan).toContain('orders_body_stale');
});
