import Router from '@koa/router';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/database';
import { findIssuedDocumentContent, latestIssuedDocument } from '../../db/issued-documents.repository';
import { findOrderDocument, type DocumentKind } from '../../db/order-documents.repository';
import { AppError } from '../../errors';
import { invoicedByUs } from '../../orders/payment';
import { callerOf, type AppContext, type AppState } from '../context';
import { callersOrder, orderNotFound } from '../errors';
import { requireScope } from '../middleware/authenticate';

/**
 * How long GET /invoice waits for an on-account order's invoice, typeset right after the order's 201 (about a
 * tenth of a second), before answering 503 with Retry-After; and how often it looks meanwhile.
 */
const INVOICE_WAIT = { totalMs: 3_000, everyMs: 100 };

/**
 * The order's stored PDFs as attachments: 404 order_not_found before one exists, as for an unknown or foreign
 * order, but for an on-account order's invoice, valid from the order's 201 (INVOICE_WAIT).
 */
export function orderDocumentRoutes(db: Db): Router<AppState> {
  const router = new Router<AppState>();
  const serve = (kind: DocumentKind) => async (ctx: AppContext) => {
    const order = await callersOrder(db, callerOf(ctx), String(ctx.params.id));
    let pdf =
      kind === 'certificate'
        ? (await latestIssuedDocument(db, order.id, 'certificate', 'certificate:newspaper'))?.content
        : kind === 'invoice'
          ? (await latestIssuedDocument(db, order.id, 'vat_invoice'))?.content
          : await findOrderDocument(db, order.id, kind);
    if (!pdf && kind === 'invoice' && invoicedByUs(order.paymentMethod)) {
      pdf = await awaitInvoice(db, order.id);
    }
    if (!pdf) throw orderNotFound(order.id);
    sendAttachment(ctx, `${order.reference}-${kind}`, pdf);
  };
  for (const kind of ['proof', 'certificate', 'invoice'] as const) {
    router.get(`/orders/:id/${kind}`, requireScope('orders:read'), serve(kind));
  }
  // Any document issued for the order (certificates, VAT invoices, credit notes), as `documents[].url` names it.
  router.get('/orders/:id/documents/:documentId', requireScope('orders:read'), async (ctx) => {
    const order = await callersOrder(db, callerOf(ctx), String(ctx.params.id));
    const found = await findIssuedDocumentContent(db, order.id, String(ctx.params.documentId));
    if (!found) throw orderNotFound(order.id);
    const name = found.number ?? `${found.kind.replace(/_/g, '-')}-${String(ctx.params.documentId)}`;
    sendAttachment(ctx, `${order.reference}-${name}`, found.content);
  });
  return router;
}

function sendAttachment(ctx: AppContext, name: string, pdf: Buffer): void {
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${name}.pdf"`);
  ctx.body = pdf;
}

async function awaitInvoice(db: Db, orderId: string): Promise<Buffer> {
  const until = Date.now() + INVOICE_WAIT.totalMs;
  while (Date.now() < until) {
    await sleep(INVOICE_WAIT.everyMs);
    const pdf = (await latestIssuedDocument(db, orderId, 'vat_invoice'))?.content;
    if (pdf) return pdf;
  }
  throw new AppError('service_unavailable', 'The invoice is still being prepared. Retry shortly.', {
    document: 'invoice',
  });
}
