import { z } from 'zod';
import { ORDER_EVENTS } from '../../orders/events';
import { clientRefFilter, keysetList } from '../keyset-list';

/** GET /v1/events: filtered by type, order, the order's clientRef and creation time, as orders are listed. */
export const eventList = keysetList({
  filters: {
    type: z.enum(ORDER_EVENTS).optional(),
    orderId: z
      .string()
      .regex(/^ord_[0-9A-Za-z]{22}$/, 'Must be an order id (ord_…).')
      .optional(),
    clientRef: clientRefFilter,
  },
  idPattern: /^evt_[0-9A-Za-z]{1,64}$/,
});
