import { loadConfig } from '../../src/config';
import { createApiKey } from '../../src/db/api-keys.repository';
import { createOrganisation } from '../../src/db/organisations.repository';
import { QuotaExceeded } from '../../src/quotas/quotas';
import { OPERATOR } from '../../src/settings/services/actor';
import { createOrganisationKey } from '../../src/settings/services/api-keys.service';
import { createEndpoint } from '../../src/settings/services/webhooks.service';
import { validOrderBody } from '../../test/support/notice-bodies';
import { pinToOwnCpus } from '../lib/cpu-limit';
import { cpuSnapshot, cpuSplit, serviceRoles, temporalServerPids } from '../lib/cpu-split';
import { bearer, post } from '../lib/http';
import { progress, sleep, withTimeout } from '../lib/progress';
import { BENCH_REDIS_URL, redisAnswers } from '../lib/redis';
import { startFloodingTenant, type FloodResult } from '../lib/flood-sender';
import { countOf, merge, paced, send, type Statuses } from '../lib/paced';
import { ratio, round, summarise, type TargetResult } from '../lib/stats';
import { benchOrganisation, type BenchContext } from './context';

/**
 * Tenant B, a steady integration within its production limits (each key 120 requests a minute, the
 * organisation 600): creates and lists at fixed rates, open loop, spread over `B_KEYS` keys. A tenant that
 * saturates the service on its own is not what the scenario asks about: its latency is its own queue.
 */
const B_RATES = { createsPerSecond: 1.5, listsPerSecond: 4 };
const B_KEYS = 3;
/**
 * Each of B's measurements lasts this long (both kinds of request together); the warm-up is untimed. A minute
 * gives 240 lists, so their p99 is the third slowest and not one request's hiccup (90 creates: still the slowest).
 */
const B_PHASE_SECONDS = { warmUp: 6, measured: 60 };
/** B's requests are bounded; a measurement ends at most this long after its last request started. */
const B_REQUEST_TIMEOUT_MS = 10_000;
const P99_RATIO_TARGET = 2;
/** Each of A's endpoints holds every delivery this long before answering. */
const RECEIVER_DELAY_MS = 2_000;
/**
 * A's test orders go at four times its per-minute quota (the quota's worth in a quarter of a minute), so every
 * minute of the flood passes the quota whatever second of the clock's minute it starts at.
 */
const ORDER_RATE_OVER_QUOTA = 4;
const MAX_ORDER_RATE = 20;
/**
 * A's requests of every kind together go at its organisation's request limit in production (the bench's
 * services raise the limits, so that B is measured and not the limiter): its lists take what its orders and
 * sample sends leave of it. Past the limit, production answers 429 before any work is done.
 */
const aListRate = (perOrganisationPerMinute: number, otherPerSecond: number) =>
  Math.max(1, perOrganisationPerMinute / 60 - otherPerSecond);
/** `POST /v1/test_helpers/webhooks/send` a second: each goes to every one of A's endpoints. */
const A_SEND_RATE = 2;
/** At most this many requests of each kind (A's and B's) in flight; a tick past it is skipped (and counted). */
const MAX_IN_FLIGHT = 32;
/** The flood runs this long before B is measured beside it. */
const FLOOD_RAMP_MS = 3_000;
/** A's requests are bounded too, and those still in flight when the flood stops are aborted. */
const A_REQUEST_TIMEOUT_MS = 10_000;

/** The workflow types the flood could start in numbers (the shared task queue's load). */
const COUNTED_WORKFLOWS = [
  'orderWorkflow',
  'orderAnnouncementWorkflow',
  'webhookDeliveryWorkflow',
  'webhookSampleWorkflow',
  'simulatedNewspaperWorkflow',
] as const;

/** How many workflows of each type the dev server has started so far (visibility may lag by a moment). */
async function workflowCounts(ctx: BenchContext): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const type of COUNTED_WORKFLOWS) {
    const { count } = await ctx.services.temporal.workflow.count(`WorkflowType = '${type}'`);
    counts[type] = count;
  }
  return counts;
}

const difference = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]));

const fiveHundreds = (s: Statuses) => countOf(s, (status) => status >= 500);
const tooMany = (s: Statuses) => countOf(s, (status) => status === 429);

/** Quotas as the bench's API reads them (it inherits QUOTA_* from the bench's environment). */
function quotaEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => /^QUOTA_/.test(e[0]) && !!e[1]),
  );
}

/**
 * Tenant A: API keys and webhook endpoints made through the services the console and the CLI use, until its
 * quota refuses one more (one attempt past each quota, counted).
 */
