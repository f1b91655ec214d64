import Router from '@koa/router';
import type { Db } from '../../db/database';
import { findOrderBody, listOrderBodies } from '../../db/orders.repository';
import { callerOf, type AppContext, type AppState } from '../context';
import type { CursorKeys } from '../cursor';
import { orderNotFound } from '../errors';
import { pageQuery, sendJsonText } from '../keyset-list';
import { requireScope } from '../middleware/authenticate';
import { orderList } from './list-query';

/** Read endpoints: served from the orders' stored bodies (the text serializeOrder gives), never the workflow. */
export function orderReadRoutes(db: Db, cursorKeys: CursorKeys): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/orders', requireScope('orders:read'), async (ctx: AppContext) => {
    const req = orderList.parse(ctx.query, cursorKeys);
    const { bodies, hasMore, last } = await listOrderBodies(db, pageQuery(callerOf(ctx), req));
    orderList.send(ctx, 'orders', req, { items: bodies, hasMore, last }, cursorKeys);
  });

  router.get('/orders/:id', requireScope('orders:read'), async (ctx: AppContext) => {
    const id = String(ctx.params.id);
    const body = await findOrderBody(db, callerOf(ctx), id);
    if (body === undefined) throw orderNotFound(id);
    sendJsonText(ctx, body);
  });

  return router;
}
