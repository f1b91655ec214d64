import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { call } from './harness';

/**
 * Stripe events as Stripe sends them to our webhook: the one home of the event builders and the signed post
 * the payment tests share (the stripe library's own test helper signs them).
 */

const signer = new Stripe('sk_test_123');

/** Posts `event` to /api/stripe/webhook, signed with `secret` as Stripe would sign it. */
export function postStripeEvent(api: { baseUrl: string }, event: Record<string, unknown>, secret: string) {
  const payload = JSON.stringify({ object: 'event', api_version: '2025-01-01', created: 1, ...event });
  return call(api, 'POST', '/api/stripe/webhook', {
    body: payload,
    headers: {
      'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
      'Content-Type': 'application/json',
    },
  });
}

/** A new event id, as Stripe gives every event (a redelivery keeps its event's id). */
export const eventId = () => `evt_${randomUUID()}`;

/** A Checkout Session event (`checkout.session.completed` by default) for `orderId`'s session. */
export function checkoutSessionEvent(
  orderId: string,
  session: {
    id?: string;
    type?: string;
    sessionId?: string;
    paymentIntent?: string;
    paymentStatus?: string;
    amountTotal?: number;
  } = {},
) {
  return {
    id: session.id ?? eventId(),
    type: session.type ?? 'checkout.session.completed',
    data: {
      object: {
        id: session.sessionId ?? `cs_test_${orderId}`,
        object: 'checkout.session',
        client_reference_id: orderId,
        payment_status: session.paymentStatus ?? 'paid',
        payment_intent: session.paymentIntent ?? `pi_test_${orderId}`,
        ...(session.amountTotal !== undefined && { amount_total: session.amountTotal }),
        metadata: { orderId },
      },
    },
  };
}

/** `invoice.paid` for the Stripe invoice `invoiceId` of `orderId`. */
export function invoicePaidEvent(
  orderId: string,
  invoiceId: string,
  opts: { id?: string; amountPaid?: number } = {},
) {
  return {
    id: opts.id ?? eventId(),
    type: 'invoice.paid',
    data: {
      object: {
        id: invoiceId,
        object: 'invoice',
        status: 'paid',
        ...(opts.amountPaid !== undefined && { amount_paid: opts.amountPaid }),
        metadata: { orderId },
      },
    },
  };
}
