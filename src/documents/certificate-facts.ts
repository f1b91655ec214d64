import { longDate, ukDate } from '../notices/dates';
import type { Order } from '../orders/order';
import type { Issuer } from './layout';

/**
 * What a certificate of publication states, in words: pure, so the activity that issues one (and records its
 * particulars for the verification page) loads none of the typesetting libraries the render threads use.
 */

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
const gazetteDate = (order: Order) => order.gazettePublicationDate;

/** The newspaper's publication date: the UK date of the reported publication. */
export const newspaperPublicationDate = (order: Order) =>
  order.publishedAt ? ukDate(new Date(order.publishedAt)) : order.publicationDate;

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
