import { isOrderEventName, ORDER_EVENTS, type OrderEventName } from '../orders/events';

/** The spec's eight webhook events: the order event catalogue (src/orders/events.ts) is the one list. */
export const WEBHOOK_EVENTS = ORDER_EVENTS;
export type WebhookEventName = OrderEventName;

/**
 * Parses a comma-separated subscription such as `order.created,order.booked`: every name must be one of
 * the spec's events; duplicates are dropped; an absent list means all eight.
 */
export function parseEventList(value: string | undefined): WebhookEventName[] {
  if (value === undefined) return [...WEBHOOK_EVENTS];
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new Error('give at least one event.');
  const unknown = names.filter((n) => !isOrderEventName(n));
  if (unknown.length > 0) {
    throw new Error(`unknown event ${unknown.join(', ')}; events are: ${WEBHOOK_EVENTS.join(', ')}.`);
  }
  return WEBHOOK_EVENTS.filter((e) => names.includes(e));
}
