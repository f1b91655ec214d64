import { AppError, type ErrorCode } from '../errors';

/**
 * Order statuses and the one table of allowed transitions. The spec names pending_payment, booked,
 * published and urn_received; the rest are ours (see the state diagram in docs/orders.md).
 */
export const ORDER_STATUSES = [
  'pending_payment', // stripe_checkout: waiting for the card payment
  'awaiting_po', // purchase_order: waiting for the caller's PO reference
  'awaiting_booking', // paid or on account: artwork with the newspaper, waiting for its confirmation
  'booked', // newspaper confirmed the publication date
  'published', // newspaper confirmed publication; certificate available
  'urn_received', // probate: the Gazette's reference (URN) received
  'completed', // nothing left to do; cancellation refused
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The forward steps of the lifecycle: each moves exactly one status to the next. */
const FORWARD = {
  payment_received: ['pending_payment', 'awaiting_booking'],
  po_received: ['awaiting_po', 'awaiting_booking'],
  booking_confirmed: ['awaiting_booking', 'booked'],
  publication_confirmed: ['booked', 'published'],
  urn_received: ['published', 'urn_received'],
} as const satisfies Record<string, readonly [from: OrderStatus, to: OrderStatus]>;

/** The other transitions, each decided by its own rule (`nextStatus`). */
const OTHER = ['completed', 'amended', 'cancelled'] as const;

export type OrderTransition = keyof typeof FORWARD | (typeof OTHER)[number];
export const ORDER_TRANSITIONS = [...(Object.keys(FORWARD) as Array<keyof typeof FORWARD>), ...OTHER];

/** An organisation's billing arrangement, which every order it places follows. */
export const PAYMENT_METHODS = [
  'stripe_checkout',
  'invoice_with_terms',
  'invoice_bank_transfer',
  'stripe_invoice',
  'purchase_order',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Where an order's payment stands (`paymentState`): set by the workflow and its payment activities only. */
export const PAYMENT_STATES = [
  'pending', // placed, payment not yet set up
  'awaiting_payment', // stripe_checkout: checkout open, unpaid
  'awaiting_po', // purchase_order: waiting for the PO reference
  'on_account', // purchase_order: PO received, billed on account
  'invoiced', // invoice terms: invoice issued, unpaid
  'paid',
  'not_charged', // cancelled before anything was charged
  'voided', // cancelled; the unpaid invoice voided
  'void_failed', // cancelled; the provider refused to void the invoice (needs attention)
  'refund_due', // cancelled after payment; no automatic refund (needs attention)
  'refund_failed', // cancelled after payment; the refund failed (needs attention)
  'refunded',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const memberOf =
  <T extends string>(list: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (list as readonly string[]).includes(value);

export const isPaymentState = memberOf(PAYMENT_STATES);
export const isOrderStatus = memberOf(ORDER_STATUSES);

/** Status a new order starts in, decided by the organisation's billing arrangement (others: on account). */
const INITIAL_STATUS: Partial<Record<PaymentMethod, OrderStatus>> = {
  stripe_checkout: 'pending_payment',
  purchase_order: 'awaiting_po',
};
export const initialStatus = (paymentMethod: PaymentMethod) =>
  INITIAL_STATUS[paymentMethod] ?? 'awaiting_booking';

const AMENDABLE = new Set<OrderStatus>(['pending_payment', 'awaiting_po', 'awaiting_booking', 'booked']);
const CANCELLABLE = new Set<OrderStatus>([...AMENDABLE, 'published', 'urn_received']);

export const isAmendable = (status: OrderStatus) => AMENDABLE.has(status);
export const isCancellable = (status: OrderStatus) => CANCELLABLE.has(status);
export const isFinal = (status: OrderStatus) => status === 'completed' || status === 'cancelled';

/** A 409 `code` refusal of an order whose status does not allow the change. */
const refusedUnless =
  (allowed: (status: OrderStatus) => boolean, code: ErrorCode, change: string) =>
  ({ id, status }: { id: string; status: OrderStatus }): void => {
    if (!allowed(status))
      throw new AppError(code, `An order in status ${status} cannot be ${change}.`, { id, status });
  };

export const checkAmendable = refusedUnless(isAmendable, 'order_not_amendable', 'amended');
/** `completed` and `cancelled` orders cannot be cancelled. */
export const checkCancellable = refusedUnless(isCancellable, 'order_not_cancellable', 'cancelled');

export const doesNotFitMessage = (what: string, status: OrderStatus) =>
  `${what} does not fit an order in status ${status}.`;

export function doesNotFit(
  what: string,
  details: { status: OrderStatus } & Record<string, unknown>,
): AppError {
  return new AppError('invalid_state_transition', doesNotFitMessage(what, details.status), details);
}

/** The status after a transition, or null when it does not fit (`probate`: a URN follows publication). */
export function nextStatus(
  current: OrderStatus,
  transition: OrderTransition,
  opts: { probate: boolean },
): OrderStatus | null {
  switch (transition) {
    case 'amended':
      return isAmendable(current) ? current : null;
    case 'cancelled':
      return isCancellable(current) ? 'cancelled' : null;
    case 'completed':
      return current === (opts.probate ? 'urn_received' : 'published') ? 'completed' : null;
    case 'urn_received':
      if (!opts.probate) return null;
      break;
  }
  const [from, to] = FORWARD[transition];
  return from === current ? to : null;
}

/** A 409 `invalid_state_transition` refusal of `what` unless the transition fits the order's status. */
export function checkTransition(
  order: { status: OrderStatus; type: string },
  transition: OrderTransition,
  what: string,
): void {
  if (nextStatus(order.status, transition, { probate: order.type === 'probate' }) === null) {
    throw doesNotFit(what, { status: order.status });
  }
}