async function floodingTenant(ctx: BenchContext, endpointUrl: (path: string) => string) {
  const { services } = ctx;
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: services.databaseUrl,
    WEBHOOK_SECRET_ENCRYPTION_KEY: services.webhookEncryptionKey.toString('hex'),
    WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
    ...quotaEnv(),
  });
  const org = await createOrganisation(services.db, {
    name: 'Bench noisy neighbour A',
    paymentMethod: 'invoice_with_terms',
    invoiceTermsDays: 30,
  });
  const keys: string[] = [];
  let keysRefused = 0;
  for (let i = 0; i <= config.quotas.api_keys; i++) {
    try {
      const { key } = await createOrganisationKey({ db: services.db, quotas: config.quotas }, OPERATOR, {
        organisationId: org.id,
        mode: 'test',
        scopes: ['orders:read', 'orders:write'],
        name: `flood ${i}`,
      });
      keys.push(key);
    } catch (err) {
      if (!(err instanceof QuotaExceeded)) throw err;
      keysRefused++;
      break;
    }
  }
  let endpoints = 0;
  let endpointsRefused = 0;
  for (let i = 0; i <= config.quotas.webhook_endpoints; i++) {
    try {
      await createEndpoint({ db: services.db, config }, OPERATOR, {
        organisationId: org.id,
        url: endpointUrl(`/a/${i}`),
        mode: 'test',
      });
      endpoints++;
    } catch (err) {
      if (!(err instanceof QuotaExceeded)) throw err;
      endpointsRefused++;
      break;
    }
  }
  const requestLimitPerMinute = config.rateLimits.perOrganisationPerMinute;
  return { quotas: config.quotas, requestLimitPerMinute, keys, keysRefused, endpoints, endpointsRefused };
}

/** More live keys of B's organisation (reading and writing orders). */
async function moreKeys(services: BenchContext['services'], organisationId: string, n: number) {
  const keys: string[] = [];
  for (let i = 0; i < n; i++) {
    const { key } = await createApiKey(services.db, {
      organisationId,
      mode: 'live',
      scopes: ['orders:read', 'orders:write'],
    });
    keys.push(key);
  }
  return keys;
}

/**
 * Tenant B (live mode, within its own limits) creates and lists orders at `B_RATES` for `seconds`, round its
 * keys: each latency is one request's, every status counted.
 */
async function measureB(ctx: BenchContext, apiUrl: string, keys: string[], phase: string, seconds: number) {
  const orders = `${apiUrl}/api/v1/orders`;
  const statuses: Statuses = {};
  const run = () => ({ latencies: [] as number[], failed: 0, firstError: null as string | null });
  const create = run();
  const list = run();
  const timedSend = async (into: typeof create, url: string, init: RequestInit, expected: number) => {
    const started = performance.now();
    try {
      const status = await send(url, init, statuses, B_REQUEST_TIMEOUT_MS);
      if (status !== expected) throw new Error(`answered ${status}`);
      into.latencies.push(performance.now() - started);
    } catch (err) {
      into.failed++;
      into.firstError ??= (err as Error).message;
    }
  };
  const keyOf = (i: number) => bearer(keys[i % keys.length]!);
  const creates = paced(B_RATES.createsPerSecond, MAX_IN_FLIGHT, (i) =>
    timedSend(
      create,
      orders,
      post(validOrderBody('planning', { clientRef: `noisy-b-${phase}-${i}` }), keyOf(i)),
      201,
    ),
  );
  const lists = paced(B_RATES.listsPerSecond, MAX_IN_FLIGHT, (i) =>
    timedSend(list, `${orders}?limit=25`, { headers: keyOf(i) }, 200),
  );
  await sleep(Math.max(0, Math.min(seconds * 1000, ctx.deadline - Date.now())));
  // B's requests still in flight are waited for (each is bounded by B_REQUEST_TIMEOUT_MS), not aborted.
  await Promise.all([creates.finish(), lists.finish()]);
  const shape = (r: typeof create) => ({
    ...summarise(r.latencies),
    perSecond: round(r.latencies.length / seconds),
    failed: r.failed,
    firstError: r.firstError,
  });
  return { create: shape(create), list: shape(list), statuses };
}

type Measured = Awaited<ReturnType<typeof measureB>>['create'];

/**
 * B's p99 beside the flood against idle. A request that failed (no answer within B_REQUEST_TIMEOUT_MS, or not
 * the expected status) has no latency to count, so any such request in either phase misses the target outright
 * (it would be the p99).
 */
