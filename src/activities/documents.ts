import type { Config } from '../config';
import type { Db } from '../db/database';
import { saveOrderDocument } from '../db/order-documents.repository';
import { findOrganisation } from '../db/organisations.repository';
import { renderDocument } from '../documents/render-pool';
import { toOrder, type OrderSnapshot } from '../orders/order-snapshot';

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
        await renderDocument({
          document: 'proof',
          order: toOrder(order),
          columns: input.columns >= 2 ? 2 : 1,
        }),
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
      const pdf = await renderDocument({ document: 'invoice', order: toOrder(order), party });
      await saveOrderDocument(deps.db, order.id, 'invoice', pdf);
    },
    async generateCertificate(input: { order: OrderSnapshot; pageNumber: number | null }): Promise<void> {
      await saveOrderDocument(
        deps.db,
        input.order.id,
        'certificate',
        await renderDocument({
          document: 'certificate',
          order: toOrder(input.order),
          pageNumber: input.pageNumber,
        }),
      );
    },
  };
}
