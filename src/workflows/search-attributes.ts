import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Custom search attributes operators use in the Temporal UI to find orders (see the README's queries).
 * Registered by the dev start, the tests and docker-compose's setup step from this one list.
 */
export const SEARCH_ATTRIBUTES = {
  OrderStatus: 'Keyword',
  NoticeType: 'Keyword',
  OrganisationId: 'Keyword',
  Newspaper: 'Keyword',
  NeedsAttention: 'Bool',
  Livemode: 'Bool',
} as const;

export const OrderStatusKey = defineSearchAttributeKey('OrderStatus', SearchAttributeType.KEYWORD);
export const NoticeTypeKey = defineSearchAttributeKey('NoticeType', SearchAttributeType.KEYWORD);
export const OrganisationIdKey = defineSearchAttributeKey('OrganisationId', SearchAttributeType.KEYWORD);
export const NewspaperKey = defineSearchAttributeKey('Newspaper', SearchAttributeType.KEYWORD);
export const NeedsAttentionKey = defineSearchAttributeKey('NeedsAttention', SearchAttributeType.BOOL);
export const LivemodeKey = defineSearchAttributeKey('Livemode', SearchAttributeType.BOOL);
