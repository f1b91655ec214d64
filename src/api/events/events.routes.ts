import Router from '@koa/router';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { findEvent, listEvents } from '../../db/order-events.repository';
import { AppError } from '../../errors';
import { ORDER_EVENTS } from '../../orders/events';
import { callerOf, type AppContext, type AppState } from '../context';
import { clientRefFilter, keysetList, pageQuery, type CursorKeys } from '../keyset-list';
import { requireScope } from '../middleware/authenticate';

/** GET /v1/events: filtered by type, order, the order's clientRef and creation time, as orders are listed. */
export const eventList = keysetList({
  filters: {
    type: z.enum(ORDER_EVENTS).optional(),
    orderId: z
      .string()
      .regex(/^ord_[0-9A-Za-z]{22}$/, 'Must be an order id (ord_…).')
      .optional(),
    clientRef: clientRefFilter,
  },
  idPattern: /^evt_[0-9A-Za-z]{1,64}$/,
});

/** Recorded order events as their webhooks carried them (the recovery path after missed deliveries). */
export function eventRoutes(db: Db, cursorKeys: CursorKeys): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/events', requireScope('orders:read'), async (ctx: AppContext) => {
    const req = eventList.parse(ctx.query, cursorKeys);
    const { events, hasMore } = await listEvents(db, pageQuery(callerOf(ctx), req));
    const items = events.map((e) => JSON.stringify(e));
    eventList.send(ctx, 'events', req, { items, hasMore, last: events.at(-1) }, cursorKeys);
  });

  router.get('/events/:id', requireScope('orders:read'), async (ctx: AppContext) => {
    const id = String(ctx.params.id);
    const event = await findEvent(db, callerOf(ctx), id);
    // The same 404 whether the event is missing or belongs to another organisation or mode.
    if (!event) throw new AppError('event_not_found', 'Event not found.', { id });
    ctx.body = event;
  });

  return router;
}
