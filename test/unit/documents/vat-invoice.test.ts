import path from 'node:path';
import { renderCreditNote, type CreditNoteFacts } from '../../../src/documents/credit-note';
import { renderInvoice, type VatInvoiceFacts } from '../../../src/documents/invoice';
import {
  creditAmounts,
  creditLines,
  documentNumber,
  invoiceAmounts,
  supplyLines,
  vatInGross,
  vatOnNet,
} from '../../../src/documents/vat';
import { priceNotice } from '../../../src/notices/pricing';
import { pdfText } from '../../support/pdf-text';
import { popplerWarnings } from '../../support/poppler';
import { differenceFromReference, pdfPagePng } from '../../support/png-compare';
import { TEST_ISSUER } from '../../support/documents';
import { anOrder } from '../../support/order-fixture';

const PICTURES = path.join(__dirname, '../../../docs/documents');
const flat = (text: string) => text.replace(/\s+/g, ' ');

const pricing = {
  subtotalGbpPence: 15_037,
  platformFeeGbpPence: 2_000,
  gazetteFeeGbpPence: 8_000,
  vatGbpPence: 5_007,
  totalGbpPence: 30_044,
};

const order = anOrder({
  id: 'ord_0000000000000000vatinv',
  reference: 'SN-VAT001',
  status: 'published',
  type: 'probate',
  quotedPriceGbpPence: pricing.totalGbpPence,
  paymentMethod: 'invoice_bank_transfer',
  paymentState: 'invoiced',
  clientRef: 'DJH/HOL/2291',
  newspaperName: 'Yorkshire Evening Post',
  gazetteEdition: 'london',
  publicationDate: '2027-03-01',
  gazettePublicationDate: '2027-03-02',
  newspapers: [],
  pricing,
});

describe('VAT arithmetic in pence', () => {
  test('VAT is 20% of the net, to the nearest penny, half a penny up', () => {
    expect(vatOnNet(10_000)).toBe(2_000);
    expect(vatOnNet(25_037)).toBe(5_007); // 5007.4
    expect(vatOnNet(25_038)).toBe(5_008); // 5007.6
    expect(vatOnNet(2)).toBe(0); // 0.4
    expect(vatOnNet(3)).toBe(1); // 0.6
    expect(vatOnNet(5)).toBe(1); // exactly 1.0
    expect(vatOnNet(12_345_678)).toBe(2_469_136); // 2469135.6
    // Half a penny: 0.5 → 1 (a net of 2.5p cannot occur, so check the boundary at basis points that make one).
    expect(vatOnNet(1, 5_000)).toBe(1);
  });

  test('the VAT fraction of a VAT-inclusive amount is 1/6, to the nearest penny', () => {
    expect(vatInGross(12_000)).toBe(2_000);
    expect(vatInGross(100)).toBe(17); // 16.67
    expect(vatInGross(3)).toBe(1); // 0.5 → 1
    expect(vatInGross(2)).toBe(0); // 0.33
  });

  test("an invoice shows the order's own breakdown: net, VAT and gross adding up to the price charged", () => {
    expect(invoiceAmounts(pricing)).toEqual({
      netGbpPence: 25_037,
      vatGbpPence: 5_007,
      grossGbpPence: 30_044,
    });
  });

  test('every priced notice gives an invoice whose VAT is the rate on its net', () => {
    const paper = { geometry: { wordsPerCm: 9 }, rateGbpPence: 1_733 } as never;
    for (const words of [1, 37, 120, 333, 999]) {
      const { pricing: p } = priceNotice(
        paper,
        { type: 'probate', nation: 'england', gazette: true } as never,
        words,
      );
      const a = invoiceAmounts(p);
      expect(a.netGbpPence + a.vatGbpPence).toBe(p.totalGbpPence);
    }
  });

  test('a breakdown that does not add up, or whose VAT is wrong, is refused', () => {
    expect(() => invoiceAmounts({ ...pricing, totalGbpPence: 30_045 })).toThrow(/does not add up/);
    expect(() => invoiceAmounts({ ...pricing, vatGbpPence: 5_008, totalGbpPence: 30_045 })).toThrow(
      /not 20%/,
    );
  });

  test('a credit note credits the differences of net and VAT, so invoice less credits is the price that stands', () => {
    const from = invoiceAmounts(pricing);
    expect(creditAmounts(from, null)).toEqual(from);
    const lower = { ...pricing, subtotalGbpPence: 10_000, vatGbpPence: 4_000, totalGbpPence: 24_000 };
    const credit = creditAmounts(from, invoiceAmounts(lower), 6_044);
    expect(credit).toEqual({ netGbpPence: 5_037, vatGbpPence: 1_007, grossGbpPence: 6_044 });
    expect(from.vatGbpPence - credit.vatGbpPence).toBe(lower.vatGbpPence);
  });

  test('a refund of another amount is credited as refunded, its VAT the VAT fraction', () => {
    expect(creditAmounts(invoiceAmounts(pricing), null, 12_000)).toEqual({
      netGbpPence: 10_000,
      vatGbpPence: 2_000,
      grossGbpPence: 12_000,
    });
  });
});

