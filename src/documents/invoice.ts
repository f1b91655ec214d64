import { formatPence } from '../money';
import { longDate, longUkDate } from '../notices/dates';
import { formatNoticeDate } from '../notices/dates';
import type { Order } from '../orders/order';
import {
  artefact,
  contentWidth,
  factTable,
  formatVatNumber,
  heading,
  letterhead,
  paragraph,
  rule,
  tag,
  verificationBlock,
  type Doc,
  type Issuer,
} from './layout';
import { renderPdf } from './render';
import { vatRateLabel, type SupplyLine, type VatAmounts } from './vat';

/** Where an on-account customer pays by bank transfer (config BANK_ACCOUNT_NAME / _SORT_CODE / _NUMBER). */
export interface BankDetails {
  accountName: string;
  sortCode: string;
  accountNumber: string;
}

/** The customer as the VAT document names them: the organisation's name and billing address (settings). */
export interface VatCustomer {
  name: string;
  /** Address lines; empty when the organisation has given none (the document says so). */
  address: string[];
}

/** The facts every VAT document (invoice or credit note) states, decided by the activity that issues it. */
export interface VatDocumentFacts {
  documentId: string;
  /** The sequential number (INV-000123, CN-000045; TEST-… in test mode). */
  number: string;
  issuedAt: Date;
  supplier: Issuer;
  customer: VatCustomer;
  lines: SupplyLine[];
  amounts: VatAmounts;
  rateBasisPoints: number;
  verifyUrl: string;
}

export interface VatInvoiceFacts extends VatDocumentFacts {
  /** The time of supply (ISO date): the invoice's date, or the payment's when that came first. */
  taxPoint: string;
  /** Paid already (card, Stripe invoice), or due on our terms with where to pay. */
  payment:
    | { state: 'paid'; paidOn: string }
    | { state: 'due'; termsDays: number; dueOn: string; bank: BankDetails | null };
}

/** The customer's block: name and postal address, or a plain statement that the address is missing. */
export function customerLines(customer: VatCustomer): string[] {
  return [
    customer.name,
    ...(customer.address.length > 0
      ? customer.address
      : ['(no billing address given: add it in the settings console)']),
  ];
}

/** The order's particulars every VAT document repeats. */
export function orderParticulars(order: Pick<Order, 'reference' | 'clientRef'>): Array<[string, string]> {
  return [
    ['Order reference', order.reference],
    ...(order.clientRef ? [['Your reference', order.clientRef] as [string, string]] : []),
  ];
}

/** The parties, side by side: from (supplier) and to (customer). */
export function parties(doc: Doc, supplier: Issuer, customer: VatCustomer, toLabel: string) {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.y;
  const column = (label: string, lines: string[], at: number) => {
    doc.y = top;
    tag(doc, 'P', () => {
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor('#333333')
        .text(label, at, top, { width: width / 2 - 12 });
      doc.font('Helvetica').fontSize(10).fillColor('black');
      for (const line of lines) doc.text(line, at, doc.y, { width: width / 2 - 12 });
    });
    return doc.y;
  };
  const left = column(toLabel, customerLines(customer), x);
  const right = column('Supplier', [supplier.name, ...supplier.address], x + width / 2);
  doc.x = x;
  doc.y = Math.max(left, right) + 12;
}

/**
 * The lines of supply with their net, then the net total, the VAT at the rate, and the total: a table (TH/TD)
 * so each amount is read with its label.
 */
