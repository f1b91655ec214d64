import { renderCertificate } from '../../../src/documents/certificate';
import { renderProof } from '../../../src/documents/proof';
import type { Order } from '../../../src/orders/order';
import { pdfText } from '../../support/pdf-text';

/** Names as customers send them: Welsh, Gaelic, Polish, Vietnamese. */
const NAMES = [
  'Gwenllïan Ŵyn Prŷs',
  'Dŵr a Thân',
  'Màiri Dòmhnallach',
  'Łukasz Żółć',
  'Zoë',
  'Nguyễn Thị Ánh',
];

const order: Order = {
  id: 'ord_0000000000000000unicode',
  organisationId: 'org_1',
  livemode: true,
  reference: 'SN-UNICODE1',
  status: 'published',
  type: 'probate',
  quotedPriceGbpPence: 12000,
  noticeText: `HYSBYSIAD I GREDYDWYR AC ERAILL\n\n${NAMES.join(', ')}.\n\nNOTICE TO CREDITORS AND OTHERS`,
  paymentMethod: 'invoice_with_terms',
  paymentState: 'on_account',
  checkoutUrl: null,
  invoiceUrl: null,
  clientRef: null,
  proofPdfUrl: null,
  certificateUrl: null,
  newspaperName: 'Cambrian News',
  gazetteEdition: 'london',
  publicationDate: '2027-03-01',
  publishedAt: new Date('2027-03-01T08:00:00Z'),
  urn: null,
  poReference: null,
  needsAttention: false,
  fields: {},
  pricing: {},
  createdAt: new Date('2026-11-20T10:00:00Z'),
  updatedAt: new Date('2026-11-20T10:00:00Z'),
  version: 1,
};

/** Extracted text wraps at column width: compare with line breaks and hyphenation joins as spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('documents print names exactly as written', () => {
  it.each([
    ['proof', () => renderProof(order, 2)],
    ['certificate', () => renderCertificate(order, 4)],
  ])('%s', async (_name, render) => {
    const text = flat(await pdfText(await render()));
    for (const name of NAMES) expect(text).toContain(name);
  });
});
