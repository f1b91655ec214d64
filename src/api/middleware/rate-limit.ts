import { isIPv4, isIPv6 } from 'node:net';
import type { Next } from 'koa';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../errors';
import type { AppContext, Caller } from '../context';
import { dependencyUnavailable } from '../errors';
import { createLimiter, type RateLimitStore } from './rate-limit-store';

export interface RateLimitPolicy {
  /** Policy name shown in the RateLimit headers. */
  name: string;
  points: number;
  durationSeconds: number;
  /**
   * A limit behind another on the same requests (the organisation's, behind its key's): its headers are sent
   * only with its refusal, which names it in `details.quota`, so the first limit's headers stay unambiguous.
   */
  behind?: { quota: string };
}

/**
 * A fixed-window limiter on the shared store (rate-limit-store.ts). Each response carries the IETF draft
 * `RateLimit-Policy` / `RateLimit` headers; an exceeded limit is 429 with an integer `Retry-After`. When no
 * store answers it fails closed, 503: the store is the database every other step of the request needs too.
 */
export function createRateLimiter(store: RateLimitStore, policy: RateLimitPolicy) {
  const limiter = createLimiter(store, {
    keyPrefix: policy.name,
    points: policy.points,
    duration: policy.durationSeconds,
  });
  const setHeaders = rateLimitHeaders(policy);
  return async function consume(ctx: AppContext, key: string): Promise<void> {
    let res: RateLimiterRes;
    try {
      res = await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        ctx.state.log?.warn({ err: rejection, policy: policy.name }, 'rate-limit store unavailable');
        throw dependencyUnavailable();
      }
      const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      setHeaders(ctx, rejection);
      ctx.set('Retry-After', String(retryAfter));
      const quota = policy.behind?.quota;
      const whose = policy.behind ? ` (quota ${quota}: all of an organisation's keys together)` : '';
      throw new AppError(
        'rate_limit_exceeded',
        `Too many requests${whose}. Retry after ${retryAfter} seconds.`,
        {
          retryAfterSeconds: retryAfter,
          limit: policy.points,
          windowSeconds: policy.durationSeconds,
          ...(policy.behind && { quota }),
        },
      );
    }
    if (!policy.behind) setHeaders(ctx, res);
  };
}

/** The headers a policy sets on every answer: `RateLimit-Policy` is the same each time, so it is made once. */
function rateLimitHeaders(policy: RateLimitPolicy) {
  const policyHeader = `"${policy.name}";q=${policy.points};w=${policy.durationSeconds}`;
  const prefix = `"${policy.name}";r=`;
  return (ctx: AppContext, res: RateLimiterRes) => {
    ctx.set('RateLimit-Policy', policyHeader);
    const resetSeconds = Math.max(0, Math.ceil(res.msBeforeNext / 1000));
    ctx.set('RateLimit', `${prefix}${Math.max(0, res.remainingPoints)};t=${resetSeconds}`);
  };
}

export type ConsumeRateLimit = ReturnType<typeof createRateLimiter>;

/** Middleware counting each request in the bucket `bucketOf` names. */
const limitBy =
  (bucketOf: (ctx: AppContext) => string) =>
  (consume: ConsumeRateLimit) =>
  async (ctx: AppContext, next: Next) => {
    await consume(ctx, bucketOf(ctx));
    return next();
  };

export const limitPerKey = limitBy((ctx) => ctx.state.caller!.keyId);
/** The organisation's limit in the key's mode (live and test counted apart), after its key's own. */
export const limitPerOrganisation = limitBy((ctx) => organisationBucket(ctx.state.caller!));
export const limitPerIp = limitBy((ctx) => clientBucket(ctx.ip));

/** The organisation-and-mode bucket the per-organisation limit counts in. */
const organisationBucket = (c: Caller) => `${c.organisationId}:${c.livemode ? 'live' : 'test'}`;

/**
 * POST /v1/quote's limit, taken before its body is read. A quote carrying a valid API key counts against that
 * key's and its organisation's limits, as every authenticated request does (a platform quoting for many
 * customers is not held to one address's 20 a minute); any other quote, with no key or a key that is not valid
 * (ignored, as the spec says a bearer header sent to the quote is harmless), against its client address's.
 */
export function quoteLimit(
  findCaller: (authorization: string | undefined) => Promise<Caller | undefined>,
  limits: { perKey: ConsumeRateLimit; perOrganisation: ConsumeRateLimit; perIp: ConsumeRateLimit },
) {
  return async (ctx: AppContext): Promise<void> => {
    const caller = ctx.get('Authorization') ? await findCaller(ctx.get('Authorization')) : undefined;
    if (!caller) return limits.perIp(ctx, clientBucket(ctx.ip));
    await limits.perKey(ctx, caller.keyId);
    await limits.perOrganisation(ctx, organisationBucket(caller));
  };
}

/**
 * The bucket a client address counts against: an IPv4 address itself (IPv4-mapped IPv6 included), an IPv6
 * address's /64 network, since one subscriber is usually given a whole /64 and could otherwise rotate
 * through 2^64 addresses (Cloudflare and GitHub limit IPv6 per /64 too).
 */
export function clientBucket(ip: string): string {
  const mapped = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIPv4(mapped)) return mapped;
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return ip;
  return `${expandIpv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, in lower-case hex without leading zeros. */
function expandIpv6(ip: string): string[] {
  let text = ip;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}
