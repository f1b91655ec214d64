import type { Order } from '../orders/order';
import { renderPdf } from './render';

/** Certificate of publication: which notice appeared where and when, for the customer's statutory record. */
export function renderCertificate(order: Order, pageNumber: number | null): Promise<Buffer> {
  return renderPdf(
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(18).text('Certificate of Publication', { align: 'center' });
      doc.moveDown().font('Helvetica').fontSize(11);
      doc.text(`Order reference: ${order.reference}`);
      doc.text(`Notice type: ${order.type}`);
      doc.text(`Newspaper: ${order.newspaperName ?? 'not recorded'}`);
      doc.text(`Published: ${order.publishedAt?.toISOString() ?? 'not recorded'}`);
      if (pageNumber !== null) doc.text(`Page: ${pageNumber}`);
      if (order.urn) doc.text(`Gazette reference (URN): ${order.urn}`);
      doc.moveDown().font('Times-Roman').fontSize(10).text(order.noticeText, { align: 'justify' });
    },
    { title: `Certificate ${order.reference}`, document: 'certificate', testMode: !order.livemode },
  );
}
