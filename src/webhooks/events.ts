import { isOrderEventName, ORDER_EVENTS, type OrderEventName } from '../orders/events';

/** Added after the spec's eight: sent only to endpoints that name them, so no receiver meets an unknown one. */
export const OPT_IN_EVENTS: readonly OrderEventName[] = ['order.paid'];

export const DEFAULT_WEBHOOK_EVENTS: readonly OrderEventName[] = ORDER_EVENTS.filter(
  (e) => !OPT_IN_EVENTS.includes(e),
);

/** Parses `order.created,order.booked`: duplicates dropped. */
export function parseEventList(value: string): OrderEventName[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new Error('give at least one event.');
  const unknown = names.filter((n) => !isOrderEventName(n));
  if (unknown.length > 0) {
    throw new Error(`unknown event ${unknown.join(', ')}; events are: ${ORDER_EVENTS.join(', ')}.`);
  }
  return ORDER_EVENTS.filter((e) => names.includes(e));
}
