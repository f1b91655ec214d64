import { randomUUID } from 'node:crypto';
import { NativeConnection, Worker } from '@temporalio/worker';
import { validOrderBody } from '../../test/support/notice-bodies';
import { cpuSnapshot, cpuSplit, serviceRoles, type CpuRoles } from '../lib/cpu-split';
import { bearer, call, post } from '../lib/http';
import { progress, withTimeout } from '../lib/progress';
import { settle } from '../lib/services';
import { ratio, summarise, timed, type TargetResult } from '../lib/stats';
import { benchOrganisation, type BenchContext } from './context';

const CONCURRENCY = 16;
/** Creates measured one at a time, so each latency is the create path's own, not a queue's. */
const SINGLE_COUNT = { quick: 30, full: 100 };
const SINGLE_P50_TARGET_MS = 150;
const RATIO_TARGET = 0.25;

/**
 * POST /api/v1/orders (201, then the order readable at GET /api/v1/orders/:id straight after) beside raw
 * client.workflow.start of a no-op workflow on the same Temporal server, with a worker running it.
 */
export async function createOrderScenario(ctx: BenchContext) {
  const { services, createCount } = ctx;
  const { apiKey } = await benchOrganisation(services, 'Bench create');
  const body = validOrderBody('planning', { clientRef: 'bench-create' });
  let unreadable = 0;
  const create = async () => {
    const t0 = performance.now();
    const created = await call<{ id: string }>(
      `${services.apiUrl}/api/v1/orders`,
      post(body, bearer(apiKey)),
      201,
    );
    const latency = performance.now() - t0;
    // Readable right after the 201 (the projection is written before the update answers): not timed.
    const res = await fetch(`${services.apiUrl}/api/v1/orders/${created.id}`, { headers: bearer(apiKey) });
    await res.arrayBuffer();
    if (res.status !== 200) unreadable++;
    return latency;
  };
  await timed('create warm-up', Math.ceil(createCount / 10), CONCURRENCY, create);
  await settle(services);
  unreadable = 0;
  const singleCount = ctx.quick ? SINGLE_COUNT.quick : SINGLE_COUNT.full;
  const single = await timed('create orders, 1 in flight', singleCount, 1, create, ctx.deadline);
  const singleSummary = summarise(single.latencies);
  await settle(services);
  // Who had the cores while creates ran 16 in flight, and while the raw starts did (its worker is in the bench).
  const roles = serviceRoles(services);
  const createCpu = cpuSnapshot(roles);
  const api = await timed('create orders', createCount, CONCURRENCY, create, ctx.deadline);
  const createCpuSplit = cpuSplit(createCpu, cpuSnapshot(roles));

  const baseline = await rawStartBaseline(ctx, roles);
  const createRatio = ratio(api.perSecond, baseline.perSecond);
  const targets: TargetResult[] = [
    {
      target: `create ≥ ${RATIO_TARGET}× raw workflow start (orders/s)`,
      actual: `${createRatio}×`,
      met: createRatio >= RATIO_TARGET,
    },
    {
      target: `create p50 at 1 in flight ≤ ${SINGLE_P50_TARGET_MS} ms`,
      actual: `${singleSummary.p50} ms`,
      met: single.latencies.length > 0 && singleSummary.p50 <= SINGLE_P50_TARGET_MS,
    },
    {
      target: 'every created order readable after its 201',
      actual: `${unreadable} unreadable`,
      met: unreadable === 0,
    },
  ];
  return {
    name: 'create order',
    count: createCount,
    notStarted: api.notStarted,
    concurrency: CONCURRENCY,
    api: {
      ordersPerSecond: api.perSecond,
      ...summarise(api.latencies),
      failed: api.errors,
      firstError: api.firstError,
      unreadable,
    },
    single: { ...singleSummary, failed: single.errors, firstError: single.firstError },
    rawStart: {
      startsPerSecond: baseline.perSecond,
      ...summarise(baseline.latencies),
      failed: baseline.errors,
      firstError: baseline.firstError,
    },
    ratio: createRatio,
    cpu: { ours: createCpuSplit, baseline: baseline.cpu },
    targets,
  };
}

/** The engine's ceiling: client.workflow.start of a workflow that does nothing, a worker of ours running it. */
async function rawStartBaseline(ctx: BenchContext, roles: CpuRoles) {
  const { services, createCount: count } = ctx;
  const taskQueue = `bench-noop-${randomUUID()}`;
  progress('raw start baseline: bundling the no-op workflow');
  const connection = await NativeConnection.connect({ address: services.temporalAddress });
  try {
    const worker = await Worker.create({
      connection,
      taskQueue,
      workflowsPath: require.resolve('../workflows'),
    });
    const running = worker.run();
    try {
      const start = async () => {
        await services.temporal.workflow.start('benchNoopWorkflow', {
          taskQueue,
          workflowId: `noop-${randomUUID()}`,
        });
      };
      await timed('raw start warm-up', Math.ceil(count / 10), CONCURRENCY, start);
      const from = cpuSnapshot(roles);
      const starts = await timed('raw workflow starts', count, CONCURRENCY, start, ctx.deadline);
      return { ...starts, cpu: cpuSplit(from, cpuSnapshot(roles)) };
    } finally {
      worker.shutdown();
      await withTimeout(running, 30_000, 'no-op worker shutdown');
    }
  } finally {
    await connection.close();
  }
}
