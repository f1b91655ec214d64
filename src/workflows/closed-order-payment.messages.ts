import type { PaymentReceived } from './order.messages';

/** One per order and payment: a duplicated provider event finds it started (or done) and refunds nothing twice. */
export const closedOrderPaymentWorkflowId = (orderId: string, paymentRef: string | null) =>
  `closed-order-payment:${orderId}:${paymentRef ?? 'unknown'}`;

export interface ClosedOrderPaymentInput extends PaymentReceived {
  orderId: string;
}

export type ClosedOrderPaymentOutcome = 'ignored' | 'refunded' | 'refund_failed' | 'flagged';

/** The reason its ledger entries and audit give. */
export const CLOSED_ORDER = 'order_closed';
