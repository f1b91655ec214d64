import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { Pool } from 'pg';
import { orderList, type ListFilters } from '../../src/api/orders/orders.routes';
import { findOrderById, rowToOrder } from '../../src/db/orders.repository';
import { ORDER_BODY_VERSION, orderBodyJson, serializeOrder, type Order } from '../../src/orders/order';
import { validOrderBody } from '../../test/support/notice-bodies';
import { bearer, call, getJson, post } from '../lib/http';
import { progress, withHeartbeat } from '../lib/progress';
import { BENCH_REDIS_URL, redisAnswers } from '../lib/redis';
import { ratio, summarise, timed, type TargetResult } from '../lib/stats';
import { benchOrganisation, type BenchContext } from './context';

const ORGANISATIONS = 1000;
const STATUSES = ['awaiting_booking', 'booked', 'published', 'completed', 'cancelled'];
const TYPES = ['hgv', 'probate', 'planning', 'tro', 'public_path', 'highways'];
const PAGE = 25;
const SEED_START = new Date('2026-01-01T00:00:00Z');
const P99_TARGET_MS = 10;
const DEEP_OVER_FIRST_TARGET = 1.2;

/** Stand-ins for what differs between seeded rows, replaced in SQL (JSON.stringify leaves them as they are). */
const AT = { id: '@@id@@', reference: '@@reference@@', type: '@@type@@', createdAt: '@@createdAt@@' };

/**
 * The stored body of a seeded row of each status, with stand-ins for its id, reference, type and times: the
 * template order as serializeOrder gives it (so whatever a status changes in a body, such as the balance of
 * a cancelled order, is the serializer's), the per-row values put in by the INSERT.
 */
function bodyTemplates(template: Order): string[] {
  return STATUSES.map((status) => {
    const text = orderBodyJson({
      ...template,
      id: AT.id,
      reference: AT.reference,
      type: AT.type,
      status: status as Order['status'],
      publishedAt: null,
    });
    const iso = (key: 'createdAt' | 'updatedAt') => `"${key}":"${template[key]}"`;
    return text
      .replace(iso('createdAt'), `"createdAt":"${AT.createdAt}"`)
      .replace(iso('updatedAt'), `"updatedAt":"${AT.createdAt}"`);
  });
}

/**
 * Seeds `count` orders across 1,000 other organisations and the list organisation in one INSERT … SELECT:
 * every fifth order is the list organisation's, so its list is deep enough to page far into. Every row
 * carries the notice text, fields and pricing of a real order placed through the API, and its stored body
 * (as the projection writes it), so pages serve what real pages do; a sample is checked against the body
 * its columns give.
 */
async function seed(ctx: BenchContext, organisationId: string, apiKey: string) {
  const { db, apiUrl } = ctx.services;
  const created = await call<{ id: string }>(
    `${apiUrl}/api/v1/orders`,
    post(validOrderBody('planning'), bearer(apiKey)),
    201,
  );
  const template = await findOrderById(db, created.id);
  if (!template) throw new Error(`the template order ${created.id} is not in the projection`);
  await sql`insert into organisations (id, name, payment_method, invoice_terms_days)
    select 'org_bench_' || g, 'Bench organisation ' || g, 'invoice_with_terms', 30
    from generate_series(1, ${ORGANISATIONS}) g`.execute(db);
  const insert = sql`insert into orders (id, organisation_id, livemode, reference, status, type,
      quoted_price_gbp_pence, notice_text, payment_method, payment_state, invoice_url, newspaper_name,
      publication_date, nation, newspapers, gazette_edition, gazette_publication_date, fields, pricing,
      created_at, updated_at, version, body, body_version)
    select s.id,
      case when g % 5 = 0 then ${organisationId} else 'org_bench_' || (g % ${ORGANISATIONS} + 1) end,
      true, s.reference, (${STATUSES}::text[])[s.status], s.type,
      t.quoted_price_gbp_pence, t.notice_text, t.payment_method, t.payment_state, t.invoice_url,
      t.newspaper_name, t.publication_date, t.nation, t.newspapers, t.gazette_edition,
      t.gazette_publication_date, t.fields, t.pricing, s.at, s.at, 1,
      replace(replace(replace(replace((${bodyTemplates(template)}::text[])[s.status],
        ${AT.id}, s.id), ${AT.reference}, s.reference), ${AT.type}, s.type),
        ${AT.createdAt}, to_char(s.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      ${ORDER_BODY_VERSION}
    from generate_series(1, ${ctx.listSeed}) g
      cross join lateral (select
        'ord_bench' || lpad(g::text, 17, '0') as id, -- a well-formed order id (ord_ and 22 letters or digits)
        'SB-' || g as reference, (g / 5) % 5 + 1 as status, (${TYPES}::text[])[(g / 7) % 6 + 1] as type,
        ${SEED_START}::timestamptz + g * interval '3 seconds' as at) s,
      (select * from orders where id = ${template.id}) t`;
  const started = performance.now();
  await withHeartbeat(insert.execute(db), () => `seeding ${ctx.listSeed} orders`);
  progress(
    `seeded ${ctx.listSeed} orders in ${Math.round((performance.now() - started) / 1000)} s; analyzing`,
  );
  await sql`vacuum analyze orders`.execute(db);
  await checkSeededBodies(ctx);
}

