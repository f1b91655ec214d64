import Router from '@koa/router';
import type { Db } from '../../db/database';
import { findOrder, listOrders } from '../../db/orders.repository';
import { serializeOrder } from '../../orders/order';
import { callerOf, type AppContext, type AppState } from '../context';
import type { CursorKeys } from '../cursor';
import { orderNotFound } from '../errors';
import { pageBody, pageQuery } from '../keyset-list';
import { requireScope } from '../middleware/authenticate';
import { orderList } from './list-query';

/**
 * A JSON answer as Koa gives it (`application/json; charset=utf-8`, the same text), encoded once into a
 * Buffer: given a string, Node prepends the response head to it and encodes the whole again when writing,
 * which for a list page (~50 KB, two bytes a character when a notice has a dash) is ~200 KB of garbage.
 */
function respondJson(ctx: AppContext, body: unknown): void {
  ctx.type = 'application/json';
  ctx.body = Buffer.from(JSON.stringify(body));
}

/** Read endpoints: served from the Postgres projection, never from the workflow. */
export function orderReadRoutes(db: Db, cursorKeys: CursorKeys): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/orders', requireScope('orders:read'), async (ctx: AppContext) => {
    const req = orderList.parse(ctx.query, cursorKeys);
    const page = await listOrders(db, pageQuery(callerOf(ctx), req));
    respondJson(
      ctx,
      pageBody(
        'orders',
        { items: page.orders, hasMore: page.hasMore, limit: req.limit },
        (last) => orderList.encode(last, req, cursorKeys),
        serializeOrder,
      ),
    );
  });

  router.get('/orders/:id', requireScope('orders:read'), async (ctx: AppContext) => {
    const caller = callerOf(ctx);
    const id = String(ctx.params.id);
    const order = await findOrder(db, caller, id);
    if (!order) throw orderNotFound(id);
    ctx.body = serializeOrder(order);
  });

  return router;
}
