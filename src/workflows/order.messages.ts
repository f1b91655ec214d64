import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { ApplicationFailure, UpdateDefinition } from '@temporalio/common';
import type { IncomingPayment } from '../orders/ledger';
import type { Order } from '../orders/order';
import type { OrderNotice } from '../orders/order-notice';
import type { CheckoutLink, CheckoutSession } from '../orders/payment';
import type { AppliedReports, ReportKind, Reports } from '../orders/reports';
import type { OrderTimings } from '../orders/timings';

/** What the API, the worker and the order workflow share: ids, inputs and messages. Workflow-safe: no I/O. */
export const orderWorkflowId = (orderId: string) => `order:${orderId}`;

export interface OrderWorkflowInput {
  /** The new order as the caller placed it: the rest of the order is the workflow's to set. */
  order: Pick<Order, 'id' | 'organisationId' | 'livemode' | 'type' | 'paymentMethod' | 'clientRef'> & {
    notice: OrderNotice;
  };
  placedBy: string;
  publicBaseUrl: string;
  timings: OrderTimings;
  /** The state of the run this one continues as new; absent for the order's first run, which places it. */
  carried?: CarriedOrderState;
}

/** Where the order's artwork stands with the newspaper: docs/orders.md, "Where the workflow's code lives". */
export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'retrying';

/** The order's payment at the provider, as the workflow knows it; kept out of the projection. */
export interface PaymentHandles {
  /** The provider's payment reference (PaymentIntent, Stripe invoice, test helper payment), needed for a refund. */
  paymentRef: string | null;
  /** The unpaid Checkout Session of a card order (expired when replaced or on cancel), handed out until it expires. */
  checkoutSession: CheckoutSession | null;
  /** How many Checkout Sessions replaced an expired one (numbers their idempotency keys). */
  checkoutRenewals: number;
  /** Payments already settled (paid the order, or refunded as stray): a repeat of one is ignored. */
  handledPaymentRefs: string[];
  /** Checkout Sessions amendments replaced: a payment of one is refunded. */
  replacedCheckoutSessionIds: string[];
  /** Refunds an operator asked to retry (`retryRefund`), each under its own idempotency key. */
  refundAttempts: number;
}

export interface CarriedOrderState {
  order: Order;
  notice: OrderNotice;
  statusSince: number;
  noticeRevision: number;
  proofRevision: number;
  delivery: DeliveryState;
  payment: PaymentHandles;
  reports: AppliedReports;
  /** The last order event's sequence number: events of the next run continue from it. */
  eventSequence: number;
}

/** Who sends a message: `api_key:key_…`, `integration:int_…`, `stripe`, `sandbox` or `operator`. */
export interface Actor {
  actor: string;
}

export interface PurchaseOrderInput extends Actor {
  poReference: string;
}
/** A newspaper's or the Gazette's report, by its kind (src/orders/reports.ts). */
export type ReportMessage<K extends ReportKind> = Actor & Reports[K];
export interface AmendRequest extends Actor {
  /** Any subset of the order input fields. */
  patch: Record<string, unknown>;
  acceptPriceChange: boolean;
  /** The API's: a patch that changes nothing is refused as UNCHANGED (no history) rather than answered. */
  refuseUnchanged?: boolean;
}
export interface CancelRequest extends Actor {
  reason: string | null;
}
export interface PaymentReceived extends Actor, IncomingPayment {
  providerEventId: string | null;
}
export interface OperatorNote extends Actor {
  note?: string | null;
}
/** `refundIssued`: the money was returned outside the service (bank transfer, Stripe dashboard). */
export interface RefundIssued extends OperatorNote {
  /** The operator's reference for the refund (bank payment reference, Stripe refund id), for the ledger. */
  refundRef?: string | null;
}

/**
 * A validator's refusal of a message that would change nothing (an identical report, an API amendment that
 * changes nothing), so it leaves no history; its one detail is the order, which the caller answers with.
 */
export const UNCHANGED = 'unchanged';

/** A validator's refusal as a query carries it (a closed workflow's): the update failure's type, message, details. */
export interface Refusal {
  type: string;
  message: string;
  details?: Record<string, unknown>;
}

export const refusalFrom = (failure: ApplicationFailure): Refusal => ({
  type: failure.type ?? '',
  message: failure.message,
  details: failure.details?.[0] as Record<string, unknown> | undefined,
});

/** The answer to an integration report: `changed` is false for an identical repeat. */
export interface IntegrationAck {
  acknowledged: true;
  changed: boolean;
  order: Order;
}

/** First message of every order (update-with-start): answers once the order is written. */
export const placeOrderUpdate = defineUpdate<Order>('placeOrder');
export const submitPurchaseOrderUpdate = defineUpdate<Order, [PurchaseOrderInput]>('submitPurchaseOrder');
export type ReportUpdate<K extends ReportKind> = UpdateDefinition<IntegrationAck, [ReportMessage<K>]>;
export const reportUpdates: { [K in ReportKind]: ReportUpdate<K> } = {
  booking: defineUpdate('reportBooking'),
  publication: defineUpdate('reportPublication'),
  urn: defineUpdate('reportUrn'),
};
export const amendOrderUpdate = defineUpdate<Order, [AmendRequest]>('amendOrder');
export const cancelOrderUpdate = defineUpdate<Order, [CancelRequest]>('cancelOrder');
/** Test mode only (test helper `advance` to `delivery_failed`): records a failed artwork delivery. */
export const simulateDeliveryFailureUpdate = defineUpdate<Order, [OperatorNote]>('simulateDeliveryFailure');
/** Test mode only (test helper `advance` to `paid`): `paymentReceived` as an update, answered once recorded. */
export const recordTestPaymentUpdate = defineUpdate<Order, [PaymentReceived]>('recordTestPayment');

/** Signals: payment confirmations, and the operator's levers (usable from the Temporal UI or CLI). */
export const paymentReceivedSignal = defineSignal<[PaymentReceived]>('paymentReceived');
export const amendOrderSignal = defineSignal<[AmendRequest]>('amendOrderSignal');
export const cancelOrderSignal = defineSignal<[CancelRequest]>('cancelOrderSignal');
export const retryDeliverySignal = defineSignal<[OperatorNote]>('retryDelivery');
export const markDeliveredSignal = defineSignal<[OperatorNote]>('markDelivered');
/**
 * A closed order that still needs an operator keeps its workflow open for these: `refundIssued` (returned by
 * hand), `retryRefund` (try the provider again) and `clearAttention` (anything else flagged, now resolved).
 */
export const refundIssuedSignal = defineSignal<[RefundIssued]>('refundIssued');
export const retryRefundSignal = defineSignal<[OperatorNote]>('retryRefund');
export const clearAttentionSignal = defineSignal<[OperatorNote]>('clearAttention');

export const orderStateQuery = defineQuery<Order>('orderState');
/** What the report update's validator would answer (null: accepted); closed workflows answer queries. */
export const reportRefusalQuery = defineQuery<Refusal | null, [ReportKind, ReportMessage<ReportKind>]>(
  'reportRefusal',
);

/**
 * The checkout of an unpaid card order (`GET /pay/:id`): the current session and until when it is handed out (a
 * query sees the workflow's clock as of its last activation, so the caller compares `until` with its own time);
 * past `until`, the update has the workflow create a new session, once for concurrent visitors.
 */
export const liveCheckoutQuery = defineQuery<CheckoutLink | null>('liveCheckout');
export const renewCheckoutUpdate = defineUpdate<{ url: string }, [Actor]>('renewCheckout');
