import { addDays, formatNoticeDate, ukDate } from '../notices/dates';
import type { Order } from '../orders/order';
import type { Pricing } from '../orders/order-notice';
import { renderPdf } from './render';

/** Where an on-account customer pays by bank transfer (config BANK_ACCOUNT_NAME / _SORT_CODE / _NUMBER). */
export interface BankDetails {
  accountName: string;
  sortCode: string;
  accountNumber: string;
}

/** Everything on our own invoice besides the order: who is billed, on which terms, and where to pay. */
export interface InvoiceParty {
  organisation: { name: string; billingEmail: string | null };
  /** Net terms from the organisation: 30 or 60 days. */
  termsDays: number;
  bank: BankDetails;
}

export interface InvoiceFacts {
  number: string;
  /** The UK date the order was placed. */
  issuedOn: string;
  dueOn: string;
  lines: Array<{ label: string; pence: number }>;
  vatPence: number;
  totalPence: number;
}

const pounds = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const pence = (pricing: Partial<Pricing>, key: keyof Pricing) => Number(pricing[key] ?? 0);

/** The figures of the invoice: `INV-<reference>`, issued the day the order was placed, due net N days later. */
export function invoiceFacts(order: Order, termsDays: number): InvoiceFacts {
  const issuedOn = ukDate(order.createdAt);
  const p = order.pricing;
  const items: Array<{ label: string; key: keyof Pricing }> = [
    {
      label: `Statutory notice (${order.type}) in ${order.newspaperName ?? 'the newspaper'}`,
      key: 'subtotalGbpPence',
    },
    { label: 'Platform fee', key: 'platformFeeGbpPence' },
    { label: `The Gazette (${order.gazetteEdition ?? ''} edition) fee`, key: 'gazetteFeeGbpPence' },
  ];
  const lines = items.map(({ label, key }) => ({ label, pence: pence(p, key) })).filter((l) => l.pence !== 0);
  return {
    number: `INV-${order.reference}`,
    issuedOn,
    dueOn: addDays(issuedOn, termsDays),
    lines,
    vatPence: pence(p, 'vatGbpPence'),
    totalPence: order.quotedPriceGbpPence,
  };
}

/**
 * Our own invoice for an order placed on account (`invoice_with_terms`, `invoice_bank_transfer`): the
 * organisation, the order reference, the lines, VAT, the total, the net terms with the due date, and the bank
 * details to pay by transfer. Served at GET /api/v1/orders/:id/invoice and attachable to e-mails.
 */
export function renderInvoice(order: Order, party: InvoiceParty): Promise<Buffer> {
  const facts = invoiceFacts(order, party.termsDays);
  return renderPdf(
    (doc) => {
      const x = doc.page.margins.left;
      const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
      const row = (label: string, amount: string) => {
        const y = doc.y;
        doc.text(label, x, y, { width: width - 100 });
        doc.text(amount, x, y, { width, align: 'right' });
      };
      doc.font('Helvetica-Bold').fontSize(20).text(`Invoice ${facts.number}`);
      doc.moveDown(0.5).font('Helvetica').fontSize(10);
      doc.text('Statutory Notice Placement');
      doc.moveDown();
      doc.font('Helvetica-Bold').text('Bill to');
      doc.font('Helvetica').text(party.organisation.name);
      if (party.organisation.billingEmail) doc.text(party.organisation.billingEmail);
      doc.moveDown();
      doc.text(`Order reference: ${order.reference}`);
      if (order.clientRef) doc.text(`Your reference: ${order.clientRef}`);
      doc.text(`Issued: ${formatNoticeDate(facts.issuedOn)}`);
      doc.text(`Terms: net ${party.termsDays} days. Due: ${formatNoticeDate(facts.dueOn)}`);
      doc.moveDown();
      for (const line of facts.lines) row(line.label, pounds(line.pence));
      row('VAT at 20%', pounds(facts.vatPence));
      doc
        .moveTo(x, doc.y + 4)
        .lineTo(x + width, doc.y + 4)
        .stroke();
      doc.moveDown(0.6).font('Helvetica-Bold');
      row('Total due', pounds(facts.totalPence));
      doc.moveDown(1.5).font('Helvetica-Bold').text('Pay by bank transfer', x);
      doc.font('Helvetica');
      doc.text(`Account name: ${party.bank.accountName}`);
      doc.text(`Sort code: ${party.bank.sortCode}`);
      doc.text(`Account number: ${party.bank.accountNumber}`);
      doc.text(`Payment reference: ${facts.number}`);
    },
    { title: `Invoice ${facts.number}`, document: 'invoice', testMode: !order.livemode },
  );
}
