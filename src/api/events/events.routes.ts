import Router from '@koa/router';
import type { Db } from '../../db/database';
import { findEvent, listEvents } from '../../db/order-events.repository';
import { AppError } from '../../errors';
import { callerOf, type AppContext, type AppState } from '../context';
import type { CursorKeys } from '../cursor';
import { pageQuery } from '../keyset-list';
import { requireScope } from '../middleware/authenticate';
import { eventList } from './list-query';

/**
 * The organisation's recorded order events, in exactly the envelope their webhooks carry: the recovery path
 * of a receiver that missed deliveries. Served from `order_events`, which is never pruned.
 */
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
