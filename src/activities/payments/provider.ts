/** What the order engine needs from a payment provider: Stripe, or the local sandbox that stands in for it. */
export interface CheckoutRequest {
  orderId: string;
  reference: string;
  description: string;
  amountGbpPence: number;
  idempotencyKey: string;
  /** Epoch ms; unset: 23 hours from now. */
  expiresAt?: number;
}

export interface BilledOrganisation {
  id: string;
  name: string;
  email: string | null;
}

export interface InvoiceRequest extends CheckoutRequest {
  organisation: BilledOrganisation;
  daysUntilDue: number;
}

export interface RefundRequest {
  orderId: string;
  paymentRef: string;
  amountGbpPence: number;
  idempotencyKey: string;
}

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

export interface InvoiceRefundRequest {
  orderId: string;
  invoiceId: string;
  amountGbpPence: number;
  idempotencyKey: string;
}
