import Router from '@koa/router';
import type { Db } from '../../db/database';
import { isIntegrationAvailable } from '../../db/integration-health.repository';
import { AppError } from '../../errors';
import { parseQuoteRequest, quote, quoteNeedsGazette, ukDate } from '../../notices';
import type { AppContext, AppState } from '../context';
import { limitPerIp, type ConsumeRateLimit } from '../middleware/rate-limit';

let memo = { second: -1, date: '' };

/**
 * The UK calendar date, worked out once a second: ukDate builds an Intl.DateTimeFormat on every call, which
 * was a fifth of a quote's CPU time. Exact: a date changes only on a whole second.
 */
function todayInLondon(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== memo.second) memo = { second, date: ukDate(new Date(second * 1000)) };
  return memo.date;
}

/**
 * POST /v1/quote: no authentication (an Authorization header, even an invalid one, is ignored), limited per
 * client IP. Pure notice-engine work apart from the Gazette health lookup.
 */
export function quoteRoutes(db: Db, perIp: ConsumeRateLimit): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/quote', limitPerIp(perIp), async (ctx: AppContext) => {
    const today = todayInLondon();
    const request = parseQuoteRequest(ctx.request.body, { today });
    if (quoteNeedsGazette(request) && !(await isIntegrationAvailable(db, 'gazette'))) {
      throw new AppError(
        'gazette_unavailable',
        'The Gazette integration is temporarily unavailable. Retry later.',
        {
          type: request.type,
        },
      );
    }
    ctx.body = quote(request, { today });
  });
  return router;
}
