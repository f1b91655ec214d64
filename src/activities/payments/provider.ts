/** What the order engine needs from a payment provider: Stripe, or the local sandbox that stands in for it. */
export interface CheckoutRequest {
  orderId: string;
  reference: string;
  description: string;
  amountGbpPence: number;
  /** Stable across activity retries, so a retry never creates a second session. */
  idempotencyKey: string;
  /** When a Checkout Session expires (epoch ms); unset: 23 hours from now. */
  expiresAt?: number;
}

/** The organisation billed by a provider invoice (one provider customer per organisation). */
export interface BilledOrganisation {
  id: string;
  name: string;
  email: string | null;
}

export interface InvoiceRequest extends CheckoutRequest {
  organisation: BilledOrganisation;
  /** Net terms: the invoice falls due this many days after it is sent. */
  daysUntilDue: number;
}

export interface RefundRequest {
  orderId: string;
  /** The provider's payment reference recorded when the payment arrived. */
  paymentRef: string;
  amountGbpPence: number;
  idempotencyKey: string;
}

export interface PaymentProvider {
  /** `expiresAt`: when the session can no longer be paid (epoch ms), null when it never expires (sandbox). */
  createCheckout(
    req: CheckoutRequest,
  ): Promise<{ checkoutUrl: string; sessionId: string; expiresAt: number | null }>;
  /** Creates, finalises and sends an invoice to the organisation's customer (created once per organisation). */
  createInvoice(req: InvoiceRequest): Promise<{ invoiceUrl: string; invoiceId: string }>;
  /** Voids an unpaid invoice (cancelled order, or an amendment that replaced it). */
  voidInvoice(req: { invoiceId: string; idempotencyKey: string }): Promise<void>;
  refund(req: RefundRequest): Promise<{ refundId: string }>;
  /** Refunds a paid provider invoice in full (a credit note on Stripe), for a cancelled order. */
  refundInvoice(req: InvoiceRefundRequest): Promise<{ refundId: string }>;
  /** Closes an unpaid checkout session so it can no longer be paid (replaced by an amendment, or cancelled). */
  expireCheckout(req: { sessionId: string; idempotencyKey: string }): Promise<void>;
}

export interface InvoiceRefundRequest {
  orderId: string;
  invoiceId: string;
  amountGbpPence: number;
  idempotencyKey: string;
}
