import {
  checkoutLinks,
  DEFAULT_CHECKOUT_SESSION_LIFETIME_MS,
  handOutUntil,
  liveCheckoutUrl,
  type CheckoutLink,
  type PaymentSetup,
} from '../../orders/payment';
import type { Actor } from '../order.messages';
import { expireQuietly } from './payment';
import { setUp, type OrderProcess } from './process';
import { stateRefusal } from './refusals';

const lifetime = (p: OrderProcess) =>
  p.input.timings.checkoutSessionLifetimeMs ?? DEFAULT_CHECKOUT_SESSION_LIFETIME_MS;

export const checkoutExpiry = (p: OrderProcess) => Date.now() + lifetime(p);

/**
 * Keeps the Checkout Session a payment set-up opened (an amendment's `replacing` the previous one); answers our
 * stable address (`/pay/<order id>`), or the set-up's own URL when it opened none.
 */
export function keepCheckout(p: OrderProcess, setup: PaymentSetup, replacing?: string): string | null {
  const { checkoutSessionId: id, checkoutUrl, checkoutExpiresAt } = setup;
  if (!id) return checkoutUrl;
  p.checkoutOpened({ id, url: checkoutUrl ?? '', expiresAt: checkoutExpiresAt ?? null }, replacing);
  return checkoutLinks(p.input.publicBaseUrl, p.order.id).checkoutUrl;
}

/** The current session and until when it is handed out, or null: not awaiting payment, or no session known. */
export function currentCheckout(p: OrderProcess): CheckoutLink | null {
  const session = p.state.payment.checkoutSession;
  if (p.status !== 'pending_payment' || !session) return null;
  return { url: session.url, until: handOutUntil(session, lifetime(p)) };
}

export function checkCheckoutRenewable(p: OrderProcess): void {
  if (p.status !== 'pending_payment' || p.order.paymentMethod !== 'stripe_checkout') {
    throw stateRefusal(p, `An order in status ${p.status} awaits no card payment.`);
  }
}

/** Answers a live session, creating one (the old one expired first, so only one can be paid) when due. */
export async function renewCheckout(p: OrderProcess, r: Actor): Promise<{ url: string }> {
  checkCheckoutRenewable(p);
  // In an update the workflow clock is current: the live session's URL now, or null when a new one is due.
  const live = liveCheckoutUrl(currentCheckout(p), Date.now());
  if (live) return { url: live };
  const previous = p.state.payment.checkoutSession;
  const renewal = p.next('checkoutRenewals');
  const session = await setUp.renewCheckout({ order: p.order, renewal, expiresAt: checkoutExpiry(p) });
  if (previous && (previous.expiresAt === null || previous.expiresAt > Date.now())) {
    await expireQuietly(p, previous.id);
  }
  p.checkoutOpened(session);
  await p.audit({
    action: 'checkout_renewed',
    actor: r.actor,
    details: {
      sessionId: session.id,
      previousSessionId: previous?.id ?? null,
      expiresAt: session.expiresAt === null ? null : new Date(session.expiresAt).toISOString(),
    },
  });
  return { url: session.url };
}
