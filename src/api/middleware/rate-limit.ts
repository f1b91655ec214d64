import { isIPv4, isIPv6 } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { Next } from 'koa';
import type { Pool } from 'pg';
import {
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError, retryAfterSeconds } from '../../errors';
import type { Logger } from '../../logger';
import type { AppContext, Caller } from '../context';
import { dependencyUnavailable } from '../errors';
import { callerOfHeader, type ActiveKeys } from './authenticate';

/**
 * Where the counters live: Redis (REDIS_URL) when set, one round trip instead of an upsert, so the limiter
 * does not bound the API's throughput; PostgreSQL (`rate_limits`) always, the default and Redis's insurance.
 */
export interface RateLimitStore {
  pool: Pool;
  redis: Redis | null;
}

/**
 * Redis commands fail at once while disconnected (no offline queue, one try), so an outage costs a request
 * only the switch to PostgreSQL; it is logged once per outage. The API waits up to 3 seconds for Redis before
 * taking traffic: counts made in the insurance meanwhile would not add up with Redis's.
 */
export async function rateLimitStore(
  pool: Pool,
  redisUrl: string | undefined,
  log: Logger,
): Promise<RateLimitStore> {
  if (!redisUrl) return { pool, redis: null };
  const redis = new Redis(redisUrl, {
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
    if (!down)
      log.warn(
        { err: err.message },
        'Redis unavailable: rate limits are counted in PostgreSQL until it is back',
      );
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.info('Redis is back: rate limits are counted in Redis again');
    down = false;
  });
  const ready = new Promise((resolve) => redis.once('ready', resolve));
  if (redis.status !== 'ready') await Promise.race([ready, sleep(3_000, undefined, { ref: false })]);
  return { pool, redis };
}

/** A fixed-window counter in Redis, with PostgreSQL as its insurance; else in PostgreSQL. */
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
    rejectIfRedisNotReady: true,
    insuranceLimiter: postgres,
    ...opts,
  });
}

/**
 * Each response carries the IETF draft `RateLimit-Policy` / `RateLimit` headers; an exceeded limit is 429
 * with `Retry-After`. No store answering fails closed, 503: the rest of the request needs the database too.
 * A limit behind another on the same requests (the organisation's `quota`, behind its key's) sends its headers
 * only with its refusal, which names it in `details.quota`, so the first limit's headers stay unambiguous.
 */
export function createRateLimiter(store: RateLimitStore, name: string, points: number, quota?: string) {
  const limiter = createLimiter(store, { keyPrefix: name, points, duration: 60 });
  const whose = quota ? ` (quota ${quota}: all of an organisation's keys together)` : '';
  const details = { limit: points, windowSeconds: 60, ...(quota && { quota }) };
  const policyHeader = `"${name}";q=${points};w=60`;
  const setHeaders = (ctx: AppContext, res: RateLimiterRes) => {
    ctx.set('RateLimit-Policy', policyHeader);
    const resetSeconds = Math.max(0, Math.ceil(res.msBeforeNext / 1000));
    ctx.set('RateLimit', `"${name}";r=${Math.max(0, res.remainingPoints)};t=${resetSeconds}`);
  };
  /** Counts one request in `key`'s bucket; answers what that does to the response: its headers, or a refusal. */
  async function count(ctx: AppContext, key: string): Promise<() => void> {
    let res: RateLimiterRes;
    try {
      res = await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        ctx.state.log?.warn({ err: rejection, policy: name }, 'rate-limit store unavailable');
        return () => {
          throw dependencyUnavailable();
        };
      }
      return () => {
        const retryAfter = retryAfterSeconds(rejection.msBeforeNext);
        setHeaders(ctx, rejection);
        const message = `Too many requests${whose}. Retry after ${retryAfter} seconds.`;
        throw new AppError('rate_limit_exceeded', message, { retryAfterSeconds: retryAfter, ...details });
      };
    }
    return () => {
      if (!quota) setHeaders(ctx, res);
    };
  }
  const consume = async (ctx: AppContext, key: string) => (await count(ctx, key))();
  /** Takes back a request counted beside a refusal that came first (best effort: the window ends anyway). */
  const giveBack = (key: string) => limiter.reward(key, 1).catch(() => undefined);
  return Object.assign(consume, { count, giveBack });
}

export type ConsumeRateLimit = ReturnType<typeof createRateLimiter>;
type KeyLimits = { perKey: ConsumeRateLimit; perOrganisation: ConsumeRateLimit };

/** Middleware counting each request against its client address (`clientBucket`). */
export const limitPerIp = (consume: ConsumeRateLimit) => async (ctx: AppContext, next: Next) => {
  await consume(ctx, clientBucket(ctx.ip));
  return next();
};

/**
 * A key's limit and then its organisation's (in the key's mode, live and test counted apart), counted at once so
 * the request waits for one store round trip, not two; the organisation counts only what its key let through.
 */
async function consumeKeyThenOrganisation(ctx: AppContext, caller: Caller, limits: KeyLimits): Promise<void> {
  const bucket = organisationBucket(caller);
  const [key, organisation] = await Promise.all([
    limits.perKey.count(ctx, caller.keyId),
    limits.perOrganisation.count(ctx, bucket),
  ]);
  try {
    key();
  } catch (refusal) {
    await limits.perOrganisation.giveBack(bucket);
    throw refusal;
  }
  organisation();
}

export const limitPerKeyAndOrganisation = (limits: KeyLimits) => async (ctx: AppContext, next: Next) => {
  await consumeKeyThenOrganisation(ctx, ctx.state.caller!, limits);
  return next();
};

const organisationBucket = (c: Caller) => `${c.organisationId}:${c.livemode ? 'live' : 'test'}`;

/**
 * POST /v1/quote's limit, taken before its body is read: a valid API key's and its organisation's (a
 * platform quoting for many customers is not held to one address's 20 a minute); with no valid key (an
 * invalid one is ignored, as the spec says), the client address's.
 */
export function quoteLimit(keys: ActiveKeys, limits: KeyLimits & { perIp: ConsumeRateLimit }) {
  return async (ctx: AppContext): Promise<void> => {
    const header = ctx.get('Authorization');
    const caller = header ? await callerOfHeader(keys, header) : undefined;
    if (!caller) return limits.perIp(ctx, clientBucket(ctx.ip));
    await consumeKeyThenOrganisation(ctx, caller, limits);
  };
}

/**
 * The bucket a client address counts against: an IPv4 address (IPv4-mapped included), or an IPv6 address's
 * /64, since one subscriber is usually given a whole /64 and could otherwise rotate through 2^64 addresses.
 */
export function clientBucket(ip: string): string {
  const mapped = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIPv4(mapped)) return mapped;
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return ip;
  // The URL parser's canonical form: lower-case hex groups without leading zeros, the longest zero run as `::`.
  const [head, tail] = new URL(`http://[${bare}]`).hostname.slice(1, -1).split('::') as [string, string?];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return `${[...left, ...zeros, ...right].slice(0, 4).join(':')}::/64`;
}