function p99Target(what: string, loaded: Measured, idle: Measured, ratio: number): TargetResult {
  const failed = loaded.failed + idle.failed;
  return {
    target: `tenant B ${what} p99 beside the flood ≤ ${P99_RATIO_TARGET}× idle`,
    actual: `${loaded.p99} / ${idle.p99} ms = ${ratio}×${failed ? `; ${failed} failed (no answer within ${B_REQUEST_TIMEOUT_MS} ms, or an error)` : ''}`,
    met: failed === 0 && loaded.count > 0 && loaded.p99 <= P99_RATIO_TARGET * idle.p99,
  };
}

/**
 * The API both tenants use: with rate-limit counters in Redis when a Redis server answers, as the Compose
 * deployment runs it (REDIS_URL), else the bench's API with its counters in PostgreSQL (said in the run).
 */
async function tenantsApi(services: BenchContext['services']) {
  if (!(await redisAnswers())) {
    progress(`no Redis at ${BENCH_REDIS_URL}: noisy neighbour counts rate limits in PostgreSQL`);
    return { rateLimitStore: 'postgresql' as const, url: services.apiUrl, pid: services.api.pid };
  }
  const api = await services.startApi({ REDIS_URL: BENCH_REDIS_URL });
  return { rateLimitStore: 'redis' as const, ...api };
}

/**
 * Production runs the API apart from the worker tier: the Temporal cluster and the worker pods have nodes of
 * their own (docs/deploying.md), and A's clients and endpoints are A's. On one machine they would take the cores
 * B's requests wait for, so the Temporal dev server, both workers and A's process are kept to half the CPUs
 * (a cgroup v1 cpuset), while the API, PostgreSQL, Redis and B's client keep them all. Where that cannot be
 * done the run says so and the figures include that competition.
 */
function pinWorkerTier(services: BenchContext['services'], tenantAPid: number | undefined) {
  const pids = [...temporalServerPids(), services.worker.pid, services.testModeWorker.pid, tenantAPid];
  const pinned = pinToOwnCpus(
    pids.filter((pid): pid is number => pid !== undefined),
    `notices-bench-worker-tier-${process.pid}`,
  );
  progress(
    pinned
      ? `noisy neighbour: worker tier (Temporal server, workers, tenant A) kept to CPUs ${pinned.cpus}`
      : 'noisy neighbour: worker tier not kept apart (no cgroup v1 cpuset, or one CPU): it shares every core',
  );
  return pinned;
}

/**
 * One tenant floods while another works beside it. Tenant B (live) creates and lists orders on the quiet
 * service; then tenant A, holding as many test keys and webhook endpoints (to a receiver that answers after
 * 2 s) as its quotas allow, places test orders at four times its per-minute quota and sends sample events to
 * all its endpoints, with lists filling the rest of its organisation's request limit, while B repeats the
 * same measurement. Targets: B's loaded p99 within 2× its idle p99 for create and list, no 5xx and no 429 for B.
 */
