import { z } from 'zod';
import { ORDER_EVENTS } from '../../orders/events';
import { keysetList } from '../keyset-list';

/**
 * GET /v1/events: newest first, filtered by type, order and creation time, exactly as orders are listed
 * (see ../keyset-list.ts: its query parameters, unknown ones refused, and its signed cursors).
 */
export const eventList = keysetList({
  filters: {
    type: z.enum(ORDER_EVENTS).optional(),
    orderId: z
      .string()
      .regex(/^ord_[0-9A-Za-z]{22}$/, 'Must be an order id (ord_…).')
      .optional(),
  },
  idPattern: /^evt_[0-9A-Za-z]{1,64}$/,
});
