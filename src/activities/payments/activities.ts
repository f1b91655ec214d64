import { ApplicationFailure } from '@temporalio/common';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { findOrganisation } from '../../db/organisations.repository';
import type { OrderSnapshot } from '../../orders/order-snapshot';
import type { CheckoutSession } from '../../orders/payment';
import type { PaymentState } from '../../orders/status';
import { livemodeOf, providerFor, type PaymentProviders } from './index';

export interface PaymentSetup {
  checkoutUrl: string | null;
  invoiceUrl: string | null;
  paymentRef: string | null;
  /** The Checkout Session of a card order, kept by the workflow to expire it when replaced or cancelled. */
  checkoutSessionId?: string;
  /** When that session expires (epoch ms; null: never), so the workflow can hand out a new one in time. */
  checkoutExpiresAt?: number | null;
  paymentState: PaymentState;
}

/** Payment steps of the order workflow. Idempotency keys derive from the order id, so retries repeat nothing. */
export function paymentActivities(deps: { config: Config; db: Db; payments: PaymentProviders }) {
  const { config, db } = deps;
  /** The order's mode picks the provider (test orders never reach the live one); by order id: from the projection. */
  const providerOf = async (order: { livemode: boolean } | string) =>
    providerFor(deps.payments, typeof order === 'string' ? await livemodeOf(db, order) : order.livemode);
  return {
    /** Sets up payment by the organisation's billing arrangement, before the order is first written. */
    async setUpPayment(
      order: OrderSnapshot,
      opts: { checkoutExpiresAt?: number } = {},
    ): Promise<PaymentSetup> {
      const payments = await providerOf(order);
      const req = {
        orderId: order.id,
        reference: order.reference,
        description: `Statutory notice ${order.reference} (${order.type})`,
        amountGbpPence: order.quotedPriceGbpPence,
        idempotencyKey: `order:${order.id}:payment:v${order.version}`,
        expiresAt: opts.checkoutExpiresAt,
      };
      switch (order.paymentMethod) {
        case 'stripe_checkout': {
          const s = await payments.createCheckout(req);
          return {
            checkoutUrl: s.checkoutUrl,
            invoiceUrl: null,
            paymentRef: null,
            checkoutSessionId: s.sessionId,
            checkoutExpiresAt: s.expiresAt,
            paymentState: 'awaiting_payment',
          };
        }
        case 'stripe_invoice': {
          const organisation = await findOrganisation(db, order.organisationId);
          if (!organisation) {
            throw ApplicationFailure.create({
              type: 'payment_refused',
              message: `No organisation ${order.organisationId}`,
              nonRetryable: true,
            });
          }
          const i = await payments.createInvoice({
            ...req,
            organisation: { id: organisation.id, name: organisation.name, email: organisation.billingEmail },
            daysUntilDue: organisation.invoiceTermsDays,
          });
          return {
            checkoutUrl: null,
            invoiceUrl: i.invoiceUrl,
            paymentRef: i.invoiceId,
            paymentState: 'invoiced',
          };
        }
        case 'invoice_with_terms':
        case 'invoice_bank_transfer':
          return {
            checkoutUrl: null,
            invoiceUrl: `${config.publicBaseUrl}/api/v1/orders/${order.id}/invoice`,
            paymentRef: null,
            paymentState: 'invoiced',
          };
        case 'purchase_order':
          return { checkoutUrl: null, invoiceUrl: null, paymentRef: null, paymentState: 'awaiting_po' };
      }
    },

    /** Voids an unpaid provider invoice; `reason` keeps the key distinct (cancel, or replaced by an amendment). */
    async voidInvoice(input: { orderId: string; invoiceId: string; reason: string }): Promise<void> {
      const payments = await providerOf(input.orderId);
      await payments.voidInvoice({
        invoiceId: input.invoiceId,
        idempotencyKey: `order:${input.orderId}:void:${input.invoiceId}:${input.reason}`,
      });
    },

    /**
     * Refunds (part of) a payment. The key is the order's for its cancel refund; `purpose` keys any other refund
     * (an operator's retry, a difference, a stray payment) so that each is made once and none answers another.
     */
    async refundPayment(input: {
      orderId: string;
      paymentRef: string;
      amountGbpPence: number;
      purpose?: string;
    }): Promise<string> {
      const { purpose, ...request } = input;
      const payments = await providerOf(input.orderId);
      const { refundId } = await payments.refund({
        ...request,
        idempotencyKey: `order:${input.orderId}:refund${purpose ? `:${purpose}` : ''}`,
      });
      return refundId;
    },

    /** Refunds a paid provider invoice in full; one key per order, so a retry never refunds twice. */
    async refundInvoicePayment(input: {
      orderId: string;
      invoiceId: string;
      amountGbpPence: number;
      purpose?: string;
    }): Promise<string> {
      const { purpose, ...request } = input;
      const payments = await providerOf(input.orderId);
      const { refundId } = await payments.refundInvoice({
        ...request,
        idempotencyKey: `order:${input.orderId}:invoice-refund:${input.invoiceId}${purpose ? `:${purpose}` : ''}`,
      });
      return refundId;
    },

    /**
     * A new Checkout Session for an unpaid card order whose last one has expired (or is about to); `renewal`
     * numbers them, so a retry creates nothing twice.
     */
    async renewCheckout(input: {
      order: OrderSnapshot;
      renewal: number;
      expiresAt: number;
    }): Promise<CheckoutSession> {
      const { order } = input;
      const payments = await providerOf(order);
      const s = await payments.createCheckout({
        orderId: order.id,
        reference: order.reference,
        description: `Statutory notice ${order.reference} (${order.type})`,
        amountGbpPence: order.quotedPriceGbpPence,
        idempotencyKey: `order:${order.id}:checkout:${input.renewal}`,
        expiresAt: input.expiresAt,
      });
      return { id: s.sessionId, url: s.checkoutUrl, expiresAt: s.expiresAt };
    },

    /** Expires an unpaid checkout session so the customer can no longer pay it. */
    async expireCheckout(input: { orderId: string; sessionId: string }): Promise<void> {
      const payments = await providerOf(input.orderId);
      await payments.expireCheckout({
        sessionId: input.sessionId,
        idempotencyKey: `order:${input.orderId}:expire:${input.sessionId}`,
      });
    },
  };
}
