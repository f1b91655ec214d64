import { ukDate } from '../notices/dates';
import type { Order } from '../orders/order';
import {
  contentWidth,
  factTable,
  heading,
  keepRoom,
  letterhead,
  longDate,
  longUkDate,
  paragraph,
  qrCode,
  rule,
  type Issuer,
} from './layout';
import { setNotice } from './notice-setting';
import { renderPdf } from './render';

/** Which publication a certificate certifies: the newspaper's insertion, or the Gazette's notice. */
export type CertifiedPublication = 'newspaper' | 'gazette';

export interface CertificateFacts {
  publication: CertifiedPublication;
  /** The document's id (its number on the certificate) and its public verification page. */
  documentId: string;
  verifyUrl: string;
  issuedAt: Date;
  issuer: Issuer;
}

const GAZETTES: Record<string, string> = {
  london: 'The London Gazette',
  edinburgh: 'The Edinburgh Gazette',
  belfast: 'The Belfast Gazette',
};

/** The Gazette's name for an order's edition. */
export const gazetteName = (edition: string | null) => GAZETTES[edition ?? ''] ?? 'The Gazette';

/** A Gazette notice's own page (live notices; a test reference has none). */
export const gazetteNoticeUrl = (urn: string) =>
  `https://www.thegazette.co.uk/notice/${encodeURIComponent(urn)}`;

/** The date the Gazette printed the notice, when the order knows it (scheduled with the newspaper's date). */
const gazetteDate = (order: Order) =>
  (order as Order & { gazettePublicationDate?: string | null }).gazettePublicationDate ?? null;

/** The newspaper's publication date: the UK date of the reported publication. */
export const newspaperPublicationDate = (order: Order) =>
  order.publishedAt ? ukDate(order.publishedAt) : order.publicationDate;

/** The sentence a certificate certifies, and the title it is listed under. */
export function certificateStatement(order: Order, publication: CertifiedPublication) {
  if (publication === 'newspaper') {
    const paper = order.newspaperName ?? 'the newspaper';
    const date = newspaperPublicationDate(order);
    const on = date ? ` on ${longDate(date)}` : '';
    const page = order.pageNumber ? `, page ${order.pageNumber}` : '';
    return {
      title: `Certificate of publication: ${paper}${date ? `, ${longDate(date)}` : ''}`,
      statement: `This is to certify that the notice set out below was published in ${paper}${on}${page}.`,
    };
  }
  const gazette = gazetteName(order.gazetteEdition);
  const date = gazetteDate(order);
  return {
    title: `Certificate of publication: ${gazette}, notice ${order.urn ?? ''}`,
    statement: `This is to certify that the notice set out below was published in ${gazette}${
      date ? ` on ${longDate(date)}` : ''
    } as notice ${order.urn ?? '(reference not yet received)'}.`,
  };
}

/** The certificate's particulars, label by label (also what the verification page shows). */
export function certificateParticulars(order: Order, facts: Pick<CertificateFacts, 'publication'>) {
  const rows: Array<[string, string]> = [];
  const applicant = typeof order.fields.applicantName === 'string' ? order.fields.applicantName : null;
  if (facts.publication === 'newspaper') {
    const date = newspaperPublicationDate(order);
    rows.push(
      ['Newspaper', order.newspaperName ?? 'not recorded'],
      ['Date of publication', date ? longDate(date) : 'not recorded'],
      ['Page', order.pageNumber ? String(order.pageNumber) : 'not reported by the newspaper'],
      ["Newspaper's booking reference", order.newspaperReference ?? 'not reported by the newspaper'],
    );
  } else {
    const date = gazetteDate(order);
    rows.push(['Gazette', gazetteName(order.gazetteEdition)]);
    if (date) rows.push(['Date of publication', longDate(date)]);
    rows.push(['Gazette notice', order.urn ?? 'not received']);
    if (order.urn)
      rows.push([
        'Notice online',
        order.livemode
          ? gazetteNoticeUrl(order.urn)
          : 'none: a simulated test reference, not a Gazette notice',
      ]);
    if (order.newspaperName) {
      const paper = newspaperPublicationDate(order);
      rows.push(['Also published in', `${order.newspaperName}${paper ? `, ${longDate(paper)}` : ''}`]);
    }
  }
  rows.push(['Our order reference', order.reference]);
  if (order.clientRef) rows.push(['Your reference', order.clientRef]);
  if (applicant) rows.push(['Placed for', applicant]);
  return rows;
}

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
      title: order.livemode ? title : `TEST: ${title}`,
      document: 'certificate',
      testMode: !order.livemode,
      createdAt: facts.issuedAt,
      author: facts.issuer.name,
    },
  );
}

/** Who issued it and how to check a copy: the statement beside the QR code of the verification page. */
function verification(doc: PDFKit.PDFDocument, facts: CertificateFacts) {
  const size = 92;
  keepRoom(doc, size + 20);
  const x = doc.page.margins.left;
  const top = doc.y;
  const textWidth = contentWidth(doc) - size - 16;
  doc.font('Helvetica').fontSize(9).fillColor('black');
  const text = [
    `Issued by ${facts.issuer.name}, ${facts.issuer.address.join(', ')}, on ${longUkDate(facts.issuedAt)}. ` +
      `Contact: ${[facts.issuer.email, facts.issuer.telephone].filter(Boolean).join(', ')}.`,
    `This certificate is signed digitally by ${facts.issuer.name}, and the fingerprint (SHA-256) of this exact ` +
      'file was recorded when it was issued. To check that a copy is genuine and unaltered, open the page below ' +
      '(or scan the code) and upload the copy: it says whether the file is the one we issued.',
    facts.verifyUrl,
  ];
  for (const line of text) {
    doc.addStructure(doc.struct('P', {}, () => doc.text(line, x, doc.y, { width: textWidth, lineGap: 1.5 })));
    doc.moveDown(0.4);
  }
  const bottom = doc.y;
  qrCode(doc, facts.verifyUrl, x + textWidth + 16, top, size);
  doc.x = x;
  doc.y = Math.max(bottom, top + size);
}
