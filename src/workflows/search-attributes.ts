import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Custom search attributes operators use in the Temporal UI to find orders (see the queries in docs/orders.md).
 * Registered by the dev start, the tests and docker-compose's setup step from this one list.
 */
export const SEARCH_ATTRIBUTES = {
  OrderStatus: 'Keyword',
  NoticeType: 'Keyword',
  OrganisationId: 'Keyword',
  Newspaper: 'Keyword',
  NeedsAttention: 'Bool',
  Livemode: 'Bool',
  /** The order's reference (`SN-…`), as a customer quotes it to support. */
  Reference: 'Keyword',
  /** The caller's own reference for the order (`clientRef`), when it gave one. */
  ClientRef: 'Keyword',
} as const;

export const OrderStatusKey = defineSearchAttributeKey('OrderStatus', SearchAttributeType.KEYWORD);
export const NoticeTypeKey = defineSearchAttributeKey('NoticeType', SearchAttributeType.KEYWORD);
export const OrganisationIdKey = defineSearchAttributeKey('OrganisationId', SearchAttributeType.KEYWORD);
export const NewspaperKey = defineSearchAttributeKey('Newspaper', SearchAttributeType.KEYWORD);
export const NeedsAttentionKey = defineSearchAttributeKey('NeedsAttention', SearchAttributeType.BOOL);
export const LivemodeKey = defineSearchAttributeKey('Livemode', SearchAttributeType.BOOL);
export const ReferenceKey = defineSearchAttributeKey('Reference', SearchAttributeType.KEYWORD);
export const ClientRefKey = defineSearchAttributeKey('ClientRef', SearchAttributeType.KEYWORD);
