import type { OrderEventRecord } from '../orders/events';
import type {
  WebhookAttemptResult,
  WebhookDeliveryInput,
  WebhookDeliveryOutcome,
} from '../webhooks/delivery';
import type { Audience, NotificationResult, NotificationRetry } from './notification.messages';

/** Ids and inputs of the announcement workflow (one per order event), shared with its starter. No I/O. */
export const ANNOUNCEMENT_WORKFLOW_TYPE = 'orderAnnouncementWorkflow';
export const announcementWorkflowId = (eventId: string) => `announce:${eventId}`;

export interface AnnouncementInput {
  event: OrderEventRecord;
  /** Who gets an e-mail (`audiencesFor`); may be empty. */
  audiences: Audience[];
  /** One per subscribed endpoint, each recorded as a pending delivery before the workflow starts; may be empty. */
  deliveries: WebhookDeliveryInput[];
  /** Tests shorten it. */
  emailRetry?: NotificationRetry;
  /** The first pass of the activity that starts the workflow; null: it may have been lost, so start afresh. */
  firstPass: FirstPass | null;
  /** How many of `deliveries` earlier runs of this announcement already handed on; absent at the start. */
  handedOn?: number;
}

/** Endpoints' delivery workflows started per run of the announcement, which then continues as new. */
export const FANOUT_BATCH = 50;

/** `error`: our own failure before the receiver answered (database, secret); that attempt is made again. */
export type FirstAttemptResult = WebhookAttemptResult | { outcome: 'error'; error: string };

/** What the first pass did: every e-mail tried once, every endpoint's first attempt made. */
export interface FirstPass {
  emails: NotificationResult[];
  webhooks: FirstAttemptResult[];
}

/** Nothing left after the first pass: no e-mail deferred, no endpoint to try again. */
export const firstPassFinished = (pass: FirstPass): boolean =>
  pass.emails.every((e) => e.status !== 'deferred') &&
  pass.webhooks.every((w) => w.outcome !== 'failed' && w.outcome !== 'error');

/** `handed_on`: the endpoint goes on in its own delivery workflow. Only the last run lists the endpoints. */
export interface AnnouncementResult {
  emails: NotificationResult[];
  webhooks: Array<{ deliveryId: string; outcome: WebhookDeliveryOutcome | 'handed_on' }>;
}
