import { ApplicationFailure } from '@temporalio/common';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { findOrganisation } from '../../db/organisations.repository';
import type { OrderSnapshot } from '../../orders/order-snapshot';
import type { PaymentProvider } from './provider';

export interface PaymentSetup {
  checkoutUrl: string | null;
  invoiceUrl: string | null;
  paymentRef: string | null;
  paymentState: string;
}

/** Payment steps of the order workflow. Idempotency keys derive from the order id, so retries repeat nothing. */
export function paymentActivities(deps: { config: Config; db: Db; payments: PaymentProvider }) {
  const { config, db, payments } = deps;
  return {
    /** Sets up payment by the organisation's billing arrangement, before the order is first written. */
    async setUpPayment(order: OrderSnapshot): Promise<PaymentSetup> {
      const req = {
        orderId: order.id,
        reference: order.reference,
        description: `Statutory notice ${order.reference} (${order.type})`,
        amountGbpPence: order.quotedPriceGbpPence,
        idempotencyKey: `order:${order.id}:payment:v${order.version}`,
      };
      switch (order.paymentMethod) {
        case 'stripe_checkout': {
          const s = await payments.createCheckout(req);
          return {
            checkoutUrl: s.checkoutUrl,
            invoiceUrl: null,
            paymentRef: null,
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
      await payments.voidInvoice({
        invoiceId: input.invoiceId,
        idempotencyKey: `order:${input.orderId}:void:${input.invoiceId}:${input.reason}`,
      });
    },

    async refundPayment(input: {
      orderId: string;
      paymentRef: string;
      amountGbpPence: number;
    }): Promise<string> {
      const { refundId } = await payments.refund({
        ...input,
        idempotencyKey: `order:${input.orderId}:refund`,
      });
      return refundId;
    },
  };
}
