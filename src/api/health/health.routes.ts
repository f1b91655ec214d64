import Router from '@koa/router';
import { dependencyReport, type HealthCheck } from '../../health';
import type { AppContext, AppState } from '../context';

/**
 * GET /api/health: 200 when PostgreSQL and Temporal answer, 503 (error shape) when either does not, or when
 * Temporal is not set up for us (`misconfigured`: the API's log says what is missing and how to add it).
 */
export function healthRoutes(
  checks: Record<string, HealthCheck>,
  opts: { timeoutMs?: number; retryAfterSeconds?: number; freshMs?: number } = {},
): Router<AppState> {
  const { timeoutMs = 2000, retryAfterSeconds = 5, freshMs = 1000 } = opts;
  const report = dependencyReport(checks, timeoutMs, freshMs);
  const router = new Router<AppState>();
  router.get('/health', async (ctx: AppContext) => {
    const { healthy, checks: status } = await report();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = healthy ? 200 : 503;
    if (!healthy) ctx.set('Retry-After', String(retryAfterSeconds));
    ctx.body = healthy
      ? { status: 'ok', checks: status }
      : { error: 'A dependency is unavailable.', code: 'service_unavailable', details: { checks: status } };
  });
  return router;
}
