import { invoicedByUs } from '../orders/payment';
import type { OrderEventRecord } from '../orders/events';

/** Who hears of an event: the order's contact, and for `order.created` on account, the billing contact. */
export type Audience = 'contact' | 'billing';

export function audiencesFor(event: Pick<OrderEventRecord, 'event' | 'data'>): Audience[] {
  // A delivery failure is an operator matter; a payment is confirmed by the receipt its provider sends.
  if (event.event === 'order.delivery_failed' || event.event === 'order.paid') return [];
  const object = (event.data.object ?? {}) as { paymentMethod?: string };
  const billing = event.event === 'order.created' && invoicedByUs(object.paymentMethod ?? '');
  return billing ? ['contact', 'billing'] : ['contact'];
}

/**
 * The idempotency key of an e-mail in `sent_emails`: one per (order, event occurrence) for the contact
 * (an order amended twice gets two e-mails, a retried one never does), one per order for the invoice.
 */
export function orderEmailKey(
  event: Pick<OrderEventRecord, 'id' | 'orderId' | 'event'>,
  audience: Audience,
): string {
  return audience === 'billing'
    ? `order:${event.orderId}:invoice`
    : `order:${event.orderId}:${event.event}:${event.id}:contact`;
}

export interface NotificationRetry {
  initialIntervalMs: number;
  maximumIntervalMs: number;
  maximumAttempts: number;
}

/** Transient SMTP failures are retried for about a day (10 s doubling to 1 h, 30 attempts). */
export const DEFAULT_NOTIFICATION_RETRY: NotificationRetry = {
  initialIntervalMs: 10_000,
  maximumIntervalMs: 3_600_000,
  maximumAttempts: 30,
};

export interface NotificationResult {
  key: string;
  audience: Audience;
  /** `deferred`: a transient failure, still pending (an announcement's first pass; retried after). */
  status: 'sent' | 'already_sent' | 'already_failed' | 'failed' | 'skipped' | 'deferred';
  error?: string;
}
