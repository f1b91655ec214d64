import { z } from 'zod';
import { NOTICE_TYPES } from '../../notices/types';
import { ORDER_STATUSES } from '../../orders/status';
import { clientRefFilter, keysetList } from '../keyset-list';

/** GET /v1/orders (and the console's order list): filtered by status, type, clientRef and creation time. */
export const orderList = keysetList({
  filters: {
    status: z.enum(ORDER_STATUSES).optional(),
    type: z.enum(NOTICE_TYPES).optional(),
    clientRef: clientRefFilter,
  },
  idPattern: /^ord_[0-9A-Za-z]{22}$/,
});

/** An order list's filters, parsed (the list benchmark builds its own). */
export type ListFilters = ReturnType<typeof orderList.parse>['filters'];
