import Router from '@koa/router';
import { noticeTypesCatalogue } from '../../notices';
import type { AppContext, AppState } from '../context';
import { limitPerIp, type ConsumeRateLimit } from '../middleware/rate-limit';

/** GET /v1/notice-types: limited per client IP; fixed while the process runs, so cacheable for an hour. */
export function noticeTypesRoutes(perIp: ConsumeRateLimit): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/notice-types', limitPerIp(perIp), (ctx: AppContext) => {
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = noticeTypesCatalogue();
  });
  return router;
}
