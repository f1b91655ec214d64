import { Redis } from 'ioredis';
import { call, post } from '../lib/http';
import { load, type LoadResult } from '../lib/load';
import { progress } from '../lib/progress';
import { ratio, type TargetResult } from '../lib/stats';
import type { BenchContext } from './context';

const QUOTE = { type: 'planning', postcode: 'LS1 4AP', wordCount: 250 };
const SATURATION_CONNECTIONS = 32;
const FIXED_RATE_CONNECTIONS = 8;
/** Client addresses the quote load comes from (both sides send the same headers). */
const CLIENT_ADDRESSES = 4096;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers at REDIS_URL (the Redis side of the scenario is skipped otherwise). */
async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000 });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

interface StoreRun {
  store: 'postgresql' | 'redis';
  saturation: { connections: number; api: LoadResult; ratio: number };
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
  apiUrl: string,
  bare: { url: string; max: LoadResult },
): Promise<StoreRun> {
  const { seconds, warmupSeconds } = ctx;
  const api = {
    url: `${apiUrl}/api/v1/quote`,
    method: 'POST' as const,
    body: QUOTE,
    clientAddresses: CLIENT_ADDRESSES,
  };
  await load({ ...api, label: `quote (${store}) warm-up`, seconds: warmupSeconds, connections: 16 });
  const connections = SATURATION_CONNECTIONS;
  const apiMax = await load({ ...api, label: `quote (${store}) saturation`, seconds, connections });
  const rate = Math.max(50, Math.round(Math.min(apiMax.requestsPerSecond, bare.max.requestsPerSecond) / 4));
  const fixed = { seconds, connections: FIXED_RATE_CONNECTIONS, rate };
  const apiFixed = await load({ ...api, ...fixed, label: `quote (${store}) fixed rate` });
  const bareFixed = await load({
    url: bare.url,
    clientAddresses: CLIENT_ADDRESSES,
    ...fixed,
    label: 'bare Koa fixed rate',
  });
  return {
    store,
    saturation: {
      connections,
      api: apiMax,
      ratio: ratio(apiMax.requestsPerSecond, bare.max.requestsPerSecond),
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
 * POST /api/v1/quote beside a bare Koa app answering a static JSON body of the same size (the HTTP stack's
 * ceiling on this machine), once with the rate-limit counters in PostgreSQL (the bench API) and once in Redis
 * (a second API process with REDIS_URL, when a Redis server answers at BENCH_REDIS_URL): requests per second
 * at saturation, then p50/p99 at a fixed moderate rate. The load comes from many client addresses, as it
 * would in production, where one address may ask for 20 quotes a minute: one address at saturation would
 * measure the lock on its single rate-limit counter, not the API.
 */
export async function quoteScenario(ctx: BenchContext) {
  const { services, seconds, warmupSeconds } = ctx;
  const size = JSON.stringify(await call(`${services.apiUrl}/api/v1/quote`, post(QUOTE))).length;
  const bareUrl = await services.startBareKoa(size);
  const bareLoad = { url: bareUrl, clientAddresses: CLIENT_ADDRESSES };
  await load({ ...bareLoad, label: 'bare Koa warm-up', seconds: warmupSeconds, connections: 16 });
  const bareMax = await load({
    ...bareLoad,
    label: 'bare Koa saturation',
    seconds,
    connections: SATURATION_CONNECTIONS,
  });
  const bare = { url: bareUrl, max: bareMax };
  const runs = [await measureStore(ctx, 'postgresql', services.apiUrl, bare)];
  const redis = await redisAnswers();
  if (redis) runs.push(await measureStore(ctx, 'redis', await services.startApi({ REDIS_URL }), bare));
  else progress(`no Redis at ${REDIS_URL}: quote measured with the PostgreSQL store only`);

  const targets: TargetResult[] = runs.map((r) => ({
    target: `quote (${r.store} limiter) ≥ 0.5× bare Koa (req/s)`,
    actual: `${r.saturation.ratio}×`,
    met: r.saturation.ratio >= 0.5,
  }));
  return {
    name: 'quote',
    responseBytes: size,
    clientAddresses: CLIENT_ADDRESSES,
    bareKoa: { saturation: bareMax },
    stores: runs,
    redis: redis ? REDIS_URL : null,
    targets,
  };
}
