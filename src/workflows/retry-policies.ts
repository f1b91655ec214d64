import type { ActivityOptions } from '@temporalio/workflow';
import type { NotificationRetry } from './notification.messages';

/** Our own work that the order cannot go on without: retried with backoff (1 s doubling to 1 minute), never given up. */
const UNTIL_IT_SUCCEEDS = {
  initialInterval: '1s',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
} as const;

/**
 * How long a heartbeating activity (documents, announcements, e-mails, artwork delivery) may go unheard before
 * its attempt is taken as lost with its worker and retried. The worker beats every 2 s (src/activities/heartbeat.ts)
 * and the work runs off its event loop: 20 s leaves room for a loaded machine's pauses, against the minutes a lost
 * attempt otherwise waits for its start-to-close.
 */
const HEARTBEAT_TIMEOUT = '20 seconds';

/**
 * Every retry policy of the workflows, each with why it is so (docs/orders.md, "Retry policies"). A provider's
 * refusal (a Stripe 4xx, a card declined) is thrown as a non-retryable `payment_refused` and ends the attempts
 * whatever the policy; only outages are retried. Every provider call carries an idempotency key derived from the
 * order, so a retried attempt never moves money twice.
 */
export const RETRY_POLICIES = {
  /**
   * Our own database (projection, audit, events, ledger, reference): an outage of it is ours to fix, not an
   * operator's per order. A short timeout lets an attempt lost with a crashed worker be retried soon.
   */
  database: { startToCloseTimeout: '15 seconds', retry: UNTIL_IT_SUCCEEDS },
  /**
   * An event's announcement (its first pass, then an announcement workflow for what is left): the event is
   * recorded, so it must be announced, and a retried attempt only starts the announcement workflow again (id
   * derived from the event). The timeout is the first pass's.
   */
  announcement: {
    startToCloseTimeout: '3 minutes',
    heartbeatTimeout: HEARTBEAT_TIMEOUT,
    retry: UNTIL_IT_SUCCEEDS,
  },
  /**
   * Documents (proof, certificate, invoice PDF): our own deterministic code, no money; the order waits for the
   * document rather than going on without it. The timeout includes the wait for a render thread in a burst.
   */
  documents: {
    startToCloseTimeout: '2 minutes',
    heartbeatTimeout: HEARTBEAT_TIMEOUT,
    retry: UNTIL_IT_SUCCEEDS,
  },
  /** The notice engine's amendment: like documents, but quick and a caller waits for it. */
  amendment: { startToCloseTimeout: '15 seconds', retry: UNTIL_IT_SUCCEEDS },
  /**
   * Payment set-up (Checkout Session, Stripe invoice, a renewed session): a caller waits, so a few quick attempts,
   * then a clean refusal (503, retry with backoff). Nothing is charged yet, so giving up loses no money.
   */
  paymentSetUp: { startToCloseTimeout: '30 seconds', retry: { initialInterval: '1s', maximumAttempts: 5 } },
  /**
   * Stopping a payment (void a Stripe invoice, expire a Checkout Session): a caller waits, and a failure has a
   * safe path (audited, the order flagged; a payment that still arrives is refunded as stray).
   */
  paymentStop: { startToCloseTimeout: '30 seconds', retry: { initialInterval: '1s', maximumAttempts: 5 } },
  /**
   * Refunds: money owed to a customer. Retried for up to six hours (outlasts a provider incident, yet a stuck
   * refund reaches a person the same working day), then the order is flagged for an operator, who can
   * `retryRefund` under a new key.
   */
  refund: {
    startToCloseTimeout: '30 seconds',
    scheduleToCloseTimeout: '6 hours',
    retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '10 minutes' },
  },
  /** Database bookkeeping of e-mails and webhook deliveries: cheap, retried until it succeeds. */
  bookkeeping: { startToCloseTimeout: '1 minute', retry: UNTIL_IT_SUCCEEDS },
} as const satisfies Record<string, ActivityOptions>;

/** An event's e-mails: retried on the event's schedule (about a day unless a test shortens it). */
export const mailPolicy = (retry: NotificationRetry): ActivityOptions => ({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: HEARTBEAT_TIMEOUT,
  retry: {
    initialInterval: retry.initialIntervalMs,
    maximumInterval: retry.maximumIntervalMs,
    backoffCoefficient: 2,
    maximumAttempts: retry.maximumAttempts,
  },
});

/**
 * Artwork delivery to the newspaper: attempts and first interval come from the order's timings; when it gives
 * up, the order waits for an operator. The timeout leaves room for a large upload.
 */
export const artworkDeliveryPolicy = (attempts: number, initialIntervalMs: number): ActivityOptions => ({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: HEARTBEAT_TIMEOUT,
  retry: { maximumAttempts: attempts, initialInterval: initialIntervalMs, backoffCoefficient: 2 },
});
