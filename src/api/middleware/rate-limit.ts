import type { Next } from 'koa';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../errors';
import type { AppContext } from '../context';
import { createLimiter, type RateLimitStore } from './rate-limit-store';

export interface RateLimitPolicy {
  /** Policy name shown in the RateLimit headers. */
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * A fixed-window limiter whose counters live in PostgreSQL (the `rate_limits` table) or Redis (REDIS_URL, see
 * rate-limit-store.ts), so every API process shares them. Each response carries the IETF draft `RateLimit-Policy` / `RateLimit` headers; an exceeded
 * limit answers 429 `rate_limit_exceeded` with an integer `Retry-After`.
 */
export function createRateLimiter(store: RateLimitStore, policy: RateLimitPolicy) {
  const limiter = createLimiter(store, {
    keyPrefix: policy.name,
    points: policy.points,
    duration: policy.durationSeconds,
  });
  return async function consume(ctx: AppContext, key: string): Promise<void> {
    let res: RateLimiterRes;
    try {
      res = await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      setHeaders(ctx, policy, rejection);
      ctx.set('Retry-After', String(retryAfter));
      throw new AppError('rate_limit_exceeded', `Too many requests. Retry after ${retryAfter} seconds.`, {
        retryAfterSeconds: retryAfter,
        limit: policy.points,
        windowSeconds: policy.durationSeconds,
      });
    }
    setHeaders(ctx, policy, res);
  };
}

function setHeaders(ctx: AppContext, policy: RateLimitPolicy, res: RateLimiterRes) {
  ctx.set('RateLimit-Policy', `"${policy.name}";q=${policy.points};w=${policy.durationSeconds}`);
  ctx.set(
    'RateLimit',
    `"${policy.name}";r=${Math.max(0, res.remainingPoints)};t=${Math.max(0, Math.ceil(res.msBeforeNext / 1000))}`,
  );
}

export type ConsumeRateLimit = ReturnType<typeof createRateLimiter>;

export function limitPerKey(consume: ConsumeRateLimit) {
  return async (ctx: AppContext, next: Next) => {
    await consume(ctx, ctx.state.caller!.keyId);
    return next();
  };
}

export function limitPerIp(consume: ConsumeRateLimit) {
  return async (ctx: AppContext, next: Next) => {
    await consume(ctx, ctx.ip);
    return next();
  };
}
