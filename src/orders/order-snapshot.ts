import type { Order } from './order';

/** The order as the workflow keeps it and sends it to activities: Temporal payloads carry JSON, not Dates. */
export interface OrderSnapshot extends Omit<Order, 'createdAt' | 'updatedAt' | 'publishedAt'> {
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

export function toOrder(s: OrderSnapshot): Order {
  return {
    ...s,
    createdAt: new Date(s.createdAt),
    updatedAt: new Date(s.updatedAt),
    publishedAt: s.publishedAt === null ? null : new Date(s.publishedAt),
  };
}

export function toSnapshot(o: Order): OrderSnapshot {
  return {
    ...o,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    publishedAt: o.publishedAt?.toISOString() ?? null,
  };
}
