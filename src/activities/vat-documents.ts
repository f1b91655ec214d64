import { formatPence } from '../money';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { DocumentIssue, IssuedDocumentRow } from '../db/issued-documents.repository';
import { listLedgerEntries } from '../db/order-records.repository';
import { findOrganisation } from '../db/organisations.repository';
import type { VatCustomer, VatDocumentFacts, VatInvoiceFacts } from '../documents/invoice';
import type { RenderJob, SigningJob } from '../documents/render-job';
import {
  creditAmounts,
  creditLines,
  invoiceAmounts,
  supplyLabel,
  supplyLines,
  VAT_NUMBER_PREFIX,
  VAT_RATE_BASIS_POINTS,
  vatRateLabel,
  type VatAmounts,
  creditReasonText,
  type CreditReason,
} from '../documents/vat';
import { addDays, ukDate } from '../notices/dates';
import { ISSUED_DOCUMENT_NAMES, verifyUrl, type IssuedDocumentRef } from '../orders/documents';
import type { Order } from '../orders/order';
import type { Pricing } from '../notices';
import { issueDocument, issuerOf, signedBy } from './documents';

export type CreditSettlement = 'refunded' | 'refund_pending' | 'unpaid';

export interface VatCreditNoteInput {
  /** The order as invoiced (its pricing is what the credited invoice stands at). */
  order: Order;
  invoice: IssuedDocumentRef;
  /** The price that stands after the change; null: nothing (cancelled, or replaced by a new invoice). */
  remaining: Pricing | null;
  /** The ledger's refund that goes with it, when money went back. */
  refundedGbpPence?: number;
  reason: CreditReason;
  settlement: CreditSettlement;
  /** `vat_credit_note:cancelled`: a retried activity finds the same note (so `vat_invoice:v3` an invoice). */
  issueKey: string;
}

type VatKind = 'vat_invoice' | 'vat_credit_note';
const NUMBER_LABELS: Record<VatKind, string> = {
  vat_invoice: 'Invoice number',
  vat_credit_note: 'Credit note number',
};

type Customer = VatCustomer & { termsDays: number };

