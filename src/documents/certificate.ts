import { certificateParticulars, certificateStatement, type CertificateFacts } from './certificate-facts';
import { longUkDate } from '../notices/dates';
import type { Order } from '../orders/order';
import { contentWidth, factTable, heading, letterhead, paragraph, rule, verificationBlock } from './layout';
import { setNotice } from './notice-setting';
import { renderPdf } from './render';

/**
 * The certificate of publication, one per insertion and one for the Gazette: who certifies what in words (the
 * paper, the UK date with its weekday, the page), the particulars (booking reference, Gazette notice and link,
 * references), the notice as it was set, and how to check the copy: the certificate is signed (PAdES, by the
 * render thread) and its SHA-256 recorded at issue, and the QR code opens its verification page.
 */
export function renderCertificate(order: Order, facts: CertificateFacts): Promise<Buffer> {
  const { title, statement } = certificateStatement(order, facts.publication);
  return renderPdf(
    (doc) => {
      letterhead(doc, facts.issuer, [
        ['Certificate no.', facts.documentId],
        ['Issued', longUkDate(facts.issuedAt)],
      ]);
      heading(doc, 'Certificate of Publication', 1, { align: 'center' });
      paragraph(doc, statement, { size: 12.5, serif: true });
      if (!order.livemode) {
        paragraph(doc, 'TEST MODE: this certifies a simulated publication. No notice was published.', {
          size: 10,
        });
      }
      doc.moveDown(0.4);
      factTable(doc, certificateParticulars(order, facts));
      doc.moveDown(0.8);
      heading(doc, 'The notice as published', 2);
      rule(doc);
      doc.moveDown(0.6);
      const width = Math.min(contentWidth(doc), 340);
      const x = doc.page.margins.left + (contentWidth(doc) - width) / 2;
      setNotice(doc, order.noticeText, {
        x,
        width,
        size: 9,
        language: order.fields.language === 'cy+en' ? 'cy+en' : 'en',
      });
      rule(doc);
      doc.moveDown(1);
      verification(doc, facts);
    },
    {
      title,
      document: 'certificate',
      testMode: !order.livemode,
      createdAt: facts.issuedAt,
      author: facts.issuer.name,
    },
  );
}

/** Who issued it and how to check a copy: the statement beside the QR code of the verification page. */
function verification(doc: PDFKit.PDFDocument, facts: CertificateFacts) {
  const statements = [
    `Issued by ${facts.issuer.name}, ${facts.issuer.address.join(', ')}, on ${longUkDate(facts.issuedAt)}. ` +
      `Contact: ${[facts.issuer.email, facts.issuer.telephone].filter(Boolean).join(', ')}.`,
    `This certificate is signed digitally by ${facts.issuer.name}, and the fingerprint (SHA-256) of this exact ` +
      'file was recorded when it was issued. To check that a copy is genuine and unaltered, open the page below ' +
      '(or scan the code) and upload the copy: it says whether the file is the one we issued.',
  ];
  verificationBlock(doc, facts.verifyUrl, statements, { qrSize: 92, fontSize: 9, color: 'black' });
}
