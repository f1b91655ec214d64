import Router from '@koa/router';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { findOrderBody, listOrderBodies } from '../../db/orders.repository';
import { NOTICE_TYPES } from '../../notices/types';
import { ORDER_STATUSES } from '../../orders/status';
import { callerOf, type AppContext, type AppState } from '../context';
import { orderNotFound } from '../errors';
import { clientRefFilter, keysetList, pageQuery, sendJsonText, type CursorKeys } from '../keyset-list';
import { requireScope } from '../middleware/authenticate';

/** GET /v1/orders (and the console's order list): filtered by status, type, clientRef and creation time. */
export const orderList = keysetList({
  filters: {
    status: z.enum(ORDER_STATUSES).optional(),
    type: z.enum(NOTICE_TYPES).optional(),
    clientRef: clientRefFilter,
  },
  idPattern: /^ord_[0-9A-Za-z]{22}$/,
});

/** An order list's filters, parsed (the list benchmark builds its own). */
export type ListFilters = ReturnType<typeof orderList.parse>['filters'];

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
