/**
 * Every idempotency key under which an order's money moves at the payment provider, written once. The provider
 * answers a repeated key with the first call's result, so a retried activity never charges or refunds twice;
 * two places that build the same movement's key differently would refund a payment twice. Pure, workflow-safe.
 */
const withPurpose = (key: string, purpose?: string) => (purpose ? `${key}:${purpose}` : key);

export const paymentKeys = {
  /** The order's payment set-up (checkout session or invoice), per order version. */
  payment: (orderId: string, version: number) => `order:${orderId}:payment:v${version}`,
  checkout: (orderId: string, renewal: number) => `order:${orderId}:checkout:${renewal}`,
  expireCheckout: (orderId: string, sessionId: string) => `order:${orderId}:expire:${sessionId}`,
  voidInvoice: (orderId: string, invoiceId: string, reason: string) =>
    `order:${orderId}:void:${invoiceId}:${reason}`,
  /** A card payment's refund; `purpose` tells one refund of the order from another (cancellation, stray…). */
  refund: (orderId: string, purpose?: string) => withPurpose(`order:${orderId}:refund`, purpose),
  invoiceRefund: (orderId: string, invoiceId: string, purpose?: string) =>
    withPurpose(`order:${orderId}:invoice-refund:${invoiceId}`, purpose),
} as const;

/**
 * The purpose of refunding a payment the order did not expect (paid twice, or after it closed): the order's
 * workflow and the closed-order payment workflow refund it under the same key.
 */
export const strayRefundPurpose = (paymentRef: string) => `stray:${paymentRef}`;