export async function noisyNeighbourScenario(ctx: BenchContext) {
  const { services } = ctx;
  const tenantA = await startFloodingTenant(RECEIVER_DELAY_MS);
  let workerTier: ReturnType<typeof pinToOwnCpus> = null;
  try {
    const a = await floodingTenant(ctx, tenantA.endpointUrl);
    const b = await benchOrganisation(services, 'Bench noisy neighbour B');
    const bKeys = [b.apiKey, ...(await moreKeys(services, b.organisationId, B_KEYS - 1))];
    progress(
      `noisy neighbour: tenant A holds ${a.keys.length} test keys and ${a.endpoints} endpoints (one more of each refused: ${a.keysRefused}, ${a.endpointsRefused})`,
    );
    const api = await tenantsApi(services);
    const roles = serviceRoles({ ...services, api }, tenantA.pid);
    workerTier = pinWorkerTier(services, tenantA.pid);
    await measureB(ctx, api.url, bKeys, 'warm-up', B_PHASE_SECONDS.warmUp);
    const idleCpu = cpuSnapshot(roles);
    const idle = await measureB(ctx, api.url, bKeys, 'idle', B_PHASE_SECONDS.measured);
    const idleCpuSplit = cpuSplit(idleCpu, cpuSnapshot(roles));

    const orderRate = Math.min(
      MAX_ORDER_RATE,
      (a.quotas.test_orders_per_minute / 60) * ORDER_RATE_OVER_QUOTA,
    );
    const listRate = round(aListRate(a.requestLimitPerMinute, orderRate + A_SEND_RATE));
    progress(
      `noisy neighbour: tenant A floods (${round(orderRate)} test orders/s, ${listRate} lists/s, ${A_SEND_RATE} sample events/s to ${a.endpoints} endpoints answering after ${RECEIVER_DELAY_MS} ms)`,
    );
    const workflowsBefore = await workflowCounts(ctx);
    const floodStarted = performance.now();
    await tenantA.go({
      apiUrl: api.url,
      keys: a.keys,
      rates: { ordersPerSecond: orderRate, listsPerSecond: listRate, sendsPerSecond: A_SEND_RATE },
      maxInFlight: MAX_IN_FLIGHT,
      requestTimeoutMs: A_REQUEST_TIMEOUT_MS,
    });
    let loaded: Awaited<ReturnType<typeof measureB>>;
    let loadedCpuSplit: ReturnType<typeof cpuSplit>;
    let flood: FloodResult;
    try {
      await sleep(FLOOD_RAMP_MS);
      const loadedCpu = cpuSnapshot(roles);
      loaded = await measureB(ctx, api.url, bKeys, 'beside the flood', B_PHASE_SECONDS.measured);
      loadedCpuSplit = cpuSplit(loadedCpu, cpuSnapshot(roles));
    } finally {
      // Stopping aborts what is in flight: the wait is short, and bounded in any case.
      flood = await withTimeout(tenantA.stop(), A_REQUEST_TIMEOUT_MS, 'stopping the flood');
    }
    const floodSeconds = round((performance.now() - floodStarted) / 1000, 1);
    const workflowsStarted = difference(await workflowCounts(ctx), workflowsBefore);

    const bStatuses = merge(idle.statuses, loaded.statuses);
    const createRatio = ratio(loaded.create.p99, idle.create.p99);
    const listRatio = ratio(loaded.list.p99, idle.list.p99);
    const aStatuses = flood.statuses;
    const aAll = merge(aStatuses.orders, aStatuses.lists, aStatuses.sends);
    const aRequests = countOf(aAll, () => true);
    const targets: TargetResult[] = [
      p99Target('create', loaded.create, idle.create, createRatio),
      p99Target('list', loaded.list, idle.list, listRatio),
      {
        target: 'tenant B: no 5xx',
        actual: `${fiveHundreds(bStatuses)}`,
        met: fiveHundreds(bStatuses) === 0 && !bStatuses.network,
      },
      {
        target: 'tenant B: no 429 (within its limits)',
        actual: `${tooMany(bStatuses)}`,
        met: tooMany(bStatuses) === 0,
      },
      {
        target: "tenant A's quotas hold (keys, endpoints, test orders a minute)",
        actual: `${a.keysRefused} key, ${a.endpointsRefused} endpoint refused; ${tooMany(aStatuses.orders)} orders 429`,
        met: a.keysRefused === 1 && a.endpointsRefused === 1 && tooMany(aStatuses.orders) > 0,
      },
    ];
    return {
      name: 'noisy neighbour',
      rateLimitStore: api.rateLimitStore,
      // The CPUs the worker tier (Temporal server, workers, A's process) was kept to; null: not kept apart.
      workerTierCpus: workerTier?.cpus ?? null,
      tenantB: {
        rates: B_RATES,
        keys: B_KEYS,
        idle: { create: idle.create, list: idle.list },
        loaded: { create: loaded.create, list: loaded.list },
        p99Ratio: { create: createRatio, list: listRatio },
        p99RatioTarget: P99_RATIO_TARGET,
        statuses: bStatuses,
        fiveHundreds: fiveHundreds(bStatuses),
        tooMany: tooMany(bStatuses),
      },
      tenantA: {
        quotas: a.quotas,
        apiKeys: a.keys.length,
        keysRefusedPastQuota: a.keysRefused,
        webhookEndpoints: a.endpoints,
        endpointsRefusedPastQuota: a.endpointsRefused,
        floodSeconds,
        rates: {
          testOrdersPerSecond: round(orderRate),
          listsPerSecond: listRate,
          requestLimitPerMinute: a.requestLimitPerMinute,
          sendsPerSecond: A_SEND_RATE,
        },
        requests: aRequests,
        tooMany: tooMany(aAll),
        fiveHundreds: fiveHundreds(aAll),
        skippedAtInFlightCap: flood.skippedAtInFlightCap,
        statuses: aStatuses,
        receiver: { delayMs: RECEIVER_DELAY_MS, ...flood.receiver },
      },
      // Workflows started while A flooded (A's and B's together), by type: what shared the order task queue.
      workflowsStartedDuringFlood: workflowsStarted,
      // Who had the cores (percent of the machine): a shared machine's other work shows here.
      cpu: { idle: idleCpuSplit, loaded: loadedCpuSplit },
      targets,
    };
  } finally {
    workerTier?.release();
    tenantA.kill();
  }
}
