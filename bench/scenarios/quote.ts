import { call } from '../lib/http';
import { load, type LoadResult } from '../lib/load';
import { progress } from '../lib/progress';
import { BENCH_REDIS_URL, redisAnswers } from '../lib/redis';
import { cpuSeconds, type StartedProcess } from '../lib/services';
import { ratio, round, type TargetResult } from '../lib/stats';
import type { BenchContext } from './context';
import { quoteBodies, type QuoteBodies } from './quote-bodies';

const SATURATION_CONNECTIONS = 32;
const FIXED_RATE_CONNECTIONS = 8;
/** Client addresses the quote load comes from (both sides send the same headers). */
const CLIENT_ADDRESSES = 4096;
/**
 * At least 3 s: the Redis-side API is a process started for the scenario, and its code paths (memo misses,
 * full-order quotes) need some thousands of requests before the JIT has compiled them.
 */
const warmUp = (seconds: number) => Math.max(3, seconds);

/** A saturation run with the CPU time the process spent on it, per request answered (from /proc). */
interface Saturated {
  load: LoadResult;
  cpuMicrosPerRequest: number | null;
}

async function saturate(
  label: string,
  target: StartedProcess,
  opts: Omit<Parameters<typeof load>[0], 'label' | 'connections'>,
): Promise<Saturated> {
  const before = cpuSeconds(target.pid);
  const result = await load({ ...opts, label, connections: SATURATION_CONNECTIONS });
  const after = cpuSeconds(target.pid);
  const cpu =
    before === null || after === null || result.requests === 0
      ? null
      : round(((after - before) * 1e6) / result.requests);
  return { load: result, cpuMicrosPerRequest: cpu };
}

interface StoreRun {
  store: 'postgresql' | 'redis';
  saturation: {
    connections: number;
    api: LoadResult;
    ratio: number;
    cpuMicrosPerRequest: number | null;
    cpuRatio: number | null;
  };
  fixedRate: {
    requestsPerSecond: number;
    connections: number;
    api: LoadResult;
    bareKoa: LoadResult;
    p99Ratio: number;
  };
}

/** One store's API: saturation, then p50/p99 at a quarter of the slower side's saturation rate, beside bare Koa. */
async function measureStore(
  ctx: BenchContext,
  store: StoreRun['store'],
  apiProcess: StartedProcess,
  bodies: QuoteBodies,
  bare: { process: StartedProcess; max: Saturated },
): Promise<StoreRun> {
  const { seconds, warmupSeconds } = ctx;
  const api = {
    url: `${apiProcess.url}/api/v1/quote`,
    method: 'POST' as const,
    nextBody: bodies.next,
    clientAddresses: CLIENT_ADDRESSES,
  };
  await load({ ...api, label: `quote (${store}) warm-up`, seconds: warmUp(warmupSeconds), connections: 16 });
  const apiMax = await saturate(`quote (${store}) saturation`, apiProcess, { ...api, seconds });
  const rate = Math.max(
    50,
    Math.round(Math.min(apiMax.load.requestsPerSecond, bare.max.load.requestsPerSecond) / 4),
  );
  const fixed = { seconds, connections: FIXED_RATE_CONNECTIONS, rate };
  const apiFixed = await load({ ...api, ...fixed, label: `quote (${store}) fixed rate` });
  const bareFixed = await load({
    ...api,
    url: bare.process.url,
    ...fixed,
    label: 'bare Koa fixed rate',
  });
  const bareCpu = bare.max.cpuMicrosPerRequest;
  return {
    store,
    saturation: {
      connections: SATURATION_CONNECTIONS,
      api: apiMax.load,
      ratio: ratio(apiMax.load.requestsPerSecond, bare.max.load.requestsPerSecond),
      cpuMicrosPerRequest: apiMax.cpuMicrosPerRequest,
      // Bare Koa's CPU per request over ours: the same-machine ceiling of the req/s ratio on one core.
      cpuRatio: apiMax.cpuMicrosPerRequest && bareCpu ? ratio(bareCpu, apiMax.cpuMicrosPerRequest) : null,
    },
    fixedRate: {
      requestsPerSecond: rate,
      connections: FIXED_RATE_CONNECTIONS,
      api: apiFixed,
      bareKoa: bareFixed,
      p99Ratio: ratio(apiFixed.p99, bareFixed.p99),
    },
  };
}

/**
 * Every body of the cycle answers 200 (a fresh estimate too), and the size bare Koa answers with: the mean
 * answer of the cycle (15 estimates in 16, 1 full-order quote).
 */
export async function checkBodies(apiUrl: string, bodies: QuoteBodies): Promise<number> {
  const size = async (body: string) => {
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
    return JSON.stringify(await call(`${apiUrl}/api/v1/quote`, init)).length;
  };
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const estimates = await Promise.all(bodies.popular.map(size));
  const full = await Promise.all(bodies.full.map(size));
  await size(bodies.fresh());
  return Math.round((15 * mean(estimates) + mean(full)) / 16);
}

/**
 * POST /api/v1/quote beside a bare Koa app answering a static JSON body of the same (mean) size to the same
 * requests (the HTTP stack's ceiling on this machine), once with the rate-limit counters in PostgreSQL (the
 * bench API) and once in Redis (a second API process with REDIS_URL, when a Redis server answers at
 * BENCH_REDIS_URL): requests per second and CPU time per request at saturation, then p50/p99 at a fixed
 * moderate rate. The bodies vary (quote-bodies.ts: remembered estimates, first-seen ones, full-order quotes).
 * The load comes from many client addresses, as it would in production, where one address may ask for 20
 * quotes a minute: one address at saturation would measure the lock on its single rate-limit counter.
 */
export async function quoteScenario(ctx: BenchContext) {
  const { services, seconds, warmupSeconds } = ctx;
  const bodies = quoteBodies();
  const size = await checkBodies(services.apiUrl, bodies);
  const bareProcess = await services.startBareKoa(size);
  const bareLoad = {
    url: bareProcess.url,
    method: 'POST' as const,
    nextBody: bodies.next,
    clientAddresses: CLIENT_ADDRESSES,
  };
  await load({ ...bareLoad, label: 'bare Koa warm-up', seconds: warmUp(warmupSeconds), connections: 16 });
  const bareMax = await saturate('bare Koa saturation', bareProcess, { ...bareLoad, seconds });
  const bare = { process: bareProcess, max: bareMax };
  const mainApi = { url: services.apiUrl, pid: services.api.pid };
  const runs = [await measureStore(ctx, 'postgresql', mainApi, bodies, bare)];
  const redis = await redisAnswers();
  if (redis)
    runs.push(
      await measureStore(ctx, 'redis', await services.startApi({ REDIS_URL: BENCH_REDIS_URL }), bodies, bare),
    );
  else progress(`no Redis at ${BENCH_REDIS_URL}: quote measured with the PostgreSQL store only`);

  const targets: TargetResult[] = runs.map((r) => ({
    target: `quote (${r.store} limiter) ≥ 0.5× bare Koa (req/s)`,
    actual: `${r.saturation.ratio}×`,
    met: r.saturation.ratio >= 0.5,
  }));
  return {
    name: 'quote',
    responseBytes: size,
    bodies: { popularEstimates: bodies.popular.length, fullOrderQuotes: bodies.full.length },
    clientAddresses: CLIENT_ADDRESSES,
    bareKoa: { saturation: bareMax.load, cpuMicrosPerRequest: bareMax.cpuMicrosPerRequest },
    stores: runs,
    redis: redis ? BENCH_REDIS_URL : null,
    targets,
  };
}
