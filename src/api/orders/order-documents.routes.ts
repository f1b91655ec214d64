import Router from '@koa/router';
import type { Db } from '../../db/database';
import { findOrderDocument, type DocumentKind } from '../../db/order-documents.repository';
import { findOrder } from '../../db/orders.repository';
import { callerOf, type AppContext, type AppState } from '../context';
import { orderNotFound } from '../errors';
import { requireScope } from '../middleware/authenticate';

/**
 * GET /v1/orders/:id/proof, /certificate and /invoice (our own invoice, on-account orders): the stored PDFs as attachments. 404 order_not_found before the
 * document exists, as for an unknown or foreign order.
 */
export function orderDocumentRoutes(db: Db): Router<AppState> {
  const router = new Router<AppState>();
  const serve = (kind: DocumentKind) => async (ctx: AppContext) => {
    const id = String(ctx.params.id);
    const order = await findOrder(db, callerOf(ctx), id);
    const pdf = order && (await findOrderDocument(db, order.id, kind));
    if (!order || !pdf) throw orderNotFound(id);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${order.reference}-${kind}.pdf"`);
    ctx.body = pdf;
  };
  router.get('/orders/:id/proof', requireScope('orders:read'), serve('proof'));
  router.get('/orders/:id/certificate', requireScope('orders:read'), serve('certificate'));
  router.get('/orders/:id/invoice', requireScope('orders:read'), serve('invoice'));
  return router;
}
