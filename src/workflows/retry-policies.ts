import type { ActivityOptions } from '@temporalio/workflow';
import type { NotificationRetry } from './notification.messages';

/** Our own work that the order cannot go on without: retried with backoff (1 s doubling to 1 minute), never given up. */
export const UNTIL_IT_SUCCEEDS = {
  initialInterval: '1s',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
} as const;

/**
 * How long a heartbeating activity (documents, announcements, e-mails, artwork delivery) may go unheard before
 * its attempt is taken as lost with its worker and retried. The worker beats every 2 s for any activity given a
 * heartbeat timeout (src/activities/heartbeat.ts), and the work itself runs off its event loop (render threads,
 * sockets): 20 s leaves room for a loaded machine's pauses, against the minutes a lost attempt otherwise waits
 * for its start-to-close.
 */
export const HEARTBEAT_TIMEOUT = '20 seconds';

/**
 * Every retry policy of the order workflow, of the closed-order payment workflow and of an event's e-mails, each with why it is so
 * (docs/orders.md, "Retry policies"). A provider's refusal (a Stripe 4xx, a card declined) is thrown as a
 * non-retryable `payment_refused` by the activity and ends the attempts at once whatever the policy; only
 * outages (timeouts, 5xx, rate limits, a lost worker) are retried. Every provider call carries an idempotency
 * key derived from the order, so a retried attempt never moves money twice.
 */
export const RETRY_POLICIES = {
  /**
   * Our own database (projection, audit, events, ledger, reference): milliseconds of SQL. Retried until it
   * succeeds: the order cannot go on without its record, and an outage of our database is ours to fix, not an
   * operator's per order. A short timeout lets an attempt lost with a crashed worker be retried soon.
   */
  database: {
    startToCloseTimeout: '15 seconds',
    retry: UNTIL_IT_SUCCEEDS,
  },
  /**
   * An event's announcement (its deliveries recorded, its first pass: every e-mail and each endpoint's first
   * attempt, then an announcement workflow for what is left), scheduled in the workflow task that committed the
   * event. Retried until it succeeds, like the database it writes to: the event is recorded, so it must be
   * announced, and a retried attempt only starts the announcement workflow (id derived from the event). The
   * timeout is the first pass's, which it runs; the activity heartbeats, so an attempt lost with a killed worker
   * is retried after the heartbeat timeout rather than the three minutes.
   */
  announcement: {
    startToCloseTimeout: '3 minutes',
    heartbeatTimeout: HEARTBEAT_TIMEOUT,
    retry: UNTIL_IT_SUCCEEDS,
  },
  /**
   * Documents (proof, certificate, invoice PDF): our own code, deterministic, no money. Retried until it
   * succeeds, like the database: a failure is a bug or an outage of ours, and the order waits for the document
   * rather than going on without it. The timeout includes the wait for a render thread (one per spare core): a
   * burst of orders queues its documents, and at 15 s attempts timed out in the queue and were rendered twice.
   * The activities heartbeat while they wait and render, so a document lost with a killed worker is rendered
   * again after the heartbeat timeout, not after the two minutes.
   */
  documents: {
    startToCloseTimeout: '2 minutes',
    heartbeatTimeout: HEARTBEAT_TIMEOUT,
    retry: UNTIL_IT_SUCCEEDS,
  },
  /** The notice engine's amendment: like documents, but quick and a caller waits for it. */
  amendment: {
    startToCloseTimeout: '15 seconds',
    retry: UNTIL_IT_SUCCEEDS,
  },
  /**
   * Payment set-up (Checkout Session, Stripe invoice, a renewed session): a caller waits for the answer (the
   * order's 201, the /pay redirect), so a few quick attempts, then a clean refusal (503, retry with backoff).
   * Nothing is charged yet, so giving up loses no money.
   */
  paymentSetUp: {
    startToCloseTimeout: '30 seconds',
    retry: { initialInterval: '1s', maximumAttempts: 5 },
  },
  /**
   * Stopping a payment (void a Stripe invoice, expire a Checkout Session) while amending or cancelling: a caller
   * waits, and a failure already has a safe path (audited, the order flagged; a payment that still arrives is
   * refunded as stray), so a few quick attempts.
   */
  paymentStop: {
    startToCloseTimeout: '30 seconds',
    retry: { initialInterval: '1s', maximumAttempts: 5 },
  },
  /**
   * Refunds (a card payment, a paid Stripe invoice's credit note, a stray or closed-order payment): money owed to
   * a customer. Retried with backoff for up to six hours (long enough to outlast a provider incident, short
   * enough that a stuck refund reaches a person the same working day), then the order is flagged
   * (`refund_failed` / `stray_refund_failed`, NeedsAttention) for an operator, who can `retryRefund` under a new
   * key. Never given up on silently, never retried forever.
   */
  refund: {
    startToCloseTimeout: '30 seconds',
    scheduleToCloseTimeout: '6 hours',
    retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '10 minutes' },
  },
  /** Database bookkeeping of e-mails (settling one as failed): cheap, retried until it succeeds. */
  mailBookkeeping: {
    startToCloseTimeout: '1 minute',
    retry: { initialInterval: '1s', maximumInterval: '1 minute' },
  },
} as const satisfies Record<string, ActivityOptions>;

/**
 * An event's e-mails (its announcement's): retried on the event's schedule, transient SMTP failures for about a day unless a test shortens it. They heartbeat, like
 * artwork delivery below: a slow SMTP server has its two minutes, a killed worker's attempt is retried sooner.
 */
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
 * Artwork delivery to the newspaper: attempts and first interval come from the order's timings (tests shorten
 * them); when it gives up, the order records `order.delivery_failed` and waits for an operator (retryDelivery /
 * markDelivered). The timeout leaves room for a large upload.
 */
export const artworkDeliveryPolicy = (attempts: number, initialIntervalMs: number): ActivityOptions => ({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: HEARTBEAT_TIMEOUT,
  retry: { maximumAttempts: attempts, initialInterval: initialIntervalMs, backoffCoefficient: 2 },
});