/** Seeded rows' stored bodies against what their columns serialize to: a seed that drifted fails the bench. */
async function checkSeededBodies(ctx: BenchContext) {
  const step = Math.max(1, Math.floor(ctx.listSeed / 50));
  const ids = Array.from({ length: 50 }, (_, i) => `ord_bench${String(1 + i * step).padStart(17, '0')}`);
  const rows = await ctx.services.db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
  for (const row of rows) {
    const expected = serializeOrder(rowToOrder(row));
    if (!isDeepStrictEqual(JSON.parse(row.body ?? 'null'), JSON.parse(JSON.stringify(expected)))) {
      throw new Error(`seeded order ${row.id}: its stored body differs from its columns' (${row.body})`);
    }
  }
}

interface Case {
  label: string;
  filters: ListFilters;
}

/** The deep page starts this far into the matching rows (by count), reached by a cursor, never an offset. */
const DEEP_AT = 0.8;
/** An authenticated read costs at most one round trip beyond its query (the key is cached in-process). */
const API_OVER_SQL_P50_TARGET = 3;

type Store = 'postgresql' | 'redis';
type Scope = { apiUrl: string; organisationId: string; apiKey: string; pool: Pool; samples: number };

/** One case's first and deep page through one API process, beside the same queries by hand. */
async function measureCase(ctx: BenchContext, scope: Scope, c: Case, deep: { createdAt: Date; id: string }) {
  const first = await measure(ctx, scope, c, undefined);
  const deepPage = await measure(ctx, scope, c, deep);
  return {
    firstPage: first,
    deepPage,
    deepOverFirstP99: ratio(deepPage.api.p99, first.api.p99),
    apiOverSqlP99: {
      first: ratio(first.api.p99, first.sql.p99),
      deep: ratio(deepPage.api.p99, deepPage.sql.p99),
    },
    apiOverSqlP50: {
      first: ratio(first.api.p50, first.sql.p50),
      deep: ratio(deepPage.api.p50, deepPage.sql.p50),
    },
  };
}

type CaseRun = Awaited<ReturnType<typeof measureCase>>;

function storeTargets(ctx: BenchContext, store: Store, runs: CaseRun[]): TargetResult[] {
  const worstP99 = Math.max(...runs.flatMap((r) => [r.firstPage.api.p99, r.deepPage.api.p99]));
  const worstDeep = Math.max(...runs.map((r) => r.deepOverFirstP99));
  const worstOverSql = Math.max(...runs.flatMap((r) => [r.apiOverSqlP50.first, r.apiOverSqlP50.deep]));
  const limiter = `${store === 'redis' ? 'Redis' : 'PostgreSQL'} limiter`;
  return [
    {
      target: `list p99 ≤ ${P99_TARGET_MS} ms at ${ctx.listSeed} orders (${limiter})`,
      actual: `worst ${worstP99} ms`,
      met: worstP99 <= P99_TARGET_MS,
    },
    {
      target: `list deep/first p99 ≤ ${DEEP_OVER_FIRST_TARGET} (${limiter})`,
      actual: `worst ${worstDeep}`,
      met: worstDeep <= DEEP_OVER_FIRST_TARGET,
    },
    {
      target: `list API/SQL p50 ≤ ${API_OVER_SQL_P50_TARGET}× (${limiter})`,
      actual: `worst ${worstOverSql}×`,
      met: worstOverSql <= API_OVER_SQL_P50_TARGET,
    },
  ];
}

/**
 * Every case through the bench's API (rate limits counted in PostgreSQL, the embedded default) and, when a
 * Redis server answers, through a second API process with REDIS_URL (the docker-compose deployment): the
 * limiter is the one round trip an authenticated read makes beyond its query, so its store is reported apart.
 */