/** VAT invoices and credit notes: issued once per order and issue key, numbered, signed and stored. */
export function vatDocumentActivities(deps: { config: Config; db: Db }) {
  async function customerOf(order: Order): Promise<Customer> {
    const organisation = await findOrganisation(deps.db, order.organisationId);
    const address = (organisation?.billingAddress ?? '').split(/\n/).map((l) => l.trim());
    return {
      name: organisation?.name ?? order.organisationId,
      address: address.filter(Boolean),
      termsDays: organisation?.invoiceTermsDays ?? 30,
    };
  }

  /** What an invoice and a credit note share; `about` follows the number in the title, `facts` in the summary. */
  async function issueVatDocument(
    kind: VatKind,
    input: {
      order: Order;
      issueKey: string;
      amounts: VatAmounts;
      about: string;
      facts: Array<[string, string]>;
    },
    job: (common: VatDocumentFacts & { customer: Customer }, signing: SigningJob) => Promise<RenderJob>,
  ): Promise<IssuedDocumentRef> {
    const { order, amounts } = input;
    const name = ISSUED_DOCUMENT_NAMES[kind];
    const customer = await customerOf(order);
    const issue: DocumentIssue = {
      orderId: order.id,
      organisationId: order.organisationId,
      livemode: order.livemode,
      kind,
      issueKey: input.issueKey,
      numberPrefix: VAT_NUMBER_PREFIX[kind],
      summary: (number) => ({
        title: `${name} ${number ?? ''}${input.about}, order ${order.reference}`,
        facts: [
          [NUMBER_LABELS[kind], number ?? ''],
          ...input.facts,
          ['Customer', customer.name],
          ['Order reference', order.reference],
          ['Net', formatPence(amounts.netGbpPence)],
          [`VAT at ${vatRateLabel()}`, formatPence(amounts.vatGbpPence)],
          ['Total', formatPence(amounts.grossGbpPence)],
        ],
      }),
    };
    const issued = async (row: IssuedDocumentRow) => {
      const common = {
        documentId: row.id,
        number: row.number!,
        issuedAt: row.issued_at,
        supplier: issuerOf(deps.config),
        customer,
        lines: supplyLines(order),
        amounts,
        rateBasisPoints: VAT_RATE_BASIS_POINTS,
        verifyUrl: verifyUrl(deps.config.publicBaseUrl, row.id),
      };
      const reason = `${name} ${row.number}, order ${order.reference}`;
      return job(common, await signedBy(deps.config, reason, row.issued_at));
    };
    return issueDocument(deps, issue, issued, amounts.grossGbpPence);
  }

  return {
    /** The tax point is the invoice's date, or the payment's when it came first (VAT Notice 700, section 14). */
    async issueVatInvoice(input: { order: Order; issueKey: string }): Promise<IssuedDocumentRef> {
      const { order, issueKey } = input;
      const amounts = invoiceAmounts(order.pricing);
      const about = `: ${supplyLabel(order.type)}`;
      return issueVatDocument(
        'vat_invoice',
        { order, issueKey, amounts, about, facts: [] },
        async (common, signing) => {
          const { termsDays } = common.customer;
          const issuedOn = ukDate(common.issuedAt);
          const paidOn =
            order.paymentState === 'paid' ? ((await firstPaymentDate(deps.db, order.id)) ?? issuedOn) : null;
          const payment: VatInvoiceFacts['payment'] = paidOn
            ? { state: 'paid', paidOn }
            : {
                state: 'due',
                termsDays,
                dueOn: addDays(issuedOn, termsDays),
                bank: order.paymentMethod === 'invoice_bank_transfer' ? { ...deps.config.bank } : null,
              };
          const taxPoint = paidOn && paidOn < issuedOn ? paidOn : issuedOn;
          return { document: 'vat_invoice', order, invoice: { ...common, taxPoint, payment }, signing };
        },
      );
    },

    /** What the price fell by (all of it on cancellation or replacement). */
    async issueVatCreditNote(input: VatCreditNoteInput): Promise<IssuedDocumentRef> {
      const { order, reason } = input;
      const remaining = input.remaining && invoiceAmounts(input.remaining);
      const amounts = creditAmounts(invoiceAmounts(order.pricing), remaining, input.refundedGbpPence);
      const invoiceNumber = input.invoice.number ?? input.invoice.id;
      const facts: Array<[string, string]> = [
        ['Credits invoice', invoiceNumber],
        ['Reason', creditReasonText(reason, invoiceNumber)],
      ];
      const about = ` against invoice ${invoiceNumber}`;
      return issueVatDocument(
        'vat_credit_note',
        { order, issueKey: input.issueKey, amounts, about, facts },
        async (common, signing) => ({
          document: 'vat_credit_note',
          order,
          creditNote: {
            ...common,
            lines: creditLines(common.lines, amounts, invoiceNumber),
            reason,
            invoice: { number: invoiceNumber, issuedAt: new Date(input.invoice.issuedAt) },
            settlement: settlementText(input.settlement, amounts.grossGbpPence, reason),
          },
          signing,
        }),
      );
    },
  };
}

function settlementText(settlement: CreditSettlement, gross: number, reason: CreditReason): string {
  switch (settlement) {
    case 'refunded':
      return `${formatPence(gross)} has been refunded to the original means of payment.`;
    case 'refund_pending':
      return `${formatPence(gross)} is due back to you and is being refunded.`;
    case 'unpaid':
      return reason === 'reinvoiced'
        ? 'Nothing was paid against the credited invoice: pay the new invoice instead.'
        : `Nothing was paid against the credited invoice: the amount due is reduced by ${formatPence(gross)}.`;
  }
}

/** The UK date of the order's first payment (the ledger lists it oldest first). */
async function firstPaymentDate(db: Db, orderId: string): Promise<string | null> {
  const first = (await listLedgerEntries(db, orderId)).find(
    (e) => e.kind === 'charge' && e.reason === 'payment',
  );
  return first ? ukDate(new Date(first.createdAt)) : null;
}
