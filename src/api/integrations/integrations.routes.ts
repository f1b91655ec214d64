import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { findOrderById } from '../../db/orders.repository';
import { AppError } from '../../errors';
import type { Order } from '../../orders/order';
import {
  reportBookingUpdate,
  reportPublicationUpdate,
  reportUrnUpdate,
  type IntegrationAck,
} from '../../workflows/order.messages';
import type { AppContext, AppState } from '../context';
import { orderNotFound } from '../errors';
import { parseBody } from '../request-body';
import { updateOrder } from '../orders/order-workflow.client';
import { authenticateIntegration, integrationOf, mayReportOn } from './integration-auth';

const bookingBody = z.strictObject({
  publicationDate: z.iso.date(),
  newspaperReference: z.string().trim().min(1).max(100).optional(),
});
const publicationBody = z.strictObject({
  publishedAt: z.iso.datetime({ offset: true }),
  pageNumber: z.int().min(1).max(1000).optional(),
});
const urnBody = z.strictObject({ urn: z.string().trim().min(1).max(100) });

/** The order's workflow has finished. */
class OrderClosed extends Error {}

function answer(ack: { changed: boolean; order: { id: string; reference: string; status: string } }) {
  return {
    acknowledged: true,
    changed: ack.changed,
    order: { id: ack.order.id, reference: ack.order.reference, status: ack.order.status },
  };
}

/**
 * Newspapers and the Gazette report back here. Each report is an update to the order's workflow: one that
 * does not fit the order's state is 409 invalid_state_transition; an identical repeat is 200 with
 * `changed: false`.
 */
export function integrationRoutes(deps: { db: Db; temporal: Client }): Router<AppState> {
  const { db, temporal } = deps;
  const router = new Router<AppState>({ prefix: '/api/integrations/v1' });
  router.use(authenticateIntegration(db));

  async function reportableOrder(ctx: AppContext, kind: 'newspaper' | 'gazette'): Promise<Order> {
    const key = integrationOf(ctx);
    const id = String(ctx.params.id);
    const order = await findOrderById(db, id);
    // Test orders never go to a real newspaper or the Gazette: their simulators and the test helpers report.
    if (!order || !order.livemode || !mayReportOn(key, order)) throw orderNotFound(id);
    if (key.kind !== kind)
      throw new AppError('forbidden', `Only ${kind} integration keys can send this report.`);
    return order;
  }

  /**
   * Sends a report. Once the workflow has finished, an identical repeat of what it recorded is still
   * acknowledged from the projection; anything else no longer fits.
   */
  async function send(
    order: Order,
    repeat: boolean,
    update: (onClosed: () => Error) => Promise<IntegrationAck>,
  ) {
    try {
      return answer(await update(() => new OrderClosed()));
    } catch (err) {
      if (!(err instanceof OrderClosed)) throw err;
      if (repeat) return answer({ changed: false, order });
      throw new AppError(
        'invalid_state_transition',
        `The report does not fit an order in status ${order.status}.`,
        { status: order.status },
      );
    }
  }

  router.post('/orders/:id/booking', async (ctx) => {
    const body = parseBody(bookingBody, ctx.request.body);
    const order = await reportableOrder(ctx, 'newspaper');
    const repeat = order.publicationDate === body.publicationDate && order.status !== 'awaiting_booking';
    const actor = `integration:${integrationOf(ctx).id}`;
    ctx.body = await send(order, repeat, (onClosed) =>
      updateOrder(temporal, order.id, reportBookingUpdate, [{ actor, ...body }], { onClosed }),
    );
  });

  router.post('/orders/:id/publication', async (ctx) => {
    const body = parseBody(publicationBody, ctx.request.body);
    const order = await reportableOrder(ctx, 'newspaper');
    const repeat = order.publishedAt?.getTime() === new Date(body.publishedAt).getTime();
    const actor = `integration:${integrationOf(ctx).id}`;
    ctx.body = await send(order, repeat, (onClosed) =>
      updateOrder(temporal, order.id, reportPublicationUpdate, [{ actor, ...body }], { onClosed }),
    );
  });

  router.post('/orders/:id/urn', async (ctx) => {
    const body = parseBody(urnBody, ctx.request.body);
    const order = await reportableOrder(ctx, 'gazette');
    const repeat = order.urn === body.urn;
    const actor = `integration:${integrationOf(ctx).id}`;
    ctx.body = await send(order, repeat, (onClosed) =>
      updateOrder(temporal, order.id, reportUrnUpdate, [{ actor, ...body }], { onClosed }),
    );
  });

  return router;
}
