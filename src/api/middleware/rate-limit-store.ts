import { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '../../logger';

/**
 * Where the rate-limit counters live. PostgreSQL (the `rate_limits` table) always: it is the embedded
 * default, and the insurance when Redis is configured but down. Redis (REDIS_URL) when set: one round trip
 * to an in-memory counter instead of an upsert, so the limiter stops being what bounds the API's throughput.
 */
export interface RateLimitStore {
  pool: Pool;
  redis: Redis | null;
}

/**
 * The limiter on the configured store. With Redis, a request whose counter Redis cannot answer (not
 * connected, or an error) is counted in PostgreSQL instead (`insuranceLimiter`): limits still hold across
 * processes, at PostgreSQL's cost, until Redis is back.
 */
export function createLimiter(
  store: RateLimitStore,
  opts: { keyPrefix: string; points: number; duration: number },
): RateLimiterAbstract {
  const postgres = new RateLimiterPostgres({
    storeClient: store.pool,
    tableName: 'rate_limits',
    tableCreated: true,
    clearExpiredByTimeout: false,
    ...opts,
  });
  if (!store.redis) return postgres;
  return new RateLimiterRedis({
    storeClient: store.redis,
    // Not connected: go to the insurance at once rather than queueing behind reconnection attempts.
    rejectIfRedisNotReady: true,
    insuranceLimiter: postgres,
    ...opts,
  });
}

/**
 * The Redis client of the rate limiter: commands fail at once while disconnected (no offline queue, one
 * try), so a Redis outage costs a request nothing but the switch to PostgreSQL; it reconnects in the
 * background with a capped backoff. Connection errors are logged once per outage, not per retry.
 */
function connectRateLimitRedis(url: string, log: Logger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 500,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    // The counters of requests that arrive together go out in one write (one pipeline per event-loop turn).
    enableAutoPipelining: true,
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: err.message },
      'Redis unavailable: rate limits are counted in PostgreSQL until it is back',
    );
  });
  redis.on('ready', () => {
    if (down) log.info('Redis is back: rate limits are counted in Redis again');
    down = false;
  });
  return redis;
}

/**
 * The store for REDIS_URL (or PostgreSQL alone). It waits, up to 3 seconds, for Redis before the API takes
 * traffic: counts made in the insurance while Redis is still connecting would not add up with those made in
 * Redis.
 */
export async function rateLimitStore(
  pool: Pool,
  redisUrl: string | undefined,
  log: Logger,
): Promise<RateLimitStore> {
  if (!redisUrl) return { pool, redis: null };
  const redis = connectRateLimitRedis(redisUrl, log);
  if (redis.status !== 'ready') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 3_000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  return { pool, redis };
}
