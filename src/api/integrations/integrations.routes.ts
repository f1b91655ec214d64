import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import type { UpdateDefinition } from '@temporalio/common';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { latestAuditDetails } from '../../db/order-audit-log.repository';
import { findOrderById } from '../../db/orders.repository';
import { AppError } from '../../errors';
import type { Order } from '../../orders/order';
import { doesNotFit } from '../../orders/status';
import {
  decideReport,
  REPORT_AUDIT_ACTION,
  reportContent,
  type AppliedReports,
  type ReportContents,
  type ReportKind,
} from '../../orders/reports';
import {
  reportBookingUpdate,
  reportPublicationUpdate,
  reportUrnUpdate,
  type IntegrationAck,
} from '../../workflows/order.messages';
import type { AppContext, AppState } from '../context';
import { OrderClosed, orderNotFound } from '../errors';
import { parseBody } from '../request-body';
import { updateOrder } from '../../temporal/orders';
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

function answer(
  changed: boolean,
  { id, reference, status }: { id: string; reference: string; status: string },
) {
  return { acknowledged: true, changed, order: { id, reference, status } };
}

/** The reports an order applied, as its audit log records them (written with the projection, in one transaction). */
async function appliedReports(db: Db, orderId: string): Promise<AppliedReports> {
  const details = await latestAuditDetails(db, orderId, Object.values(REPORT_AUDIT_ACTION));
  const applied = Object.entries(REPORT_AUDIT_ACTION).map(([kind, action]) => [kind, details.get(action)]);
  return Object.fromEntries(applied.filter(([, found]) => found)) as AppliedReports;
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
   * Decides a report on the projection first, with the workflow's own rule (src/orders/reports.ts): an identical
   * repeat is answered from it without a message (the order's history does not grow), a report that does not
   * fit is refused at once; anything else goes to the workflow, which decides again.
   */
  async function report<K extends ReportKind, M extends { actor: string }>(
    ctx: AppContext,
    kind: K,
    body: Omit<M, 'actor'>,
    content: ReportContents[K],
    def: UpdateDefinition<IntegrationAck, [M]>,
  ) {
    const order = await reportableOrder(ctx, kind === 'urn' ? 'gazette' : 'newspaper');
    const decide = async (o: Order) =>
      decideReport(
        kind,
        { status: o.status, type: o.type, applied: await appliedReports(db, o.id) },
        content,
      );
    if ((await decide(order)) === 'repeat') return answer(false, order);
    const actor = `integration:${integrationOf(ctx).id}`;
    try {
      const ack = await updateOrder(temporal, order.id, def, [{ actor, ...body } as M], {
        onClosed: () => new OrderClosed(),
      });
      return answer(ack.changed, ack.order);
    } catch (err) {
      if (!(err instanceof OrderClosed)) throw err;
      // The workflow finished since the first read: decide again on the projection, now final.
      const now = (await findOrderById(db, order.id)) ?? order;
      if ((await decide(now)) === 'repeat') return answer(false, now);
      throw doesNotFit('The report', { status: now.status });
    }
  }

  router.post('/orders/:id/booking', async (ctx) => {
    const body = parseBody(bookingBody, ctx.request.body);
    ctx.body = await report(ctx, 'booking', body, reportContent.booking(body), reportBookingUpdate);
  });

  router.post('/orders/:id/publication', async (ctx) => {
    const body = parseBody(publicationBody, ctx.request.body);
    const content = reportContent.publication(body);
    ctx.body = await report(ctx, 'publication', body, content, reportPublicationUpdate);
  });

  router.post('/orders/:id/urn', async (ctx) => {
    const body = parseBody(urnBody, ctx.request.body);
    ctx.body = await report(ctx, 'urn', body, reportContent.urn(body), reportUrnUpdate);
  });

  return router;
}
