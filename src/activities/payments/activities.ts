import type { Config } from '../../config';
import type { OrderSnapshot } from '../../orders/order-snapshot';
import type { PaymentProvider } from './provider';

export interface PaymentSetup {
  checkoutUrl: string | null;
  invoiceUrl: string | null;
  paymentRef: string | null;
  paymentState: string;
}

/** Payment steps of the order workflow. Idempotency keys derive from the order id, so retries repeat nothing. */
export function paymentActivities(deps: { config: Config; payments: PaymentProvider }) {
  const { config, payments } = deps;
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
          const i = await payments.createInvoice(req);
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
