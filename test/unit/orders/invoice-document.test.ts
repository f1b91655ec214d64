import { invoiceFacts, renderInvoice } from '../../../src/documents/invoice';
import { anOrder } from '../../support/order-fixture';

const order = anOrder({
  reference: 'SN-ABC123',
  type: 'probate',
  quotedPriceGbpPence: 30_000,
  paymentMethod: 'invoice_bank_transfer',
  paymentState: 'invoiced',
  clientRef: 'Estate of J Smith',
  newspaperName: 'Yorkshire Evening Post',
  gazetteEdition: 'london',
  publicationDate: '2026-12-03',
  pricing: {
    subtotalGbpPence: 15_000,
    platformFeeGbpPence: 2_000,
    gazetteFeeGbpPence: 8_000,
    vatGbpPence: 5_000,
    totalGbpPence: 30_000,
  },
  // 23:30 UTC on 31 May is 00:30 on 1 June in London: the invoice is dated by the UK calendar.
  createdAt: new Date('2026-05-31T23:30:00Z'),
});

describe('our own invoice', () => {
  test('is numbered by the order reference, dated by the UK date of the order, and due after the net terms', () => {
    expect(invoiceFacts(order, 30)).toMatchObject({
      number: 'INV-SN-ABC123',
      issuedOn: '2026-06-01',
      dueOn: '2026-07-01',
      vatPence: 5_000,
      totalPence: 30_000,
    });
    expect(invoiceFacts(order, 60).dueOn).toBe('2026-07-31');
  });

  test('lists the placement, the platform fee and the Gazette fee, leaving out zero lines', () => {
    expect(invoiceFacts(order, 30).lines.map((l) => l.pence)).toEqual([15_000, 2_000, 8_000]);
    const noGazette = {
      ...order,
      gazetteEdition: null,
      pricing: { ...order.pricing, gazetteFeeGbpPence: 0 },
    };
    expect(invoiceFacts(noGazette, 30).lines).toHaveLength(2);
  });

  test('renders a PDF', async () => {
    const pdf = await renderInvoice(order, {
      organisation: { name: 'Smith & Co', billingEmail: 'accounts@example.com' },
      termsDays: 60,
      bank: { accountName: 'DEVELOPMENT ONLY', sortCode: '00-00-00', accountNumber: '00000000' },
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
