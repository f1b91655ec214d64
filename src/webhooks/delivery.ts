/** Fixed when the delivery workflow starts, so a changed configuration never alters it. */
export interface WebhookDeliveryInput {
  deliveryId: string;
  eventId: string;
  endpointId: string;
  /** 0 for the original delivery, n for the n-th replay. */
  replay: number;
  /** Wait before each attempt. */
  retryScheduleMs: number[];
  timeoutMs: number;
}

/** `superseded`: a newer replay of the same delivery took over. */
export type WebhookDeliveryOutcome = 'delivered' | 'dead' | 'cancelled' | 'superseded';

/** A receiver's attempt: a non-2xx answer, time-out or refused connection is `failed`; the rest end it. */
export type WebhookAttemptResult =
  { outcome: Exclude<WebhookDeliveryOutcome, 'dead'> } | { outcome: 'failed'; error: string };

/** Our own failure is retried without using a receiver's attempt; from this many tries it is logged as an error. */
export const OWN_FAILURE_ALERT_AFTER_TRIES = 3;

/** `webhook:<evt>:<whe>`, and `…:replay:<n>` for replays: a repeated start is recognised. */
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

export interface SampleSendResult {
  endpointId: string;
  url: string;
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
}
