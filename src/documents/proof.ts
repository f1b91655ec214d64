import type { Order } from '../orders/order';
import { renderPdf } from './render';

/** A single newspaper column is about 4.5 cm wide; two columns 9.4 cm. In PDF points (1 cm = 28.35 pt). */
const COLUMN_WIDTH_PT = { 1: 128, 2: 266 } as const;

/**
 * The proof: the newspaper's masthead, the notice set in its column width, and the order's reference and
 * publication date, for the customer to check before publication.
 */
export function renderProof(order: Order, columns: 1 | 2 = 1): Promise<Buffer> {
  return renderPdf(
    (doc) => {
      doc
        .font('Times-Bold')
        .fontSize(20)
        .text(order.newspaperName ?? 'Newspaper to be confirmed', { align: 'center' });
      doc.moveDown(0.3).font('Helvetica').fontSize(9).text('PROOF: not for publication', { align: 'center' });
      doc.moveDown().fontSize(9);
      doc.text(`Order ${order.reference}   Type ${order.type}`);
      doc.text(`Publication date: ${order.publicationDate ?? 'to be confirmed'}`);
      if (order.gazetteEdition) doc.text(`Also for The Gazette (${order.gazetteEdition} edition)`);
      doc.moveDown();
      const x = doc.page.margins.left;
      doc
        .moveTo(x, doc.y)
        .lineTo(x + COLUMN_WIDTH_PT[columns], doc.y)
        .stroke();
      doc.moveDown(0.5);
      doc
        .font('Times-Roman')
        .fontSize(8.5)
        .text(order.noticeText, x, doc.y, { width: COLUMN_WIDTH_PT[columns], align: 'justify' });
      doc.moveDown(0.5);
      doc
        .moveTo(x, doc.y)
        .lineTo(x + COLUMN_WIDTH_PT[columns], doc.y)
        .stroke();
    },
    { title: `Proof ${order.reference}`, document: 'proof', testMode: !order.livemode },
  );
}
