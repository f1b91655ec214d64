import { z } from 'zod';
import { ORDER_EVENTS } from '../../orders/events';
import type { CursorKeys } from '../cursor';
import { keysetList, type CreatedRange, type KeysetRequest } from '../keyset-list';

/** GET /v1/events: newest first, filtered by type, order and creation time, exactly as orders are listed. */
const eventList = keysetList({
  filters: {
    type: z.enum(ORDER_EVENTS).optional(),
    orderId: z
      .string()
      .regex(/^ord_[0-9A-Za-z]{22}$/, 'Must be an order id (ord_…).')
      .optional(),
  },
  idPattern: /^evt_[0-9A-Za-z]{1,64}$/,
});

/** Query parameters of GET /v1/events. Unknown parameters are refused, never silently ignored. */
export const eventListQuerySchema = eventList.querySchema;

export interface EventFilters extends CreatedRange {
  type?: string;
  orderId?: string;
}

export type EventListRequest = KeysetRequest<EventFilters>;

export const parseEventListQuery = (
  query: Record<string, string | string[] | undefined>,
  keys: CursorKeys,
): EventListRequest => eventList.parse(query, keys);

/** The next page's cursor: the last event's keyset position plus this request's filters and page size. */
export const encodeEventCursor = (
  last: { createdAt: string; id: string },
  req: EventListRequest,
  keys: CursorKeys,
) => eventList.encode(last, req as Parameters<typeof eventList.encode>[1], keys);
