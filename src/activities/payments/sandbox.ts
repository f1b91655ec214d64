import type { PaymentProvider } from './provider';

/** Without a Stripe key: no money moves; checkout and invoice are pages of this service that read the order. */
export function createSandboxProvider(publicBaseUrl: string): PaymentProvider {
  return {
    async createCheckout(req) {
      return {
        checkoutUrl: `${publicBaseUrl}/sandbox/checkout/${req.orderId}`,
        sessionId: `sandbox_cs_${req.orderId}`,
        expiresAt: null,
      };
    },
    async createInvoice(req) {
      return {
        invoiceUrl: `${publicBaseUrl}/sandbox/invoice/${req.orderId}`,
        invoiceId: `sandbox_in_${req.orderId}`,
      };
    },
    async voidInvoice() {},
    async refund(req) {
      return { refundId: `sandbox_re_${req.orderId}` };
    },
    async refundInvoice(req) {
      return { refundId: `sandbox_cn_${req.orderId}` };
    },
    async expireCheckout() {},
  };
}
