import type { OrderStatus } from './status';

/** Durations the order workflow waits, in milliseconds. Production defaults below; tests shorten them. */
export interface OrderTimings {
  /** An unpaid card order is cancelled after this long. */
  paymentExpiryMs: number;
  /** An order waiting this long in one status is flagged NeedsAttention. */
  attentionAfterMs: Partial<Record<OrderStatus, number>>;
  /** A published (or, for probate, URN-received) order becomes `completed` after this long. */
  completeAfterMs: number;
  /** Attempts at delivering the artwork before `order.delivery_failed`. */
  deliveryAttempts: number;
  deliveryRetryInitialMs: number;
  /** Continue as new at this many history events too, besides when Temporal suggests it (tests set it low). */
  continueAsNewAfterEvents?: number;
  /** How long each Checkout Session lives (Stripe: 30 min to 24 h). Unset: 23 hours; tests set it short. */
  checkoutSessionLifetimeMs?: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const DEFAULT_ORDER_TIMINGS: OrderTimings = {
  paymentExpiryMs: 7 * DAY,
  attentionAfterMs: {
    pending_payment: 2 * DAY,
    awaiting_po: 5 * DAY,
    awaiting_booking: 2 * DAY,
    booked: 21 * DAY,
    published: 30 * DAY,
  },
  completeAfterMs: 14 * DAY,
  deliveryAttempts: 5,
  deliveryRetryInitialMs: 60_000,
};
