import { formatPence } from '../money';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { reserveIssuedDocument } from '../db/issued-documents.repository';
import { listLedgerEntries } from '../db/order-ledger.repository';
import { findOrganisation } from '../db/organisations.repository';
import type { VatCustomer, VatInvoiceFacts } from '../documents/invoice';

import { renderDocument } from '../documents/render-pool';
import { signingIdentity } from '../documents/signing-identity';
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
import { verifyUrl, type IssuedDocumentRef } from '../orders/documents';
import type { Order } from '../orders/order';
import type { Pricing } from '../orders/order-notice';
import { toOrder, type OrderSnapshot } from '../orders/order-snapshot';
import { attemptOver, documentRef, issued, issuerOf } from './issuing';

/** How a credit note's amount is settled, as the workflow that issues it knows. */
export type CreditSettlement = 'refunded' | 'refund_pending' | 'unpaid';

export interface VatInvoiceInput {
  order: OrderSnapshot;
  /** What makes it this invoice of the order (`vat_invoice:v3`): a retried activity finds the same one. */
  issueKey: string;
}

export interface VatCreditNoteInput {
  /** The order as invoiced: its pricing is the price the credited invoice (with earlier credits) stands at. */
  order: OrderSnapshot;
  /** The VAT invoice credited (the order's latest). */
  invoice: IssuedDocumentRef;
  /** The price that stands after the change; null: nothing (cancelled, or replaced by a new invoice). */
  remaining: Pricing | null;
  /** The ledger's refund that goes with it, when money went back. */
  refundedGbpPence?: number;
  reason: CreditReason;
  settlement: CreditSettlement;
  issueKey: string;
}

const moneyFacts = (a: VatAmounts): Array<[string, string]> => [
  ['Net', formatPence(a.netGbpPence)],
  [`VAT at ${vatRateLabel()}`, formatPence(a.vatGbpPence)],
  ['Total', formatPence(a.grossGbpPence)],
];

/**
 * VAT invoices and VAT credit notes: reserved once per order and issue key (their sequential number drawn in
 * the same transaction), typeset from the order's own price breakdown, signed, stored with their SHA-256 and
 * returned as the order lists them. A retried attempt finds the reservation (and the stored copy), so it never
 * issues a second document or draws a second number.
 */
