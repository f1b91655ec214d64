import Router from '@koa/router';
import type { Db } from '../../db/database';
import { findOrderBody, listOrderBodies } from '../../db/orders.repository';
import { callerOf, type AppContext, type AppState } from '../context';
import type { CursorKeys } from '../cursor';
import { orderNotFound } from '../errors';
import { pageQuery, pageText } from '../keyset-list';
import { requireScope } from '../middleware/authenticate';
import { orderList } from './list-query';

/**
 * A JSON answer as Koa gives it (`application/json; charset=utf-8`), encoded once into a Buffer: given a
 * string, Node prepends the response head to it and encodes the whole again when writing, which for a list
 * page (~50 KB, two bytes a character when a notice has a dash) is ~200 KB of garbage.
 */
function respondJsonText(ctx: AppContext, json: string): void {
  ctx.type = 'application/json';
  ctx.body = Buffer.from(json);
}

/** Read endpoints: served from the Postgres projection, never from the workflow. */
export function orderReadRoutes(db: Db, cursorKeys: CursorKeys): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/orders', requireScope('orders:read'), async (ctx: AppContext) => {
    const req = orderList.parse(ctx.query, cursorKeys);
    // The orders' stored bodies, joined (src/db/orders.repository.ts): the same text serializeOrder gives.
    const page = await listOrderBodies(db, pageQuery(callerOf(ctx), req));
    const { last } = page;
    respondJsonText(
      ctx,
      pageText(
        'orders',
        { items: page.bodies, hasMore: page.hasMore, limit: req.limit },
        last && (() => orderList.encode(last, req, cursorKeys)),
      ),
    );
  });

  router.get('/orders/:id', requireScope('orders:read'), async (ctx: AppContext) => {
    const id = String(ctx.params.id);
    const body = await findOrderBody(db, callerOf(ctx), id);
    if (body === undefined) throw orderNotFound(id);
    respondJsonText(ctx, body);
  });

  return router;
}
