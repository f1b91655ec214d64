/** What the order engine needs from a payment provider: Stripe, or the local sandbox that stands in for it. */
export interface CheckoutRequest {
  orderId: string;
  reference: string;
  description: string;
  amountGbpPence: number;
  /** Stable across activity retries, so a retry never creates a second session. */
  idempotencyKey: string;
}

export interface RefundRequest {
  orderId: string;
  /** The provider's payment reference recorded when the payment arrived. */
  paymentRef: string;
  amountGbpPence: number;
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  createCheckout(req: CheckoutRequest): Promise<{ checkoutUrl: string; sessionId: string }>;
  createInvoice(req: CheckoutRequest): Promise<{ invoiceUrl: string; invoiceId: string }>;
  refund(req: RefundRequest): Promise<{ refundId: string }>;
}
