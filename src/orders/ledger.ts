import { AppError } from '../errors';
import { paymentEffect } from './payment';
import type { Order } from './order';
import { isFinal, type OrderStatus, type PaymentMethod } from './status';

/**
 * The order's money, to the penny: every charge and refund is a ledger entry; the order carries their totals.
 * The rules here decide what a payment or an amendment does to it; the workflow applies them.
 */
export interface LedgerEntry {
  id: string;
  orderId: string;
  organisationId: string;
  kind: 'charge' | 'refund';
  amountGbpPence: number;
  /** Stripe PaymentIntent / invoice / refund / credit note id, the test helper's or sandbox's reference, or the
   * operator's reference for money returned by hand; null only when the payment method gives none. */
  providerRef: string | null;
  /** Why: `payment`, `cancelled`, `amended_lower`, `replaced_checkout_session`, `duplicate_payment` … */
  reason: string;
  createdAt: string;
}

type Money = Pick<
  Order,
  'quotedPriceGbpPence' | 'paymentState' | 'amountPaidGbpPence' | 'amountRefundedGbpPence'
>;

type Entries = ReadonlyArray<Pick<LedgerEntry, 'kind' | 'amountGbpPence'>>;

/** The one sum of ledger entries. */
export function entryTotals(entries: Entries): { paid: number; refunded: number } {
  const sum = (kind: LedgerEntry['kind']) =>
    entries.reduce((total, e) => (e.kind === kind ? total + e.amountGbpPence : total), 0);
  return { paid: sum('charge'), refunded: sum('refund') };
}

export function withEntries(order: Money, entries: Entries) {
  const added = entryTotals(entries);
  return {
    amountPaidGbpPence: order.amountPaidGbpPence + added.paid,
    amountRefundedGbpPence: order.amountRefundedGbpPence + added.refunded,
  };
}

/** Money held for the order: what a cancel refunds, never more. */
export const heldGbpPence = (order: Money) =>
  Math.max(0, order.amountPaidGbpPence - order.amountRefundedGbpPence);

/** Still to pay: the price less what is held; nothing for a cancelled order. */
export const balanceDueGbpPence = (order: Money & { status: OrderStatus }) =>
  order.status === 'cancelled' ? 0 : Math.max(0, order.quotedPriceGbpPence - heldGbpPence(order));

/** A paid order's price cannot rise (no second payment is taken): 409 order_not_amendable. */
export function checkPaidPriceKept(
  order: Money & { id: string; status: OrderStatus },
  newPriceGbpPence: number,
): void {
  if (order.paymentState !== 'paid' || newPriceGbpPence <= order.quotedPriceGbpPence) return;
  throw new AppError(
    'order_not_amendable',
    'The order is paid and its price cannot rise. Cancel the order (it is refunded in full) and place a new one.',
    {
      id: order.id,
      status: order.status,
      quotedPriceGbpPence: order.quotedPriceGbpPence,
      newPriceGbpPence,
    },
  );
}

/** A payment as its provider confirms it. */
export interface IncomingPayment {
  /** The provider's payment reference (Stripe PaymentIntent id, or the sandbox's). */
  paymentRef: string | null;
  /** What the provider says was paid (Checkout Session `amount_total`, invoice `amount_paid`); absent: the price. */
  amountGbpPence?: number | null;
  /** The Checkout Session paid (card payments), to tell a replaced session's payment from the current one's. */
  checkoutSessionId?: string | null;
}

export type StrayReason = 'replaced_checkout_session' | 'duplicate_payment' | 'order_closed';

type PaymentDecision =
  | { action: 'apply'; amountGbpPence: number; amountMismatch: boolean }
  | { action: 'refund'; reason: StrayReason; amountGbpPence: number }
  | { action: 'ignore' };

/**
 * What a payment confirmation does: it pays the order that waits for it (another amount is flagged), gives
 * back one the order does not expect (a replaced session, a second payment, a closed order), ignores a repeat.
 */
export function decidePayment(
  order: Money &
    Pick<Order, 'status' | 'paymentMethod'> & {
      paymentRef: string | null;
      checkoutSessionId: string | null;
      /** Sessions an amendment replaced (expired, but a payment may have beaten the expiry). */
      replacedCheckoutSessionIds: readonly string[];
      handledPaymentRefs: readonly string[];
    },
  payment: IncomingPayment,
): PaymentDecision {
  const amount = payment.amountGbpPence ?? order.quotedPriceGbpPence;
  const ref = payment.paymentRef;
  if (ref !== null && order.handledPaymentRefs.includes(ref)) return { action: 'ignore' };
  const effect = paymentEffect(order);
  if (effect === 'none') {
    if (ref === null || ref === order.paymentRef) return { action: 'ignore' };
    const reason = isFinal(order.status) ? 'order_closed' : 'duplicate_payment';
    return { action: 'refund', reason, amountGbpPence: amount };
  }
  const session = payment.checkoutSessionId;
  const replaced =
    session && session !== order.checkoutSessionId && order.replacedCheckoutSessionIds.includes(session);
  if (effect === 'checkout_paid' && replaced) {
    return { action: 'refund', reason: 'replaced_checkout_session', amountGbpPence: amount };
  }
  return { action: 'apply', amountGbpPence: amount, amountMismatch: amount !== order.quotedPriceGbpPence };
}

/**
 * A payment for an order whose workflow has closed: `already_recorded` in the ledger (a late repeat), a `refund`
 * through the provider that took it, or `unrefundable` (no reference, or paid to us): an operator refunds it.
 */
export function decideClosedOrderPayment(
  order: { paymentMethod: PaymentMethod },
  ledger: ReadonlyArray<Pick<LedgerEntry, 'kind' | 'providerRef'>>,
  paymentRef: string | null,
): 'already_recorded' | 'refund' | 'unrefundable' {
  if (paymentRef === null) return 'unrefundable';
  if (ledger.some((e) => e.kind === 'charge' && e.providerRef === paymentRef)) return 'already_recorded';
  return order.paymentMethod === 'stripe_checkout' || order.paymentMethod === 'stripe_invoice'
    ? 'refund'
    : 'unrefundable';
}
