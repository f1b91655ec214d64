import Router from '@koa/router';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { HealthCheck } from '../../health';
import type { AppContext, AppState } from '../context';

async function probe(check: HealthCheck, timeoutMs: number): Promise<'ok' | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

export function databaseCheck(db: Db): HealthCheck {
  return async () => {
    await sql`select 1`.execute(db);
  };
}

/** GET /api/health: 200 when PostgreSQL and Temporal answer, 503 (error shape) when either does not. */
export function healthRoutes(
  checks: Record<string, HealthCheck>,
  opts: { timeoutMs?: number; retryAfterSeconds?: number } = {},
): Router<AppState> {
  const { timeoutMs = 2000, retryAfterSeconds = 5 } = opts;
  const router = new Router<AppState>();
  router.get('/health', async (ctx: AppContext) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => probe(checks[name]!, timeoutMs)));
    const status = Object.fromEntries(names.map((name, i) => [name, results[i]]));
    const healthy = results.every((r) => r === 'ok');
    ctx.set('Cache-Control', 'no-store');
    ctx.status = healthy ? 200 : 503;
    if (!healthy) ctx.set('Retry-After', String(retryAfterSeconds));
    ctx.body = healthy
      ? { status: 'ok', checks: status }
      : { error: 'A dependency is unavailable.', code: 'service_unavailable', details: { checks: status } };
  });
  return router;
}
