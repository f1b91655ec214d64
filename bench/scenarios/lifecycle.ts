import { sql } from 'kysely';
import { createIntegrationKey } from '../../src/db/integration-keys.repository';
import { createWebhookEndpoint } from '../../src/db/webhook-endpoints.repository';
import { ORDER_EVENTS } from '../../src/orders/events';
import { validOrderBody } from '../../test/support/notice-bodies';
import type { ActionCounts } from '../lib/actions';
import { bearer, call, post } from '../lib/http';
import { actionsPerOrder } from '../lib/order-actions';
import { progress } from '../lib/progress';
import { startCountingReceiver } from '../lib/receiver';
import { peakRssMiB, settle } from '../lib/services';
import { summarise, timed, type TargetResult } from '../lib/stats';
import { benchOrganisation, type BenchContext } from './context';

const CONCURRENCY = 32;
/** Webhook endpoints of the lifecycle organisation, each subscribed to every event. */
const ENDPOINTS = 2;
/** Orders whose workflows' histories are fetched and counted after the run. */
const ACTION_SAMPLE = 20;

/**
 * Temporal actions per completed lifecycle (placed, booked, published; on account, two webhook endpoints)
 * before issue 19's cuts: one notification workflow per event, one delivery workflow per event and endpoint,
 * the invoice PDF rendered before the 201. Measured with this scenario on 2026-11-23 (bench/results/2026-11-23-lifecycle-actions-before.json).
 */
export const ACTIONS_BEFORE: ActionCounts | null = {
  workflowsStarted: 13,
  workflowTasks: 33,
  activities: 18,
  timers: 2,
  signals: 0,
  updates: 3,
  childWorkflows: 0,
  total: 69,
  localActivities: 6,
};
/** Every order goes through these, each recorded exactly once. */
const EXPECTED_EVENTS = ['order.created', 'order.booked', 'order.published'];

/**
 * N orders driven concurrently from creation through the newspaper's booking and publication reports; then
 * every order is checked in the projection (published), with each of its events recorded exactly once.
 */
export async function lifecycleScenario(ctx: BenchContext) {
  const { services } = ctx;
  const { apiKey, organisationId } = await benchOrganisation(services, 'Bench lifecycle');
  const receiver = services.tls ? await startCountingReceiver(services.tls) : null;
  const endpointPaths = receiver ? Array.from({ length: ENDPOINTS }, (_, i) => `/endpoint-${i + 1}`) : [];
  for (const path of endpointPaths) {
    await createWebhookEndpoint(services.db, services.webhookEncryptionKey, {
      organisationId,
      mode: 'live',
      url: receiver!.url(path),
      events: [...ORDER_EVENTS],
    });
  }
  try {
    return await driveLifecycles(ctx, apiKey, receiver, endpointPaths);
  } finally {
    await receiver?.close();
  }
}

async function driveLifecycles(
  ctx: BenchContext,
  apiKey: string,
  receiver: Awaited<ReturnType<typeof startCountingReceiver>> | null,
  endpointPaths: string[],
) {
  const { services, lifecycleOrders: count } = ctx;
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

  // Once the worker is quiet, every announcement of these orders has run: count deliveries and actions.
  await settle(services, 120_000);
  const { rows: allEvents } = await sql<{ id: string }>`
    select id from order_events where order_id = any(${ids})`.execute(services.db);
  let undelivered = 0;
  let duplicatedDeliveries = 0;
  for (const { id } of allEvents) {
    for (const path of endpointPaths) {
      const n = receiver!.count(path, id);
      if (n === 0) undelivered++;
      if (n > 1) duplicatedDeliveries += n - 1;
    }
  }
  progress(`lifecycle: counting Temporal actions of ${Math.min(ACTION_SAMPLE, ids.length)} orders`);
  const actions = await actionsPerOrder(services, ids.slice(0, ACTION_SAMPLE));
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
    {
      target: `lifecycle: each of ${endpointPaths.length} endpoints got every event exactly once`,
      actual: `${undelivered} undelivered, ${duplicatedDeliveries} duplicated`,
      met: undelivered === 0 && duplicatedDeliveries === 0,
    },
    ...(ACTIONS_BEFORE
      ? [
          {
            target: `lifecycle: Temporal actions per order ≤ half of ${ACTIONS_BEFORE.total}`,
            actual: `${actions.perOrder.total}`,
            met: actions.perOrder.total <= ACTIONS_BEFORE.total / 2,
          },
        ]
      : []),
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
    webhookEndpoints: endpointPaths.length,
    undeliveredWebhooks: undelivered,
    duplicatedWebhooks: duplicatedDeliveries,
    actions: { ...actions, before: ACTIONS_BEFORE },
    workerPeakRssMiB: peakRssMiB(services.worker.pid),
    workerPeakRssBeforeMiB: rssBefore,
    apiPeakRssMiB: peakRssMiB(services.api.pid),
    targets,
  };
}
