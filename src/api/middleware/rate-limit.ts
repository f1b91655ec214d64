import type { Next } from 'koa';
import type { Pool } from 'pg';
import { AppError } from '../../errors';
import type { AppContext } from '../context';

export interface RateLimitPolicy {
  /** Policy name shown in the RateLimit headers. */
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * A claim is at most this share of what is left of a window, so every limit below 512 requests is counted
 * request by request (exact across processes), and higher ones lose at most 1/256 of the remainder per
 * process to tokens another process claimed but has not used yet.
 */
const CLAIM_DIVISOR = 256;
const MAX_CLAIM = 1000;

/**
 * The fixed-window upsert of rate-limiter-flexible's Postgres store (same table, same `<policy>:<key>` rows),
 * adding `$2` points at once: a new or expired window starts at `$2` and ends at `$3`.
 */
const CLAIM_SQL = `insert into rate_limits (key, points, expire) values ($1, $2, $3)
  on conflict (key) do update set
    points = case when rate_limits.expire <= $4 then $2 else rate_limits.points + $2 end,
    expire = case when rate_limits.expire <= $4 then $3 else rate_limits.expire end
  returning points, expire`;

/** What this process knows of one key's current window, as of its last claim. */
interface Window {
  /** When the window ends (epoch ms). */
  endsAt: number;
  /** The shared count after the last claim, which includes the tokens it claimed. */
  total: number;
  claimed: number;
  used: number;
}

interface Verdict {
  allowed: boolean;
  remaining: number;
  msBeforeNext: number;
}

/**
 * A fixed-window limiter whose counters live in PostgreSQL (the `rate_limits` table), so every API process
 * shares them. Each response carries the IETF draft `RateLimit-Policy` / `RateLimit` headers; an exceeded
 * limit answers 429 `rate_limit_exceeded` with an integer `Retry-After`.
 *
 * Requests are counted by claiming tokens from the shared counter: one at a time while a window's remainder
 * is small (so low limits are exact across processes), in blocks of up to 1/256 of the remainder while it is
 * large (so a high limit costs one upsert per block instead of one per request, and one hot key does not
 * serialise every request on its row lock). A window known to be spent refuses without a query.
 */
export function createRateLimiter(pool: Pool, policy: RateLimitPolicy) {
  const durationMs = policy.durationSeconds * 1000;
  const windows = new Map<string, Window>();
  const claims = new Map<string, Promise<Window>>();
  let sweptAt = Date.now();

  /** Tokens of the last claim this process may still hand out (none beyond the limit). */
  const usable = (w: Window) => Math.max(0, Math.min(w.claimed, policy.points - (w.total - w.claimed)));

  async function claim(key: string, tokens: number): Promise<Window> {
    const now = Date.now();
    if (now - sweptAt > durationMs) {
      sweptAt = now;
      for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
    }
    const { rows } = await pool.query<{ points: number; expire: string }>({
      name: 'rate-limit-claim',
      text: CLAIM_SQL,
      values: [`${policy.name}:${key}`, tokens, now + durationMs, now],
    });
    const row = rows[0]!;
    const window = { endsAt: Number(row.expire), total: row.points, claimed: tokens, used: 0 };
    windows.set(key, window);
    return window;
  }

  async function take(key: string): Promise<Verdict> {
    for (;;) {
      const now = Date.now();
      let w = windows.get(key);
      if (w && w.endsAt <= now) {
        windows.delete(key);
        w = undefined;
      }
      if (w && w.used < usable(w)) {
        w.used += 1;
        const consumed = w.total - w.claimed + w.used;
        return { allowed: true, remaining: policy.points - consumed, msBeforeNext: w.endsAt - now };
      }
      if (w && w.total >= policy.points)
        return { allowed: false, remaining: 0, msBeforeNext: w.endsAt - now };
      const inFlight = claims.get(key);
      if (inFlight) {
        // Another request of this key is claiming: share its result (or claim anew if it failed).
        await inFlight.catch(() => undefined);
        continue;
      }
      const size = w
        ? Math.min(MAX_CLAIM, Math.max(1, Math.floor((policy.points - w.total) / CLAIM_DIVISOR)))
        : 1;
      const pending = claim(key, size).finally(() => claims.delete(key));
      claims.set(key, pending);
      await pending;
    }
  }

  return async function consume(ctx: AppContext, key: string): Promise<void> {
    const verdict = await take(key);
    setHeaders(ctx, policy, verdict);
    if (verdict.allowed) return;
    const retryAfter = Math.max(1, Math.ceil(verdict.msBeforeNext / 1000));
    ctx.set('Retry-After', String(retryAfter));
    throw new AppError('rate_limit_exceeded', `Too many requests. Retry after ${retryAfter} seconds.`, {
      retryAfterSeconds: retryAfter,
      limit: policy.points,
      windowSeconds: policy.durationSeconds,
    });
  };
}

function setHeaders(ctx: AppContext, policy: RateLimitPolicy, v: Verdict) {
  ctx.set('RateLimit-Policy', `"${policy.name}";q=${policy.points};w=${policy.durationSeconds}`);
  ctx.set(
    'RateLimit',
    `"${policy.name}";r=${Math.max(0, v.remaining)};t=${Math.max(0, Math.ceil(v.msBeforeNext / 1000))}`,
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
