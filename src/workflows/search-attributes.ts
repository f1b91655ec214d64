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

const TYPES = { Keyword: SearchAttributeType.KEYWORD, Bool: SearchAttributeType.BOOL } as const;
type Attributes = typeof SEARCH_ATTRIBUTES;

/** Each attribute's typed key (`upsertSearchAttributes`, `typedSearchAttributes.get`), from the list above. */
export const SEARCH_ATTRIBUTE_KEYS = Object.fromEntries(
  Object.entries(SEARCH_ATTRIBUTES).map(([name, type]) => [
    name,
    defineSearchAttributeKey(name, TYPES[type]),
  ]),
) as { [N in keyof Attributes]: ReturnType<typeof defineSearchAttributeKey<(typeof TYPES)[Attributes[N]]>> };
