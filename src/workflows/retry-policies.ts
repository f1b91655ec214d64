import type { Duration } from '@temporalio/common';
import type { ActivityOptions } from '@temporalio/workflow';
import type { OrderTimings } from '../orders/timings';
import { DEFAULT_NOTIFICATION_RETRY } from './notification.messages';

/** Our own work that the order cannot go on without: never given up. */
const UNTIL_IT_SUCCEEDS = {
  initialInterval: '1s',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
} as const;

/** The worker beats every 2 s (src/activities/heartbeat.ts): 20 s leaves room for a loaded machine's pauses. */
const heartbeating = (startToCloseTimeout: Duration) =>
  ({ startToCloseTimeout, heartbeatTimeout: '20 seconds' }) as const;

const FIVE_TRIES = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1s', maximumAttempts: 5 },
} as const;

/**
 * Every retry policy of the workflows; why each is so: docs/orders.md, "Retry policies". A provider's refusal is
 * a non-retryable `payment_refused` whatever the policy; only outages are retried.
 */
export const RETRY_POLICIES = {
  database: { startToCloseTimeout: '15 seconds', retry: UNTIL_IT_SUCCEEDS },
  announcement: { ...heartbeating('3 minutes'), retry: UNTIL_IT_SUCCEEDS },
  documents: { ...heartbeating('2 minutes'), retry: UNTIL_IT_SUCCEEDS },
  amendment: { startToCloseTimeout: '15 seconds', retry: UNTIL_IT_SUCCEEDS },
  paymentSetUp: FIVE_TRIES,
  paymentStop: FIVE_TRIES,
  refund: {
    startToCloseTimeout: '30 seconds',
    scheduleToCloseTimeout: '6 hours',
    retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '10 minutes' },
  },
  bookkeeping: { startToCloseTimeout: '1 minute', retry: UNTIL_IT_SUCCEEDS },
} as const satisfies Record<string, ActivityOptions>;

/** An event's e-mails: retried on the event's schedule (about a day unless a test shortens it). */
export const mailPolicy = (retry = DEFAULT_NOTIFICATION_RETRY): ActivityOptions => ({
  ...heartbeating('2 minutes'),
  retry: {
    initialInterval: retry.initialIntervalMs,
    maximumInterval: retry.maximumIntervalMs,
    backoffCoefficient: 2,
    maximumAttempts: retry.maximumAttempts,
  },
});

/** Artwork delivery: attempts and first interval from the order's timings, then an operator decides. */
export const artworkDeliveryPolicy = (timings: OrderTimings): ActivityOptions => ({
  ...heartbeating('2 minutes'),
  retry: {
    maximumAttempts: timings.deliveryAttempts,
    initialInterval: timings.deliveryRetryInitialMs,
    backoffCoefficient: 2,
  },
});
