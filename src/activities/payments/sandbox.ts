import type { PaymentProvider } from './provider';

/**
 * LOCAL SANDBOX PAYMENT PROVIDER: used when no STRIPE_SECRET_KEY is configured. No money moves. The checkout
 * URL is a page of this service (`/sandbox/checkout/<orderId>`) whose pay button confirms the payment; the
 * "invoice" is a page too, and refunds are recorded only.
 */
export function createSandboxProvider(publicBaseUrl: string): PaymentProvider {
  return {
    async createCheckout(req) {
      return {
        checkoutUrl: `${publicBaseUrl}/sandbox/checkout/${req.orderId}`,
        sessionId: `sandbox_cs_${req.orderId}`,
        expiresAt: null, // the sandbox page reads the order: it never expires
      };
    },
    async createInvoice(req) {
      return {
        invoiceUrl: `${publicBaseUrl}/sandbox/invoice/${req.orderId}`,
        invoiceId: `sandbox_in_${req.orderId}`,
      };
    },
    async voidInvoice() {
      // Nothing to void: the sandbox invoice is a page that reads the order.
    },
    async refund(req) {
      return { refundId: `sandbox_re_${req.orderId}` };
    },
    async refundInvoice(req) {
      return { refundId: `sandbox_cn_${req.orderId}` };
    },
    async expireCheckout() {
      // Nothing to expire: the sandbox checkout page reads the order, and a cancelled order cannot be paid.
    },
  };
}
