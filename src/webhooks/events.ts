import { isOrderEventName, ORDER_EVENTS, type OrderEventName } from '../orders/events';

/** Every webhook event: the order event catalogue (src/orders/events.ts) is the one list. */
export const WEBHOOK_EVENTS = ORDER_EVENTS;
export type WebhookEventName = OrderEventName;

/**
 * Events an endpoint receives only when it names them: added after the spec's eight, so a receiver written for
 * those never meets one it does not know.
 */
export const OPT_IN_EVENTS: readonly WebhookEventName[] = ['order.paid'];

/** What an endpoint registered without a list of events receives: the spec's eight. */
export const DEFAULT_WEBHOOK_EVENTS: readonly WebhookEventName[] = WEBHOOK_EVENTS.filter(
  (e) => !OPT_IN_EVENTS.includes(e),
);

/**
 * Parses a comma-separated subscription such as `order.created,order.booked`: every name must be an event;
 * duplicates are dropped; an absent list means the spec's eight (DEFAULT_WEBHOOK_EVENTS).
 */
export function parseEventList(value: string | undefined): WebhookEventName[] {
  if (value === undefined) return [...DEFAULT_WEBHOOK_EVENTS];
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
