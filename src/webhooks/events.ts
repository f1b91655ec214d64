import { isOrderEventName, ORDER_EVENTS, type OrderEventName } from '../orders/events';

/** Added after the spec's eight: sent only to endpoints that name them, so no receiver meets an unknown one. */
export const OPT_IN_EVENTS: readonly OrderEventName[] = ['order.paid'];

export const DEFAULT_WEBHOOK_EVENTS: readonly OrderEventName[] = ORDER_EVENTS.filter(
  (e) => !OPT_IN_EVENTS.includes(e),
);

/**
 * The named events in the spec's order, duplicates dropped: at least one, all known, or `fail` is given the
 * refusal in the caller's words.
 */
export function chosenEvents(
  names: readonly string[],
  words: { unknown: string; none: string },
  fail: (message: string) => Error,
): OrderEventName[] {
  const unknown = names.filter((n) => !isOrderEventName(n));
  if (unknown.length > 0)
    throw fail(`${words.unknown} ${unknown.join(', ')}; events are: ${ORDER_EVENTS.join(', ')}.`);
  if (names.length === 0) throw fail(words.none);
  return ORDER_EVENTS.filter((e) => names.includes(e));
}

/** Parses `order.created,order.booked`. */
export function parseEventList(value: string): OrderEventName[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chosenEvents(names, { unknown: 'unknown event', none: 'give at least one event.' }, Error);
}
