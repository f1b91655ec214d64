/**
 * Names for the generated types (./generated/openapi.ts, from openapi.json): what callers send and receive.
 * Nothing here is written by hand but the names; a change to the API's contract changes these types.
 */
import type { components, operations, webhooks } from './generated/openapi';

type Schemas = components['schemas'];
type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type Query<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type Ok<O, S extends number> = O extends {
  responses: { [K in S]: { content: { 'application/json': infer R } } };
}
  ? R
  : never;

export type NoticeType = Schemas['NoticeType'];
export type OrderStatus = Schemas['OrderStatus'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type Pricing = Schemas['Pricing'];
export type Pagination = Schemas['Pagination'];

/** POST /v1/quote: an estimate (`type`, `postcode`, `wordCount`) or a full order body. */
export type QuoteRequest = JsonBody<operations['createQuote']>;
export type Quote = Schemas['Quote'];
export type NoticeTypes = Schemas['NoticeTypes'];

/** POST /v1/orders: the shared fields plus the fields of the notice type. */
export type OrderInput = Schemas['OrderInput'];
export type Order = Schemas['Order'];
export type OrderList = Schemas['OrderList'];
export type AmendRequest = Schemas['AmendRequest'];
export type CancelRequest = Schemas['CancelRequest'];
export type PurchaseOrderRequest = Schemas['PurchaseOrderRequest'];

/** Filters of GET /v1/orders, `limit` (page size, 1–100) as a number. */
export type OrderListParams = Omit<Query<operations['listOrders']>, 'limit' | 'cursor'> & { limit?: number };
/** Filters of GET /v1/events, `limit` (page size, 1–100) as a number. */
export type EventListParams = Omit<Query<operations['listEvents']>, 'limit' | 'cursor'> & { limit?: number };

export type EventName = Schemas['EventName'];
/** An event as GET /v1/events lists it: the exact envelope its webhook carried. */
export type Event = Schemas['Event'];
export type EventList = Schemas['EventList'];
export type EventData = Schemas['EventData'];

/**
 * A webhook body, narrowed by its `event` (the document's `webhooks`, one per event name):
 * `switch (e.event) { case 'order.booked': e.data.publicationDate … }`.
 */
export type WebhookEvent = {
  [K in keyof webhooks]: JsonBody<NonNullable<webhooks[K]['post']>>;
}[keyof webhooks];

/** Every `code` an error response can carry. */
export type ErrorCode = Schemas['Error']['code'];
export type ErrorBody = Schemas['Error'];

export type AdvanceRequest = Schemas['AdvanceRequest'];
export type SendSampleRequest = Schemas['SendSampleRequest'];
export type SampleEventSent = Ok<operations['sendTestWebhook'], 200>;
