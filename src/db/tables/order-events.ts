import type { WrittenAt, JsonObject } from './columns';

/**
 * Every order event (`order.created`, `order.booked`, …) in its webhook envelope form, written once by the
 * workflow's activity. `id` is generated in the workflow, so a retried write is a no-op.
 */
export interface OrderEventsTable {
  id: string;
  order_id: string;
  organisation_id: string;
  livemode: boolean;
  event: string;
  /** 1, 2, 3 … per order, in the order the workflow decided the transitions. */
  sequence: number;
  created_at: WrittenAt;
  /** The envelope's `data`: event fields plus `object`, the serialized order at the time. */
  data: JsonObject;
}