describe('numbering', () => {
  test('sequential numbers, six digits, test mode in its own series', () => {
    expect(documentNumber('INV', 123, true)).toBe('INV-000123');
    expect(documentNumber('CN', 45, true)).toBe('CN-000045');
    expect(documentNumber('INV', 1, false)).toBe('TEST-INV-000001');
    expect(documentNumber('INV', 1_234_567, true)).toBe('INV-1234567');
    expect(() => documentNumber('INV', 0, true)).toThrow(RangeError);
  });
});

describe('the description of the supply', () => {
  test('the notice in each paper with its insertion date, the Gazette notice with its date, the platform fee', () => {
    expect(supplyLines(order)).toEqual([
      {
        description:
          'Section 27 Trustee Act 1925 notice (deceased estates): Yorkshire Evening Post, insertion 1 March 2027',
        netGbpPence: 15_037,
      },
      { description: 'The London Gazette notice, insertion 2 March 2027', netGbpPence: 8_000 },
      { description: 'Notice drafting, placement and proof (platform fee)', netGbpPence: 2_000 },
    ]);
  });

  test('several papers, one line each', () => {
    const lines = supplyLines({
      ...order,
      newspapers: [
        { newspaperName: 'Paper A', places: [], publicationDate: '2027-03-01', subtotalGbpPence: 10_000 },
        { newspaperName: 'Paper B', places: [], publicationDate: '2027-03-03', subtotalGbpPence: 5_037 },
      ],
    });
    expect(lines.slice(0, 2).map((l) => l.netGbpPence)).toEqual([10_000, 5_037]);
    expect(lines.reduce((s, l) => s + l.netGbpPence, 0)).toBe(invoiceAmounts(pricing).netGbpPence);
  });

  test('a partial credit is one line naming the reduction; a full credit repeats the invoiced lines', () => {
    const lines = supplyLines(order);
    expect(creditLines(lines, invoiceAmounts(pricing), 'INV-000001')).toBe(lines);
    expect(
      creditLines(lines, { netGbpPence: 100, vatGbpPence: 20, grossGbpPence: 120 }, 'INV-000001'),
    ).toEqual([{ description: expect.stringContaining('INV-000001') as string, netGbpPence: 100 }]);
  });
});

const customer = { name: 'Harrow & Lane LLP', address: ['12 Albion Street', 'Leeds', 'LS1 6HX'] };

function invoiceFacts(over: Partial<VatInvoiceFacts> = {}): VatInvoiceFacts {
  return {
    documentId: 'doc_0000000000000000vatin1',
    number: 'INV-000123',
    issuedAt: new Date('2027-03-02T09:30:00Z'),
    taxPoint: '2027-03-02',
    supplier: TEST_ISSUER,
    customer,
    lines: supplyLines(order),
    amounts: invoiceAmounts(pricing),
    rateBasisPoints: 2000,
    verifyUrl: 'https://notices.example.com/verify/doc_0000000000000000vatin1',
    payment: {
      state: 'due',
      termsDays: 30,
      dueOn: '2027-04-01',
      bank: { accountName: 'Notices Ltd', sortCode: '00-00-00', accountNumber: '00000000' },
    },
    ...over,
  };
}

