import Router from '@koa/router';
import type { AppContext, AppState } from '../context';
import { openApiDocumentText } from './document';

/** GET /v1/openapi.json: the contract, no authentication (it holds no secret), cacheable for an hour. */
export function openApiRoutes(): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/openapi.json', (ctx: AppContext) => {
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.type = 'application/json';
    ctx.body = openApiDocumentText();
  });
  return router;
}
