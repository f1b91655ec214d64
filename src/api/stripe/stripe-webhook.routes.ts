import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import Stripe from 'stripe';
import type { Db } from '../../db/database';
import { findOrderById } from '../../db/orders.repository';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import { sendPaymentReceived, startClosedOrderPayment } from '../../temporal/orders';
import type { AppState } from '../context';

/**
 * The payment a Stripe event that means "paid" reports: its order, PaymentIntent, the amount (for the ledger: a
 * wrong amount is flagged) and the Checkout Session paid (a replaced one's payment is refunded).
 */
function paymentOf(event: Stripe.Event) {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.payment_status !== 'paid' || !session.client_reference_id) return null;
      const intent = session.payment_intent;
      return {
        orderId: session.client_reference_id,
        paymentRef: typeof intent === 'string' ? intent : (intent?.id ?? null),
        amountGbpPence: session.amount_total ?? null,
        checkoutSessionId: session.id as string | null,
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const orderId = invoice.metadata?.orderId;
      if (!orderId) return null;
      return {
        orderId,
        paymentRef: invoice.id ?? null,
        amountGbpPence: invoice.amount_paid ?? null,
        checkoutSessionId: null,
      };
    }
    default:
      return null;
  }
}

/** A Stripe webhook signing secret and the mode of the Stripe account whose events it signs. */
export interface StripeWebhookSecret {
  secret: string;
  livemode: boolean;
}

/** The event, verified with the first secret that matches; its mode is Stripe's `livemode`, else the secret's. */
function verify(stripe: Stripe, raw: string, header: string, secrets: readonly StripeWebhookSecret[]) {
  for (const { secret, livemode } of secrets) {
    try {
      const event = stripe.webhooks.constructEvent(raw, header, secret);
      return { event, livemode: typeof event.livemode === 'boolean' ? event.livemode : livemode };
    } catch {
      // Try the next secret.
    }
  }
  throw new AppError('validation_error', 'Invalid Stripe signature.', {
    fields: [{ path: 'Stripe-Signature', message: 'Does not verify.' }],
  });
}

/**
 * POST /api/stripe/webhook: verifies the signature on the raw body, then signals the order's workflow, which
 * ignores a duplicate or replayed event. An event of the other mode than its order's is acknowledged and ignored.
 */
export function stripeWebhookRoutes(deps: {
  stripe: Stripe;
  secrets: readonly StripeWebhookSecret[];
  db: Db;
  temporal: Client;
  log: Logger;
  /** Task queue of the order worker, for the refund workflow of a payment for a closed order. */
  taskQueue: string;
}): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/api/stripe/webhook', async (ctx) => {
    const signature = ctx.get('Stripe-Signature');
    const { event, livemode } = verify(deps.stripe, ctx.request.rawBody ?? '', signature, deps.secrets);
    ctx.body = { received: true };
    const payment = paymentOf(event);
    if (!payment) return;
    const { orderId, ...paid } = payment;
    const order = await findOrderById(deps.db, orderId);
    if (order && order.livemode !== livemode) {
      const fields = { orderId, eventId: event.id, eventLivemode: livemode };
      return deps.log.warn(fields, 'Stripe event of the other mode than its order: ignored');
    }
    const received = { actor: 'stripe', providerEventId: event.id, ...paid };
    if (await sendPaymentReceived(deps.temporal, orderId, received)) return;
    // The order's workflow has closed: the money is refunded (and audited) by a workflow of its own.
    if (order) await startClosedOrderPayment(deps.temporal, { ...received, orderId }, deps.taskQueue);
    else deps.log.warn({ orderId, eventId: event.id }, 'Stripe payment for an unknown order');
  });
  return router;
}
