import Router from '@koa/router';
import { dependencyReport, type HealthCheck } from '../../health';
import type { AppContext, AppState } from '../context';

/**
 * GET /api/health: 200 when PostgreSQL and Temporal answer, 503 (error shape) when either does not, or when
 * Temporal is not set up for us (`misconfigured`: the API's log says what is missing and how to add it).
 */
export function healthRoutes(
  checks: Record<string, HealthCheck>,
  retryAfterSeconds: number,
): Router<AppState> {
  const report = dependencyReport(checks, 2000, 1000);
  const router = new Router<AppState>({ prefix: '/api' });
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