export async function listOrdersScenario(ctx: BenchContext) {
  const { organisationId, apiKey } = await benchOrganisation(ctx.services, 'Bench list');
  const seedStarted = performance.now();
  await seed(ctx, organisationId, apiKey);
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  const pool = new Pool({ connectionString: ctx.services.databaseUrl, max: 2 });
  const cases: Case[] = [
    { label: 'unfiltered', filters: {} },
    { label: 'status=booked', filters: { status: 'booked' } },
    {
      label: 'type+createdAfter',
      // Seeded rows are 3 s apart from SEED_START: the filter skips the oldest quarter of them.
      filters: { type: 'probate', createdAfter: new Date(SEED_START.getTime() + ctx.listSeed * 0.25 * 3000) },
    },
  ];
  const apis: [Store, string][] = [['postgresql', ctx.services.apiUrl]];
  if (await redisAnswers())
    apis.push(['redis', (await ctx.services.startApi({ REDIS_URL: BENCH_REDIS_URL })).url]);
  else progress(`no Redis at ${BENCH_REDIS_URL}: list measured with the PostgreSQL limiter only`);
  const results = [];
  const runs = new Map<Store, CaseRun[]>(apis.map(([store]) => [store, []]));
  try {
    for (const c of cases) {
      const { matching, depth, position } = await positionAt(ctx, organisationId, c);
      const byStore: Partial<Record<Store, CaseRun>> = {};
      for (const [store, apiUrl] of apis) {
        const scope = { apiUrl, organisationId, apiKey, pool, samples: ctx.listSamples };
        const run = await measureCase(ctx, scope, c, position);
        byStore[store] = run;
        runs.get(store)!.push(run);
      }
      results.push({
        filter: c.label,
        matching,
        depth,
        ...byStore.postgresql!,
        redis: byStore.redis ?? null,
      });
    }
  } finally {
    await pool.end();
  }
  const targets = [...runs.entries()].flatMap(([store, r]) => storeTargets(ctx, store, r));
  return {
    name: 'list orders',
    orders: ctx.listSeed,
    pageSize: PAGE,
    seedSeconds,
    redis: apis.length > 1 ? BENCH_REDIS_URL : null,
    cases: results,
    targets,
  };
}

/** How many rows match, and the keyset position DEEP_AT of the way into them (found once, by offset). */
async function positionAt(ctx: BenchContext, organisationId: string, c: Case) {
  let q = ctx.services.db
    .selectFrom('orders')
    .where('organisation_id', '=', organisationId)
    .where('livemode', '=', true);
  if (c.filters.status) q = q.where('status', '=', c.filters.status);
  if (c.filters.type) q = q.where('type', '=', c.filters.type);
  if (c.filters.createdAfter) q = q.where('created_at', '>', c.filters.createdAfter);
  const { n } = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const matching = Number(n);
  const depth = Math.floor(matching * DEEP_AT);
  const row = await q
    .select(['created_at', 'id'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(depth)
    .limit(1)
    .executeTakeFirstOrThrow();
  return { matching, depth, position: { createdAt: row.created_at, id: row.id } };
}

async function measure(
  ctx: BenchContext,
  scope: Scope,
  c: Case,
  after: { createdAt: Date; id: string } | undefined,
) {
  const { filters } = c;
  const params = new URLSearchParams({ limit: String(PAGE) });
  if (after)
    params.set('cursor', orderList.encode(after, { limit: PAGE, filters }, [ctx.services.cursorSigningKey]));
  else {
    if (filters.status) params.set('status', filters.status);
    if (filters.type) params.set('type', filters.type);
    if (filters.createdAfter) params.set('createdAfter', filters.createdAfter.toISOString());
  }
  const url = `${scope.apiUrl}/api/v1/orders?${params}`;
  const headers = bearer(scope.apiKey);
  let returned = 0;
  const callApi = async () => {
    const page = await getJson<{ orders: unknown[] }>(url, headers);
    returned = page.orders.length;
  };
  const { text, values } = rawQuery(scope.organisationId, filters, after);
  const callSql = async () => {
    await scope.pool.query(text, values);
  };
  const label = `list ${c.label} ${after ? 'deep' : 'first'} page`;
  await timed(`${label} warm-up`, 50, 1, callApi);
  await timed(`${label} SQL warm-up`, 50, 1, callSql);
  const api = await timed(label, scope.samples, 1, callApi);
  const raw = await timed(`${label} SQL`, scope.samples, 1, callSql);
  const plan = await scope.pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
  return {
    rows: returned,
    api: { ...summarise(api.latencies), failed: api.errors, firstError: api.firstError },
    sql: summarise(raw.latencies),
    plan: plan.rows.map((r) => r['QUERY PLAN']),
  };
}

/**
 * The endpoint's query, written by hand (the columns it reads: ids, times and stored bodies): what a page costs
 * without Koa, auth and the page's assembly.
 */
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
  const text = `select id, created_at, body, body_version from orders where ${where.join(' and ')} order by created_at desc, id desc limit ${PAGE + 1}`;
  return { text, values };
}
