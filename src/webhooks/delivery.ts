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
 * `webhook:<evt>:<whe>` for the original delivery and `webhook:<evt>:<whe>:replay:<n>` for replays, so a
 * repeated start of the same delivery is recognised as already started.
 */
export function deliveryWorkflowId(eventId: string, endpointId: string, replay: number): string {
  const base = `webhook:${eventId}:${endpointId}`;
  return replay === 0 ? base : `${base}:replay:${replay}`;
}
