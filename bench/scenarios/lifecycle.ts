import { sql } from 'kysely';
import { createIntegrationKey } from '../../src/db/integration-keys.repository';
import { validOrderBody } from '../../test/support/notice-bodies';
import { bearer, call, post } from '../lib/http';
import { peakRssMiB } from '../lib/services';
import { summarise, timed, type TargetResult } from '../lib/stats';
import { benchOrganisation, type BenchContext } from './context';

const CONCURRENCY = 32;
/** Every order goes through these, each recorded exactly once. */
const EXPECTED_EVENTS = ['order.created', 'order.booked', 'order.published'];

/**
 * N orders driven concurrently from creation through the newspaper's booking and publication reports; then
 * every order is checked in the projection (published), with each of its events recorded exactly once.
 */
export async function lifecycleScenario(ctx: BenchContext) {
  const { services, lifecycleOrders: count } = ctx;
  const { apiKey } = await benchOrganisation(services, 'Bench lifecycle');
  const body = validOrderBody('planning', { clientRef: 'bench-lifecycle' });
  const probe = await call<{ id: string }>(
    `${services.apiUrl}/api/v1/orders`,
    post(body, bearer(apiKey)),
    201,
  );
  const { newspaperName } = await call<{ newspaperName: string }>(
    `${services.apiUrl}/api/v1/orders/${probe.id}`,
    {
      headers: bearer(apiKey),
    },
  );
  const { key: paperKey } = await createIntegrationKey(services.db, { kind: 'newspaper', newspaperName });
  const paper = bearer(paperKey);

  let ids: string[] = [];
  const drive = async () => {
    const { id } = await call<{ id: string }>(
      `${services.apiUrl}/api/v1/orders`,
      post(body, bearer(apiKey)),
      201,
    );
    ids.push(id);
    const base = `${services.apiUrl}/api/integrations/v1/orders/${id}`;
    await call(`${base}/booking`, post({ publicationDate: body.publicationDate }, paper));
    await call(`${base}/publication`, post({ publishedAt: new Date().toISOString() }, paper));
  };
  await timed('lifecycle warm-up', Math.min(20, Math.ceil(count / 10)), CONCURRENCY, drive);
  ids = [];
  const rssBefore = peakRssMiB(services.worker.pid);
  const run = await timed('lifecycle orders', count, CONCURRENCY, drive, ctx.deadline);

  const { rows: statuses } = await sql<{ status: string; n: string }>`
    select status, count(*) as n from orders where id = any(${ids}) group by status`.execute(services.db);
  const byStatus = Object.fromEntries(statuses.map((r) => [r.status, Number(r.n)]));
  const published = (byStatus.published ?? 0) + (byStatus.completed ?? 0);
  const { rows: events } = await sql<{ event: string; orders: string; total: string }>`
    select event, count(distinct order_id) as orders, count(*) as total from order_events
    where order_id = any(${ids}) group by event`.execute(services.db);
  const eventCounts = Object.fromEntries(
    events.map((r) => [r.event, { orders: Number(r.orders), total: Number(r.total) }]),
  );
  const duplicatedEvents = events.reduce((n, r) => n + Number(r.total) - Number(r.orders), 0);
  const missingEvents = EXPECTED_EVENTS.reduce((n, e) => n + ids.length - (eventCounts[e]?.orders ?? 0), 0);
  // Accepted (201) but not published: a failed report or an order the engine dropped.
  const lost = ids.length - published;
  const targets: TargetResult[] = [
    {
      target: `lifecycle: every accepted order published, none lost`,
      actual: `${published} of ${ids.length} published, ${lost} lost`,
      met: lost === 0,
    },
    {
      target: 'lifecycle: every event recorded exactly once',
      actual: `${duplicatedEvents} duplicated, ${missingEvents} missing`,
      met: duplicatedEvents === 0 && missingEvents === 0,
    },
  ];
  return {
    name: 'lifecycle',
    orders: count,
    accepted: ids.length,
    notStarted: run.notStarted,
    concurrency: CONCURRENCY,
    ordersPerSecond: run.perSecond,
    seconds: run.seconds,
    perOrder: summarise(run.latencies),
    failed: run.errors,
    firstError: run.firstError,
    statuses: byStatus,
    published,
    lost,
    events: eventCounts,
    duplicatedEvents,
    missingEvents,
    workerPeakRssMiB: peakRssMiB(services.worker.pid),
    workerPeakRssBeforeMiB: rssBefore,
    apiPeakRssMiB: peakRssMiB(services.api.pid),
    targets,
  };
}
