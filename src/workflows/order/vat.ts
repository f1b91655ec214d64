import type { VatCreditNoteInput } from '../../activities/vat-documents';
import { withDocument, type IssuedDocumentRef } from '../../orders/documents';
import { documents, type OrderProcess } from './process';
import type { Order } from '../../orders/order';

/**
 * When the order's VAT documents are issued: docs/documents.md, "VAT invoices and credit notes". Each is one
 * activity with a deterministic issue key, so a retry or a replay never issues it twice.
 */

/** The VAT invoice the order's price stands on: its latest. */
export function currentInvoice(order: Order): IssuedDocumentRef | undefined {
  return (order.documents ?? []).filter((d) => d.kind === 'vat_invoice').at(-1);
}

/** Issues the VAT invoice of `order` (as it is about to be committed) and answers the order's documents. */
export async function invoiceDocuments(order: Order): Promise<IssuedDocumentRef[] | null> {
  const invoice = await documents.issueVatInvoice({ order, issueKey: `vat_invoice:v${order.version}` });
  return withDocument(order.documents, invoice);
}

/** Payment, placement on account: the VAT invoice of an order that has none yet, issued and committed. */
export async function issueMissingInvoice(p: OrderProcess): Promise<void> {
  if (currentInvoice(p.order)) return;
  await p.commit({ documents: await invoiceDocuments(p.order) });
}

/** `key` names the change (`cancelled`, `amended-v4`): one credit note per change. */
type Credit = Omit<VatCreditNoteInput, 'order' | 'invoice' | 'issueKey'> & { key: string };

/** The credit note for a fall in the price of the order's current invoice (if any), with the order's documents. */
export async function creditDocuments(p: OrderProcess, credit: Credit): Promise<IssuedDocumentRef[] | null> {
  const invoice = currentInvoice(p.order);
  const before = p.order.pricing.totalGbpPence;
  const after = credit.remaining?.totalGbpPence ?? 0;
  if (!invoice || (before <= after && !credit.refundedGbpPence)) return p.order.documents;
  const { key, ...credited } = credit;
  const issueKey = `vat_credit_note:${key}`;
  const note = await documents.issueVatCreditNote({ order: p.order, invoice, ...credited, issueKey });
  return withDocument(p.order.documents, note);
}