export function amountsTable(doc: Doc, lines: SupplyLine[], facts: VatDocumentFacts, totalLabel: string) {
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  const amountWidth = 90;
  const table = doc.struct('Table');
  doc.addStructure(table);
  const row = (cells: [string, string], opts: { header?: boolean; bold?: boolean } = {}) => {
    const y = doc.y;
    const tr = doc.struct('TR');
    table.add(tr);
    let bottom = y;
    const cell = (text: string, at: number, w: number, align: 'left' | 'right') =>
      doc.struct(opts.header ? 'TH' : 'TD', {}, () => {
        doc
          .font(opts.header || opts.bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(opts.header ? 9 : 10)
          .fillColor(opts.header ? '#333333' : 'black')
          .text(text, at, y, { width: w, align });
        bottom = Math.max(bottom, doc.y);
      });
    tr.add(cell(cells[0], x, width - amountWidth - 16, 'left'));
    tr.add(cell(cells[1], x + width - amountWidth, amountWidth, 'right'));
    tr.end();
    doc.y = bottom + 5;
  };
  row(['Description', 'Net (GBP)'], { header: true });
  rule(doc);
  doc.moveDown(0.3);
  for (const line of lines) row([line.description, formatPence(line.netGbpPence)]);
  rule(doc);
  doc.moveDown(0.3);
  const { netGbpPence, vatGbpPence, grossGbpPence } = facts.amounts;
  row(['Total excluding VAT', formatPence(netGbpPence)]);
  row([`VAT at ${vatRateLabel(facts.rateBasisPoints)} (standard rate)`, formatPence(vatGbpPence)]);
  artefact(doc, () => {
    doc
      .save()
      .lineWidth(1)
      .moveTo(x + width - amountWidth - 20, doc.y)
      .lineTo(x + width, doc.y)
      .stroke()
      .restore();
  });
  doc.moveDown(0.3);
  row([totalLabel, formatPence(grossGbpPence)], { bold: true });
  table.end();
  doc.x = x;
}

/** The verification statement and QR code at the foot of a VAT document. */
export function verificationFoot(doc: Doc, facts: VatDocumentFacts, what: string) {
  const statement =
    `This ${what} is signed digitally by ${facts.supplier.name}, and the fingerprint (SHA-256) of this exact file ` +
    'was recorded when it was issued. To check a copy, open the page below (or scan the code) and upload it.';
  verificationBlock(doc, facts.verifyUrl, [statement], { qrSize: 78, fontSize: 8.5, color: '#333333' });
  doc.fillColor('black');
}

/**
 * A full UK VAT invoice (HMRC VAT Notice 700, section 16.3): the supplier's name, address and VAT registration
 * number; the invoice's sequential number, date and time of supply (tax point); the customer's name and
 * address; the description of the supply (the notice, each paper with its insertion date, the Gazette, the
 * order reference); each line's net, the total excluding VAT, the rate, the VAT and the total in sterling.
 * Then how it is paid or to be paid, and how to verify the copy (signed, fingerprint recorded at issue).
 */
export function renderInvoice(order: Order, facts: VatInvoiceFacts): Promise<Buffer> {
  const invoice: VatDocumentFrame = {
    document: 'invoice',
    letterhead: [
      ['Invoice date', longUkDate(facts.issuedAt)],
      ['Tax point', longDate(facts.taxPoint)],
    ],
  };
  return renderVatDocument(order, facts, invoice, (doc) => {
    factTable(doc, [
      ...orderParticulars(order),
      ['Supplier VAT number', formatVatNumber(facts.supplier.vatNumber)],
    ]);
    doc.moveDown(0.8);
    amountsTable(doc, facts.lines, facts, 'Total including VAT');
    doc.moveDown(1);
    heading(doc, facts.payment.state === 'paid' ? 'Payment received' : 'Payment', 2);
    if (facts.payment.state === 'paid') {
      paragraph(
        doc,
        `Paid in full on ${formatNoticeDate(facts.payment.paidOn)}, with thanks. Nothing is due.`,
        { size: 10 },
      );
    } else {
      const p = facts.payment;
      paragraph(
        doc,
        `Terms: net ${p.termsDays} days. Please pay ${formatPence(facts.amounts.grossGbpPence)} by ` +
          `${formatNoticeDate(p.dueOn)}, quoting ${facts.number}.`,
        { size: 10 },
      );
      if (p.bank) {
        factTable(
          doc,
          [
            ['Account name', p.bank.accountName],
            ['Sort code', p.bank.sortCode],
            ['Account number', p.bank.accountNumber],
            ['Payment reference', facts.number],
          ],
          { size: 9.5 },
        );
      }
    }
  });
}

/**
 * How each VAT document names itself: in running text ("this invoice", "VAT credit note CN-000045"), in its
 * heading and above the customer's block.
 */
const VAT_DOCUMENT_NAMES = {
  invoice: {
    name: 'invoice',
    heading: 'VAT Invoice',
    partyLabel: 'Invoice to',
    numberLabel: 'Invoice number',
  },
  credit_note: {
    name: 'credit note',
    heading: 'VAT Credit Note',
    partyLabel: 'Credit to',
    numberLabel: 'Credit note number',
  },
} as const;

/** Which VAT document, and the facts beside its letterhead after its number. */
export interface VatDocumentFrame {
  document: keyof typeof VAT_DOCUMENT_NAMES;
  letterhead: Array<[string, string]>;
}

/**
 * What every VAT document has around its own particulars: the letterhead, the heading, the test-mode warning,
 * the supplier and customer, then after `body` the verification foot.
 */
export function renderVatDocument(
  order: Order,
  facts: VatDocumentFacts,
  frame: VatDocumentFrame,
  body: (doc: Doc) => void,
): Promise<Buffer> {
  const { name, heading: documentHeading, partyLabel, numberLabel } = VAT_DOCUMENT_NAMES[frame.document];
  return renderPdf(
    (doc) => {
      letterhead(doc, facts.supplier, [[numberLabel, facts.number], ...frame.letterhead]);
      heading(doc, documentHeading);
      if (!order.livemode) {
        paragraph(doc, `TEST MODE: this ${name} is for a simulated order. No money is due or moved.`, {
          size: 9,
        });
      }
      parties(doc, facts.supplier, facts.customer, partyLabel);
      body(doc);
      doc.moveDown(1);
      verificationFoot(doc, facts, name);
    },
    {
      title: `VAT ${name} ${facts.number}`,
      document: frame.document,
      testMode: !order.livemode,
      createdAt: facts.issuedAt,
      author: facts.supplier.name,
    },
  );
}
