/** What the order engine needs from a payment provider: Stripe, or the local sandbox that stands in for it. */
interface CheckoutRequest {
  orderId: string;
  reference: string;
  description: string;
  amountGbpPence: number;
  idempotencyKey: string;
  /** Epoch ms; unset: 23 hours from now. */
  expiresAt?: number;
}

export interface InvoiceRequest extends CheckoutRequest {
  organisation: { id: string; name: string; email: string | null };
  daysUntilDue: number;
}

export interface RefundRequest {
  orderId: string;
  paymentRef: string;
  amountGbpPence: number;
  idempotencyKey: string;
}

export type InvoiceRefundRequest = Omit<RefundRequest, 'paymentRef'> & { invoiceId: string };

export interface PaymentProvider {
  /** `expiresAt`: epoch ms, null when it never expires (sandbox). */
  createCheckout(
    req: CheckoutRequest,
  ): Promise<{ checkoutUrl: string; sessionId: string; expiresAt: number | null }>;
  /** Creates, finalises and sends an invoice to the organisation's customer. */
  createInvoice(req: InvoiceRequest): Promise<{ invoiceUrl: string; invoiceId: string }>;
  voidInvoice(req: { invoiceId: string; idempotencyKey: string }): Promise<void>;
  refund(req: RefundRequest): Promise<{ refundId: string }>;
  /** A credit note on Stripe. */
  refundInvoice(req: InvoiceRefundRequest): Promise<{ refundId: string }>;
  expireCheckout(req: { sessionId: string; idempotencyKey: string }): Promise<void>;
}

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
