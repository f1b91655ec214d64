import { Context } from '@temporalio/activity';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { saveOrderDocument } from '../db/order-documents.repository';
import { findOrganisation } from '../db/organisations.repository';
import { renderDocument } from '../documents/render-pool';
import { toOrder, type OrderSnapshot } from '../orders/order-snapshot';

/**
 * When this attempt's start-to-close timeout has passed or the attempt is cancelled: the server has then given
 * up on it (a retry renders the document again), so the render should not go on. A burst of orders queues
 * its documents for the render threads, and the queue wait counts against the timeout.
 */
function attemptOver(): AbortSignal {
  const { cancellationSignal, info } = Context.current();
  const timeoutMs = info.startToCloseTimeoutMs;
  return timeoutMs > 0
    ? AbortSignal.any([cancellationSignal, AbortSignal.timeout(timeoutMs)])
    : cancellationSignal;
}

export const proofUrl = (base: string, orderId: string) => `${base}/api/v1/orders/${orderId}/proof`;

/** Typesets and stores the order's PDFs. Regenerating replaces the stored document. */
export function documentActivities(deps: { config: Config; db: Db }) {
  return {
    /** Returns the proof's URL (`proofPdfUrl`). */
    async generateProof(input: { order: OrderSnapshot; columns: number }): Promise<string> {
      const { order } = input;
      await saveOrderDocument(
        deps.db,
        order.id,
        'proof',
        await renderDocument(
          {
            document: 'proof',
            order: toOrder(order),
            columns: input.columns >= 2 ? 2 : 1,
          },
          attemptOver(),
        ),
      );
      return proofUrl(deps.config.publicBaseUrl, order.id);
    },
    /** Our own invoice for an on-account order (net terms, bank details); regenerated when an amendment reprices. */
    async generateInvoice(input: { order: OrderSnapshot; termsDays: number }): Promise<void> {
      const { order } = input;
      const organisation = await findOrganisation(deps.db, order.organisationId);
      const party = {
        organisation: {
          name: organisation?.name ?? order.organisationId,
          billingEmail: organisation?.billingEmail ?? null,
        },
        termsDays: input.termsDays,
        bank: deps.config.bank,
      };
      const pdf = await renderDocument({ document: 'invoice', order: toOrder(order), party }, attemptOver());
      await saveOrderDocument(deps.db, order.id, 'invoice', pdf);
    },
    async generateCertificate(input: { order: OrderSnapshot; pageNumber: number | null }): Promise<void> {
      await saveOrderDocument(
        deps.db,
        input.order.id,
        'certificate',
        await renderDocument(
          { document: 'certificate', order: toOrder(input.order), pageNumber: input.pageNumber },
          attemptOver(),
        ),
      );
    },
  };
}
