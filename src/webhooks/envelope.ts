import { randomUUID } from 'node:crypto';
import { eventIdOf } from '../orders/events';
import type { WebhookEventName } from './events';

/** The spec's webhook body: `{id, event, createdAt, data}`, in that order. */
export interface WebhookEnvelope {
  /** `evt_…`: the same on every attempt and every replay, so receivers can deduplicate. */
  id: string;
  event: WebhookEventName | string;
  /** ISO 8601 UTC timestamp of the moment the event fired. */
  createdAt: string;
  /** Order information at the time: event fields plus `object`, the serialized order. */
  data: Record<string, unknown>;
}

/** Builds the envelope of a recorded event and its raw body: the exact bytes that are signed and sent. */
export function buildEnvelope(event: {
  id: string;
  event: string;
  createdAt: string | Date;
  data: Record<string, unknown>;
}): { envelope: WebhookEnvelope; body: string } {
  const envelope: WebhookEnvelope = {
    id: event.id,
    event: event.event,
    createdAt: typeof event.createdAt === 'string' ? event.createdAt : event.createdAt.toISOString(),
    data: event.data,
  };
  return { envelope, body: JSON.stringify(envelope) };
}

/**
 * The envelope of an event sent but not recorded (a test helper's sample, the console's test send): a fresh id
 * of the recorded events' own form, so a receiver cannot tell a sample from a real event by its shape.
 */
export function unrecordedEnvelope(event: {
  event: string;
  createdAt: Date;
  data: Record<string, unknown>;
}): { envelope: WebhookEnvelope; body: string } {
  return buildEnvelope({ id: eventIdOf(randomUUID()), ...event });
}
