import Router from '@koa/router';
import { z } from 'zod';
import type { Db } from '../../db/database';
import {
  awaitVatInvoice,
  findIssuedDocumentContent,
  latestIssuedDocument,
} from '../../db/issued-documents.repository';
import { findProof } from '../../db/order-proofs.repository';
import { findOrderBody, listOrderBodies } from '../../db/orders.repository';
import { AppError } from '../../errors';
import { NOTICE_TYPES } from '../../notices/types';
import { invoicedByUs } from '../../orders/payment';
import { ORDER_STATUSES } from '../../orders/status';
import { callerOf, type AppContext, type AppState } from '../context';
import { callersOrder, orderNotFound } from '../errors';
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

/** Each of an order's PDFs by its path: the proof, the newspaper's certificate, the latest VAT invoice. */
const PDFS = {
  proof: findProof,
  certificate: async (db, orderId) =>
    (await latestIssuedDocument(db, orderId, 'certificate', 'certificate:newspaper'))?.content,
  invoice: async (db, orderId) => (await latestIssuedDocument(db, orderId, 'vat_invoice'))?.content,
} satisfies Record<string, (db: Db, orderId: string) => Promise<Buffer | undefined>>;

/**
 * Read endpoints, served from what is stored, never the workflow: an order from its stored body (the text
 * serializeOrder gives); its PDFs as attachments, 404 order_not_found before one exists, as for an unknown or
 * foreign order, but for an on-account order's invoice, valid from the order's 201 (awaitVatInvoice, then 503
 * with Retry-After).
 */
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

  for (const [kind, find] of Object.entries(PDFS)) {
    router.get(`/orders/:id/${kind}`, requireScope('orders:read'), async (ctx: AppContext) => {
      const order = await callersOrder(db, callerOf(ctx), String(ctx.params.id));
      const onAccountInvoice = kind === 'invoice' && invoicedByUs(order.paymentMethod);
      const pdf = onAccountInvoice
        ? (await awaitVatInvoice(db, order.id))?.content
        : await find(db, order.id);
      if (!pdf && onAccountInvoice) {
        throw new AppError('service_unavailable', 'The invoice is still being prepared. Retry shortly.', {
          document: 'invoice',
        });
      }
      if (!pdf) throw orderNotFound(order.id);
      ctx.attachment(`${order.reference}-${kind}.pdf`);
      ctx.body = pdf;
    });
  }
  // Any document issued for the order (certificates, VAT invoices, credit notes), as `documents[].url` names it.
  router.get('/orders/:id/documents/:documentId', requireScope('orders:read'), async (ctx) => {
    const order = await callersOrder(db, callerOf(ctx), String(ctx.params.id));
    const found = await findIssuedDocumentContent(db, order.id, String(ctx.params.documentId));
    if (!found) throw orderNotFound(order.id);
    const name = found.number ?? `${found.kind.replace(/_/g, '-')}-${String(ctx.params.documentId)}`;
    ctx.attachment(`${order.reference}-${name}.pdf`);
    ctx.body = found.content;
  });
  return router;
}