function creditFacts(): CreditNoteFacts {
  const amounts = invoiceAmounts(pricing);
  return {
    documentId: 'doc_0000000000000000vatcn1',
    number: 'CN-000045',
    issuedAt: new Date('2027-03-04T10:00:00Z'),
    supplier: TEST_ISSUER,
    customer,
    lines: creditLines(supplyLines(order), amounts, 'INV-000123'),
    amounts,
    rateBasisPoints: 2000,
    verifyUrl: 'https://notices.example.com/verify/doc_0000000000000000vatcn1',
    reason: 'cancelled',
    invoice: { number: 'INV-000123', issuedAt: new Date('2027-03-02T09:30:00Z') },
    settlement: '£300.44 has been refunded to the original means of payment.',
  };
}

describe('the VAT invoice PDF', () => {
  test('states every particular of a full VAT invoice', async () => {
    const text = flat(await pdfText(await renderInvoice(order, invoiceFacts())));
    for (const phrase of [
      'VAT Invoice',
      'Notices Ltd',
      '1 Park Row, Leeds, LS1 5AB',
      'VAT registration number GB 123 4567 89',
      'Invoice number INV-000123',
      'Invoice date Tuesday 2 March 2027',
      'Tax point Tuesday 2 March 2027',
      'Harrow & Lane LLP',
      '12 Albion Street',
      'LS1 6HX',
      'Order reference SN-VAT001',
      'Your reference DJH/HOL/2291',
      'Yorkshire Evening Post, insertion 1 March 2027',
      'The London Gazette notice, insertion 2 March 2027',
      'Total excluding VAT £250.37',
      'VAT at 20% (standard rate) £50.07',
      'Total including VAT £300.44',
      'Terms: net 30 days',
      '1 April 2027',
      'Sort code 00-00-00',
      'https://notices.example.com/verify/doc_0000000000000000vatin1',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  test('a paid invoice says so', async () => {
    const text = flat(
      await pdfText(
        await renderInvoice(order, invoiceFacts({ payment: { state: 'paid', paidOn: '2027-03-02' } })),
      ),
    );
    expect(text).toContain('Paid in full on 2 March 2027');
    expect(text).not.toContain('Sort code');
  });

  test('a test-mode invoice says it is a test', async () => {
    const text = flat(await pdfText(await renderInvoice({ ...order, livemode: false }, invoiceFacts())));
    expect(text).toContain('TEST MODE');
  });

  test('the invoice and the credit note read without a poppler warning, live and in test mode', async () => {
    for (const o of [order, { ...order, livemode: false }]) {
      expect(popplerWarnings(await renderInvoice(o, invoiceFacts()))).toEqual([]);
      expect(popplerWarnings(await renderCreditNote(o, creditFacts()))).toEqual([]);
    }
  });

  test('looks as reviewed (docs/documents/vat-invoice.png, within 0.5% of pixels)', async () => {
    const png = pdfPagePng(await renderInvoice(order, invoiceFacts()), 1, 50);
    expect(differenceFromReference(png, path.join(PICTURES, 'vat-invoice.png'))).toBeLessThan(0.005);
  });
});

describe('the VAT credit note PDF', () => {
  test('states its number, the invoice it credits, the reason and the amounts credited', async () => {
    const text = flat(await pdfText(await renderCreditNote(order, creditFacts())));
    for (const phrase of [
      'VAT Credit Note',
      'Credit note number CN-000045',
      'Credits invoice INV-000123',
      'Original invoice INV-000123, dated Tuesday 2 March 2027',
      'The order was cancelled',
      'VAT registration number GB 123 4567 89',
      'Harrow & Lane LLP',
      'Total excluding VAT £250.37',
      'VAT at 20% (standard rate) £50.07',
      'Total credited including VAT £300.44',
      '£300.44 has been refunded',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  test('looks as reviewed (docs/documents/vat-credit-note.png, within 0.5% of pixels)', async () => {
    const png = pdfPagePng(await renderCreditNote(order, creditFacts()), 1, 50);
    expect(differenceFromReference(png, path.join(PICTURES, 'vat-credit-note.png'))).toBeLessThan(0.005);
  });
});
