import { addDays, ukDate } from '../../notices/dates';
import { formatPence } from '../../money';
import { formatDate, renderEmail, type RenderedEmail } from './render';
import { newspaperOf, noticeLabel, type OrderMailView } from './order';

interface InvoiceDetails {
  number: string;
  issuedOn: string;
  dueOn: string;
  termsDays: number;
  organisationName: string;
  /** `invoice_with_terms` or `invoice_bank_transfer`. */
  paymentMethod: string;
}

/**
 * `INV-<reference>`, issued the UK day the order was placed, due `termsDays` later: the same figures as the
 * invoice PDF (src/documents/invoice.ts).
 */
export function invoiceDetails(
  order: OrderMailView,
  organisation: { name: string; invoiceTermsDays: number },
): InvoiceDetails {
  const issuedOn = ukDate(new Date(order.createdAt));
  return {
    number: `INV-${order.reference}`,
    issuedOn,
    dueOn: addDays(issuedOn, organisation.invoiceTermsDays),
    termsDays: organisation.invoiceTermsDays,
    organisationName: organisation.name,
    paymentMethod: order.paymentMethod,
  };
}

function paymentInstruction(inv: InvoiceDetails): string {
  return inv.paymentMethod === 'invoice_bank_transfer'
    ? `Please pay by bank transfer by ${formatDate(inv.dueOn)}, quoting ${inv.number} as the payment reference. The bank details are on the invoice.`
    : `Payment terms: net ${inv.termsDays} days. Please pay by ${formatDate(inv.dueOn)}, quoting ${inv.number}.`;
}

/** The on-account invoice to the organisation's billing contact; the PDF goes with it as an attachment. */
export function renderInvoiceEmail(order: OrderMailView, inv: InvoiceDetails): RenderedEmail {
  return renderEmail({
    subject: `${order.livemode ? '' : '[TEST] '}Invoice ${inv.number} for order ${order.reference} (${newspaperOf(order)})`,
    heading: `Invoice ${inv.number}`,
    blocks: [
      `Hello ${inv.organisationName},`,
      `Please find attached the invoice for your ${noticeLabel(order.type)} in ${newspaperOf(order)}.`,
      {
        kind: 'facts',
        rows: [
          ['Invoice number', inv.number],
          ['Order reference', order.reference],
          ...(order.clientRef ? [['Your reference', order.clientRef] as [string, string]] : []),
          ['Newspaper', newspaperOf(order)],
          ['Amount due', `${formatPence(order.quotedPriceGbpPence)} including VAT`],
          ['Issued', formatDate(inv.issuedOn)],
          ['Due', formatDate(inv.dueOn)],
          ['Terms', `net ${inv.termsDays} days`],
        ],
      },
      paymentInstruction(inv),
      !!order.invoiceUrl && { kind: 'link', label: 'Invoice online', url: order.invoiceUrl },
    ],
  });
}
