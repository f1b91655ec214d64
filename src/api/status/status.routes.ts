import Router from '@koa/router';
import type { AppContext, AppState } from '../context';
import { createStatusService, type StatusDeps } from '../../status/status.service';
import { renderStatusPage, STATUS_PAGE_POLICY } from './status.page';

/**
 * The public status page, no authentication: `GET /status` (HTML) and `GET /status.json`. Snapshots are
 * cached for a few seconds by the service, so visitors cost little.
 */
export function statusRoutes(deps: StatusDeps): Router<AppState> {
  const service = createStatusService(deps);
  const router = new Router<AppState>();
  router.get('/status.json', async (ctx: AppContext) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await service.snapshot();
  });
  router.get('/status', async (ctx: AppContext) => {
    const snapshot = await service.snapshot();
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Content-Security-Policy', STATUS_PAGE_POLICY);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = renderStatusPage(snapshot);
  });
  return router;
}
