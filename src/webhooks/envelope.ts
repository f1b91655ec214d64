import { randomUUID } from 'node:crypto';
import { eventIdOf, type OrderEventName } from '../orders/events';

/** The spec's webhook body: `{id, event, createdAt, data}`, in that order. */
export interface WebhookEnvelope {
  /** `evt_…`: the same on every attempt and every replay, so receivers can deduplicate. */
  id: string;
  event: OrderEventName | string;
  createdAt: string;
  /** Event fields plus `object`, the serialized order. */
  data: Record<string, unknown>;
}

/** A recorded event's envelope and its raw body, the exact bytes signed and sent. */
export function buildEnvelope(event: Omit<WebhookEnvelope, 'createdAt'> & { createdAt: string | Date }) {
  const envelope: WebhookEnvelope = {
    id: event.id,
    event: event.event,
    createdAt: typeof event.createdAt === 'string' ? event.createdAt : event.createdAt.toISOString(),
    data: event.data,
  };
  return { envelope, body: JSON.stringify(envelope) };
}

/** An unrecorded event (a sample): a fresh id of the recorded events' form, so its shape tells nothing. */
export function unrecordedEnvelope(event: Omit<Parameters<typeof buildEnvelope>[0], 'id'>) {
  return buildEnvelope({ id: eventIdOf(randomUUID()), ...event });
}
