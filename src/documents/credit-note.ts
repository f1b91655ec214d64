import { creditReasonText, type CreditReason } from './vat';
import { formatPence } from '../money';
import { longUkDate } from '../notices/dates';
import type { Order } from '../orders/order';
import {
  amountsTable,
  orderParticulars,
  renderVatDocument,
  type VatDocumentFacts,
  type VatDocumentFrame,
} from './invoice';
import { factTable, formatVatNumber, heading, paragraph } from './layout';

/** Why a credit note is issued: the order cancelled, or amended to a lower price (or re-invoiced). */

export interface CreditNoteFacts extends VatDocumentFacts {
  reason: CreditReason;
  /** The VAT invoice it credits. */
  invoice: { number: string; issuedAt: Date };
  /** The money returned with it (ledger refund), or how the credit is settled. */
  settlement: string;
}

/**
 * A VAT credit note (HMRC VAT Notice 700, section 18.2): the supplier's name, address and VAT registration
 * number; the credit note's own sequential number and date; the customer's name and address; the number and
 * date of the invoice it credits; the reason; the description of what is credited; the net credited, the rate,
 * the VAT credited and the total credited, in sterling.
 */
export function renderCreditNote(order: Order, facts: CreditNoteFacts): Promise<Buffer> {
  const creditNote: VatDocumentFrame = {
    document: 'credit_note',
    letterhead: [
      ['Date', longUkDate(facts.issuedAt)],
      ['Credits invoice', facts.invoice.number],
    ],
  };
  return renderVatDocument(order, facts, creditNote, (doc) => {
    factTable(doc, [
      ['Original invoice', `${facts.invoice.number}, dated ${longUkDate(facts.invoice.issuedAt)}`],
      ['Reason for credit', creditReasonText(facts.reason, facts.invoice.number)],
      ...orderParticulars(order),
      ['Supplier VAT number', formatVatNumber(facts.supplier.vatNumber)],
    ]);
    doc.moveDown(0.8);
    amountsTable(doc, facts.lines, facts, 'Total credited including VAT');
    doc.moveDown(1);
    heading(doc, 'Settlement', 2);
    paragraph(doc, facts.settlement, { size: 10 });
    paragraph(
      doc,
      `This credit note reduces the VAT charged on ${facts.invoice.number} by ` +
        `${formatPence(facts.amounts.vatGbpPence)}: adjust your VAT account accordingly.`,
      { size: 9 },
    );
  });
}
