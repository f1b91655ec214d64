import { serializeOrder, type Order } from './order';
import { memberOf } from './status';

/** The event catalogue: every order event the service records (and the webhooks issue delivers). */
export const ORDER_EVENTS = [
  'order.created',
  'order.booked',
  'order.published',
  'order.cancelled',
  'order.amended',
  'order.urn_received',
  'order.proof_ready',
  'order.delivery_failed',
  'order.paid',
] as const;
export type OrderEventName = (typeof ORDER_EVENTS)[number];

/** An event's id: `evt_` and the 32 hex digits of a UUID (the workflow draws it, so a replay draws the same). */
export const eventIdOf = (uuid: string): string => `evt_${uuid.replace(/-/g, '')}`;

export const isOrderEventName = memberOf(ORDER_EVENTS);

/** Each event's own fields in its `data`, besides the order's identity and status. */
const EVENT_FIELDS: Partial<Record<OrderEventName, ReadonlyArray<keyof Order>>> = {
  'order.published': ['publishedAt', 'certificateUrl', 'newspaperReference', 'pageNumber'],
  'order.urn_received': ['urn'],
  'order.proof_ready': ['proofPdfUrl'],
  'order.booked': ['publicationDate', 'newspaperReference'],
  'order.cancelled': ['cancellationReason'],
  'order.paid': ['amountPaidGbpPence'],
  'order.delivery_failed': ['deliveryFailure'],
};

/** The envelope's `data` for an event: the order's identity and status, the event's own fields, and the order. */
export function eventData(event: OrderEventName, order: Order): Record<string, unknown> {
  const data: Record<string, unknown> = {
    orderId: order.id,
    reference: order.reference,
    status: order.status,
    type: order.type,
  };
  for (const key of EVENT_FIELDS[event] ?? []) data[key] = order[key];
  return { ...data, object: serializeOrder(order) };
}

/**
 * The same event with its `data` made again from `order`: the placement's `order.created`, built before its
 * reference was allocated; the activity that writes it and the workflow that announces it agree through this.
 */
export function withOrderData(record: OrderEventRecord, order: Order): OrderEventRecord {
  return isOrderEventName(record.event) ? { ...record, data: eventData(record.event, order) } : record;
}

/** As the projection stores it and webhooks carry it (`data`). */
export interface OrderEventRecord {
  id: string;
  orderId: string;
  organisationId: string;
  livemode: boolean;
  event: string;
  sequence: number;
  createdAt: string;
  data: Record<string, unknown>;
}
