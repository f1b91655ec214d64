import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { findOrderById } from '../../db/orders.repository';
import { AppError } from '../../errors';
import type { ReportKind, Reports } from '../../orders/reports';
import { sendReport } from '../../temporal/orders';
import type { ReportMessage } from '../../workflows/order.messages';
import type { AppContext, AppState } from '../context';
import { orderNotFound } from '../errors';
import { parseBody } from '../request-body';
import { authenticateIntegration, integrationOf, mayReportOn } from './integration-auth';

export const bookingBody = z.strictObject({
  publicationDate: z.iso.date(),
  newspaperReference: z.string().trim().min(1).max(100).optional(),
});
export const publicationBody = z.strictObject({
  publishedAt: z.iso.datetime({ offset: true }),
  pageNumber: z.int().min(1).max(1000).optional(),
});
export const urnBody = z.strictObject({ urn: z.string().trim().min(1).max(100) });

/**
 * Newspapers and the Gazette report back here. Each report is an update to the order's workflow, which alone
 * decides it: one that does not fit the order's state is 409 invalid_state_transition; an identical repeat is
 * 200 with `changed: false` (src/temporal/orders.ts, `sendReport`).
 */
export function integrationRoutes(deps: { db: Db; temporal: Client }): Router<AppState> {
  const { db, temporal } = deps;
  const router = new Router<AppState>({ prefix: '/api/integrations/v1' });
  router.use(authenticateIntegration(db));

  async function report<K extends ReportKind>(ctx: AppContext, kind: K, body: Reports[K]) {
    const key = integrationOf(ctx);
    const id = String(ctx.params.id);
    const order = await findOrderById(db, id);
    // Test orders never go to a real newspaper or the Gazette: their simulators and the test helpers report.
    if (!order || !order.livemode || !mayReportOn(key, order)) throw orderNotFound(id);
    const sender = kind === 'urn' ? 'gazette' : 'newspaper';
    if (key.kind !== sender) {
      throw new AppError('forbidden', `Only ${sender} integration keys can send this report.`);
    }
    const message = { actor: `integration:${key.id}`, ...body } as ReportMessage<K>;
    const { changed, order: reported } = await sendReport(temporal, order.id, kind, message);
    return {
      acknowledged: true,
      changed,
      order: { id: reported.id, reference: reported.reference, status: reported.status },
    };
  }

  router.post('/orders/:id/booking', async (ctx) => {
    ctx.body = await report(ctx, 'booking', parseBody(bookingBody, ctx.request.body));
  });
  router.post('/orders/:id/publication', async (ctx) => {
    ctx.body = await report(ctx, 'publication', parseBody(publicationBody, ctx.request.body));
  });
  router.post('/orders/:id/urn', async (ctx) => {
    ctx.body = await report(ctx, 'urn', parseBody(urnBody, ctx.request.body));
  });

  return router;
}
