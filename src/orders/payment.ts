import { doesNotFit, isFinal, type OrderStatus, type PaymentMethod, type PaymentState } from './status';
import { orderDocumentUrl } from './documents';
import type { Order } from './order';

/** What a payment confirmation does to an order: nothing for a duplicate, a replay or a finished order. */
export function paymentEffect(
  order: Pick<Order, 'status' | 'paymentState'>,
): 'checkout_paid' | 'invoice_paid' | 'none' {
  if (order.status === 'pending_payment') return 'checkout_paid';
  if (order.paymentState === 'invoiced' && !isFinal(order.status)) return 'invoice_paid';
  return 'none';
}

export const hasCheckout = (order: { paymentMethod: PaymentMethod }) =>
  order.paymentMethod === 'stripe_checkout';

type Payable = { id: string; status: OrderStatus; paymentState: PaymentState };

const paymentDoesNotFit = ({ id, status, paymentState }: Payable) =>
  doesNotFit('A payment', { id, status, paymentState });

export function checkCheckoutPayable(order: Payable): void {
  if (paymentEffect(order) !== 'checkout_paid') throw paymentDoesNotFit(order);
}

/** Test helper `paid`: only a payment that pays something. */
export function checkPayable(order: Payable): void {
  if (paymentEffect(order) === 'none') throw paymentDoesNotFit(order);
}

/**
 * Whether the local payment sandbox serves an order: only when its mode has no Stripe key, and in production only
 * for test orders whatever the configuration: a live order is never paid without money moving.
 */
export function sandboxServes(
  order: { livemode: boolean },
  service: { production: boolean; stripeFor: (livemode: boolean) => boolean },
): boolean {
  if (service.production && order.livemode) return false;
  return !service.stripeFor(order.livemode);
}

/** A Checkout Session as the order workflow keeps it: `expiresAt` (epoch ms) is null when it never expires. */
export interface CheckoutSession {
  id: string;
  url: string;
  expiresAt: number | null;
}

/** A session with less than this left is renewed rather than handed out: paying takes the customer a while. */
export const CHECKOUT_RENEW_MARGIN_MS = 10 * 60_000;

/** Stripe accepts Checkout Sessions living 30 minutes to 24 hours; ours live 23 hours unless told otherwise. */
export const DEFAULT_CHECKOUT_SESSION_LIFETIME_MS = 23 * 3_600_000;

/**
 * Until when (epoch ms; null: for ever) a session may be handed out: the margin is at most half a session's
 * lifetime, so a short-lived session (tests) is handed out at least once.
 */
export function handOutUntil(session: CheckoutSession, lifetimeMs: number): number | null {
  if (session.expiresAt === null) return null;
  return session.expiresAt - Math.min(CHECKOUT_RENEW_MARGIN_MS, lifetimeMs / 2);
}

/** A session as handed out: its URL, and until when (`handOutUntil`, epoch ms; null: while awaiting payment). */
export interface CheckoutLink {
  url: string;
  until: number | null;
}

/** The URL a customer can still pay at `now`, or null when a new session is due. */
export const liveCheckoutUrl = (link: CheckoutLink | null, now: number): string | null =>
  link && (link.until === null || now < link.until) ? link.url : null;

/** Our stable address of a card order's checkout (`checkoutUrl`), and the pages Stripe sends the customer back to. */
export const checkoutLinks = (publicBaseUrl: string, orderId: string) => ({
  checkoutUrl: `${publicBaseUrl}/pay/${orderId}`,
  successUrl: `${publicBaseUrl}/pay/${orderId}/complete`,
  cancelUrl: `${publicBaseUrl}/pay/${orderId}/cancelled`,
});

/** A payment as set up for an order: what the order shows of it, and the provider's handles the workflow keeps. */
export interface PaymentSetup extends Pick<Order, 'checkoutUrl' | 'invoiceUrl' | 'paymentState'> {
  paymentRef: string | null;
  /** The Checkout Session of a card order, kept by the workflow to expire it when replaced or cancelled. */
  checkoutSessionId?: string;
  /** When that session expires (epoch ms; null: never), so the workflow can hand out a new one in time. */
  checkoutExpiresAt?: number | null;
}

/** The one test of "invoiced on account by us" (our own VAT invoice, sent to the billing contact). */
export const invoicedByUs = (paymentMethod: string): boolean =>
  paymentMethod === 'invoice_with_terms' || paymentMethod === 'invoice_bank_transfer';

/** The payment set-up of a method that calls no provider (computed without an activity); else null. */
export function setUpWithoutProvider(
  order: { id: string; paymentMethod: PaymentMethod },
  publicBaseUrl: string,
): PaymentSetup | null {
  if (invoicedByUs(order.paymentMethod)) {
    const invoiceUrl = orderDocumentUrl(publicBaseUrl, order.id, 'invoice');
    return { checkoutUrl: null, invoiceUrl, paymentRef: null, paymentState: 'invoiced' };
  }
  if (order.paymentMethod === 'purchase_order') {
    return { checkoutUrl: null, invoiceUrl: null, paymentRef: null, paymentState: 'awaiting_po' };
  }
  return null;
}
