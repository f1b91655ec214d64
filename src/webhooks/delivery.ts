/** What one delivery workflow carries: fixed when it starts, so a changed configuration never alters it. */
export interface WebhookDeliveryInput {
  deliveryId: string;
  eventId: string;
  endpointId: string;
  /** 0 for the original delivery, n for the n-th replay. */
  replay: number;
  /** Wait before each attempt (the spec's schedule unless configured otherwise). */
  retryScheduleMs: number[];
  /** Per-attempt time-out. */
  timeoutMs: number;
}

/** `superseded`: a newer replay of the same delivery took over. */
export type WebhookDeliveryOutcome = 'delivered' | 'dead' | 'cancelled' | 'superseded';

/**
 * One of the receiver's attempts, as the delivery workflow sees it: an HTTP answer (or time-out, or refused
 * connection) is `failed` with its error; `delivered`, `cancelled` and `superseded` end the delivery.
 */
export type WebhookAttemptResult =
  { outcome: Exclude<WebhookDeliveryOutcome, 'dead'> } | { outcome: 'failed'; error: string };

/**
 * Our own failure (database, a secret that cannot be decrypted, a lost worker) is retried without using one of
 * the receiver's attempts; from this many tries in a row it is logged as an error for operators.
 */
export const OWN_FAILURE_ALERT_AFTER_TRIES = 3;

/**
 * `webhook:<evt>:<whe>` for the original delivery and `webhook:<evt>:<whe>:replay:<n>` for replays, so a
 * repeated start of the same delivery is recognised as already started.
 */
export function deliveryWorkflowId(eventId: string, endpointId: string, replay: number): string {
  const base = `webhook:${eventId}:${endpointId}`;
  return replay === 0 ? base : `${base}:replay:${replay}`;
}

/** A test-mode sample event for one endpoint (`POST /v1/test_helpers/webhooks/send`): sent once, never recorded. */
export interface SampleSendInput {
  organisationId: string;
  event: string;
  /** The envelope's exact bytes, signed afresh for each endpoint. */
  body: string;
  endpointIds: string[];
  timeoutMs: number;
}

/** What one endpoint answered a sample event; null when the endpoint was deleted meanwhile. */
export interface SampleSendResult {
  endpointId: string;
  url: string;
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
}
