import { sql } from 'kysely';
import { Pool } from 'pg';
import { encodeCursor, type ListFilters } from '../../src/api/orders/list-query';
import { ratio, summarise, timed } from '../lib/stats';
import type { BenchContext } from './context';

const ORGANISATIONS = 1000;
const STATUSES = ['awaiting_booking', 'booked', 'published', 'completed', 'cancelled'];
const TYPES = ['hgv', 'probate', 'planning', 'tro', 'public_path', 'highways'];

/**
 * Seeds `count` orders across 1,000 organisations in bulk through SQL; every fifth order belongs to the
 * bench organisation, so its list is deep enough to page far into.
 */
async function seed(ctx: BenchContext) {
  const { db } = ctx.services;
  await sql`insert into organisations (id, name, payment_method, invoice_terms_days)
    select 'org_bench_' || g, 'Bench organisation ' || g, 'invoice_with_terms', 30
    from generate_series(1, ${ORGANISATIONS}) g`.execute(db);
  await sql`insert into orders (id, organisation_id, livemode, reference, status, type, quoted_price_gbp_pence,
      notice_text, payment_method, payment_state, newspaper_name, fields, pricing, created_at, updated_at, version)
    select 'ord_bench_' || lpad(g::text, 9, '0'),
      case when g % 5 = 0 then ${ctx.organisationId} else 'org_bench_' || (g % ${ORGANISATIONS} + 1) end,
      true, 'SB-' || g,
      (${STATUSES}::text[])[(g / 5) % 5 + 1], (${TYPES}::text[])[(g / 7) % 6 + 1],
      10000 + g % 5000, 'Bench notice ' || g, 'invoice_with_terms', 'on_account', 'Yorkshire Evening Post',
      '{}'::jsonb, '{}'::jsonb,
      timestamptz '2026-01-01T00:00:00Z' + g * interval '3 seconds',
      timestamptz '2026-01-01T00:00:00Z' + g * interval '3 seconds', 1
    from generate_series(1, ${ctx.listSeed}) g`.execute(db);
  await sql`analyze orders`.execute(db);
}

interface Case {
  label: string;
  filters: ListFilters;
  /** How many matching rows to skip to reach the deep page. */
  depth: number;
}

export async function listOrdersScenario(ctx: BenchContext) {
  const seedStarted = performance.now();
  await seed(ctx);
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  const pool = new Pool({ connectionString: ctx.services.databaseUrl, max: 2 });
  const samples = ctx.quick ? 200 : 1000;
  const inOrg = Math.floor(ctx.listSeed / 5);
  const cases: Case[] = [
    { label: 'unfiltered', filters: {}, depth: Math.floor(inOrg * 0.8) },
    { label: 'status=booked', filters: { status: 'booked' }, depth: Math.floor(inOrg * 0.15) },
    {
      label: 'type=probate&createdAfter',
      filters: { type: 'probate', createdAfter: new Date('2026-01-02T00:00:00Z') },
      depth: Math.floor(inOrg * 0.1),
    },
  ];
  const results = [];
  for (const c of cases) {
    const deep = await positionAt(ctx, c);
    const first = await measure(ctx, pool, c.filters, undefined, samples);
    const deepPage = await measure(ctx, pool, c.filters, deep, samples);
    results.push({
      filter: c.label,
      depth: c.depth,
      firstPage: first,
      deepPage,
      deepOverFirstP99: ratio(deepPage.api.p99, first.api.p99),
      apiOverSqlP99: ratio(deepPage.api.p99, deepPage.sql.p99),
    });
  }
  await pool.end();
  return {
    name: 'list orders',
    orders: ctx.listSeed,
    seedSeconds,
    cases: results,
    target: 'p99 ≤ 10 ms, deep/first ≤ 1.2',
  };
}

async function positionAt(ctx: BenchContext, c: Case) {
  let q = ctx.services.db
    .selectFrom('orders')
    .select(['created_at', 'id'])
    .where('organisation_id', '=', ctx.organisationId)
    .where('livemode', '=', true);
  if (c.filters.status) q = q.where('status', '=', c.filters.status);
  if (c.filters.type) q = q.where('type', '=', c.filters.type);
  if (c.filters.createdAfter) q = q.where('created_at', '>', c.filters.createdAfter);
  const row = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(c.depth)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { createdAt: row.created_at, id: row.id };
}

async function measure(
  ctx: BenchContext,
  pool: Pool,
  filters: ListFilters,
  after: { createdAt: Date; id: string } | undefined,
  samples: number,
) {
  const params = new URLSearchParams({ limit: '25' });
  if (after) params.set('cursor', encodeCursor(after, { limit: 25, filters }));
  else {
    if (filters.status) params.set('status', filters.status);
    if (filters.type) params.set('type', filters.type);
    if (filters.createdAfter) params.set('createdAfter', filters.createdAfter.toISOString());
  }
  const url = `${ctx.services.apiUrl}/api/v1/orders?${params}`;
  const headers = { authorization: `Bearer ${ctx.apiKey}` };
  const callApi = async () => {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`list answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  const { text, values } = rawQuery(ctx.organisationId, filters, after);
  const callSql = async () => {
    await pool.query(text, values);
  };
  await timed(50, 1, callApi);
  await timed(50, 1, callSql);
  const api = await timed(samples, 1, callApi);
  const raw = await timed(samples, 1, callSql);
  return { api: summarise(api.latencies), sql: summarise(raw.latencies) };
}

/** The equivalent query, written by hand: what the endpoint costs without Koa, auth and serialisation. */
function rawQuery(organisationId: string, f: ListFilters, after?: { createdAt: Date; id: string }) {
  const values: unknown[] = [organisationId];
  const where = ['organisation_id = $1', 'livemode = true'];
  const add = (clause: (n: number) => string, value: unknown) => {
    values.push(value);
    where.push(clause(values.length));
  };
  if (f.status) add((n) => `status = $${n}`, f.status);
  if (f.type) add((n) => `type = $${n}`, f.type);
  if (f.createdAfter) add((n) => `created_at > $${n}`, f.createdAfter);
  if (after) {
    values.push(after.createdAt, after.id);
    where.push(`(created_at, id) < ($${values.length - 1}, $${values.length})`);
  }
  const text = `select * from orders where ${where.join(' and ')} order by created_at desc, id desc limit 26`;
  return { text, values };
}