export function vatDocumentActivities(deps: { config: Config; db: Db }) {
  async function customerOf(order: Order): Promise<VatCustomer & { termsDays: number }> {
    const organisation = await findOrganisation(deps.db, order.organisationId);
    return {
      name: organisation?.name ?? order.organisationId,
      address: (organisation?.billingAddress ?? '')
        .split(/\n/)
        .map((l) => l.trim())
        .filter(Boolean),
      termsDays: organisation?.invoiceTermsDays ?? 30,
    };
  }

  const signing = async (reason: string, at: Date) => {
    const supplier = issuerOf(deps.config);
    return {
      identity: await signingIdentity(deps.config),
      info: {
        name: supplier.name,
        reason,
        location: supplier.address.join(', '),
        contactInfo: supplier.email,
        signingTime: at,
      },
    };
  };

  return {
    /**
     * The order's VAT invoice at its current price. Paid orders say when; orders on account say the terms, the
     * due date and (bank transfer) where to pay. The tax point is the invoice's date, or the payment's when the
     * payment came first (VAT Notice 700, section 14).
     */
    async issueVatInvoice(input: VatInvoiceInput): Promise<IssuedDocumentRef> {
      const order = toOrder(input.order);
      const amounts = invoiceAmounts(order.pricing);
      const customer = await customerOf(order);
      const row = await reserveIssuedDocument(deps.db, {
        orderId: order.id,
        organisationId: order.organisationId,
        livemode: order.livemode,
        kind: 'vat_invoice',
        issueKey: input.issueKey,
        numberPrefix: VAT_NUMBER_PREFIX.vat_invoice,
        summary: (number) => ({
          title: `VAT invoice ${number ?? ''}: ${supplyLabel(order.type)}, order ${order.reference}`,
          facts: [
            ['Invoice number', number ?? ''],
            ['Customer', customer.name],
            ['Order reference', order.reference],
            ...moneyFacts(amounts),
          ],
        }),
      });
      const issuedOn = ukDate(row.issued_at);
      const paidOn = order.paymentState === 'paid' ? await firstPaymentDate(deps.db, order.id) : null;
      const payment: VatInvoiceFacts['payment'] =
        order.paymentState === 'paid'
          ? { state: 'paid', paidOn: paidOn ?? issuedOn }
          : {
              state: 'due',
              termsDays: customer.termsDays,
              dueOn: addDays(issuedOn, customer.termsDays),
              bank: order.paymentMethod === 'invoice_bank_transfer' ? { ...deps.config.bank } : null,
            };
      const number = row.number!;
      const stored = await issued(deps, row, async () =>
        renderDocument(
          {
            document: 'vat_invoice',
            order,
            invoice: {
              documentId: row.id,
              number,
              issuedAt: row.issued_at,
              taxPoint: paidOn && paidOn < issuedOn ? paidOn : issuedOn,
              supplier: issuerOf(deps.config),
              customer,
              lines: supplyLines(order),
              amounts,
              rateBasisPoints: VAT_RATE_BASIS_POINTS,
              verifyUrl: verifyUrl(deps.config.publicBaseUrl, row.id),
              payment,
            },
            signing: await signing(`VAT invoice ${number}, order ${order.reference}`, row.issued_at),
          },
          attemptOver(),
        ),
      );
      return documentRef(deps.config.publicBaseUrl, row, stored.sha256, amounts.grossGbpPence);
    },

    /**
     * A VAT credit note against the order's invoice: what the price fell by (all of it on cancellation or
     * replacement), its net and VAT the differences of the order's own breakdowns.
     */
    async issueVatCreditNote(input: VatCreditNoteInput): Promise<IssuedDocumentRef> {
      const order = toOrder(input.order);
      const invoiced = invoiceAmounts(order.pricing);
      const amounts = creditAmounts(
        invoiced,
        input.remaining ? invoiceAmounts(input.remaining) : null,
        input.refundedGbpPence,
      );
      const invoiceNumber = input.invoice.number ?? input.invoice.id;
      const customer = await customerOf(order);
      const row = await reserveIssuedDocument(deps.db, {
        orderId: order.id,
        organisationId: order.organisationId,
        livemode: order.livemode,
        kind: 'vat_credit_note',
        issueKey: input.issueKey,
        numberPrefix: VAT_NUMBER_PREFIX.vat_credit_note,
        summary: (number) => ({
          title: `VAT credit note ${number ?? ''} against invoice ${invoiceNumber}, order ${order.reference}`,
          facts: [
            ['Credit note number', number ?? ''],
            ['Credits invoice', invoiceNumber],
            ['Reason', creditReasonText(input.reason, invoiceNumber)],
            ['Customer', customer.name],
            ['Order reference', order.reference],
            ...moneyFacts(amounts),
          ],
        }),
      });
      const number = row.number!;
      const stored = await issued(deps, row, async () =>
        renderDocument(
          {
            document: 'vat_credit_note',
            order,
            creditNote: {
              documentId: row.id,
              number,
              issuedAt: row.issued_at,
              supplier: issuerOf(deps.config),
              customer,
              lines: creditLines(supplyLines(order), amounts, invoiceNumber),
              amounts,
              rateBasisPoints: VAT_RATE_BASIS_POINTS,
              verifyUrl: verifyUrl(deps.config.publicBaseUrl, row.id),
              reason: input.reason,
              invoice: { number: invoiceNumber, issuedAt: new Date(input.invoice.issuedAt) },
              settlement: settlementText(input.settlement, amounts.grossGbpPence, input.reason),
            },
            signing: await signing(`VAT credit note ${number}, order ${order.reference}`, row.issued_at),
          },
          attemptOver(),
        ),
      );
      return documentRef(deps.config.publicBaseUrl, row, stored.sha256, amounts.grossGbpPence);
    },
  };
}

/** How the credit is settled, in words. */
export function settlementText(settlement: CreditSettlement, gross: number, reason: CreditReason): string {
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

/** The UK date of the order's first payment in its ledger, if any. */
async function firstPaymentDate(db: Db, orderId: string): Promise<string | null> {
  const charges = (await listLedgerEntries(db, orderId)).filter(
    (e) => e.kind === 'charge' && e.reason === 'payment',
  );
  if (charges.length === 0) return null;
  const first = charges.map((e) => e.createdAt).sort()[0]!;
  return ukDate(new Date(first));
}
