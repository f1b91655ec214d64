import { z } from 'zod';
import { ORDER_STATUSES } from '../../orders/status';
import type { CursorKeys } from '../cursor';
import { keysetList, type CreatedRange, type KeysetRequest } from '../keyset-list';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../keyset-list';
export type { CursorKeys };

const NOTICE_TYPES = ['hgv', 'probate', 'planning', 'tro', 'public_path', 'highways'] as const;

/** GET /v1/orders: newest first, filtered by status, type and creation time (see ../keyset-list.ts). */
const orderList = keysetList({
  filters: { status: z.enum(ORDER_STATUSES).optional(), type: z.enum(NOTICE_TYPES).optional() },
  idPattern: /^ord_[0-9A-Za-z]{22}$/,
});

/** Query parameters of GET /v1/orders. Unknown parameters are refused, never silently ignored. */
export const listQuerySchema = orderList.querySchema;

export interface ListFilters extends CreatedRange {
  status?: string;
  type?: string;
}

export type ListRequest = KeysetRequest<ListFilters>;

export const parseListQuery = (
  query: Record<string, string | string[] | undefined>,
  keys: CursorKeys,
): ListRequest => orderList.parse(query, keys);

/** A cursor of GET /v1/orders: the last order's keyset position and the request's filters (see ../cursor.ts). */
export const encodeCursor = (last: { createdAt: Date; id: string }, req: ListRequest, keys: CursorKeys) =>
  orderList.encode(last, req as Parameters<typeof orderList.encode>[1], keys);
