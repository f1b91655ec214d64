import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import Stripe from 'stripe';
import type { Db } from '../../db/database';
import { findOrderById } from '../../db/orders.repository';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import { sendPaymentReceived, startClosedOrderPayment } from '../../temporal/orders';
import type { AppState } from '../context';

/** The Stripe events that mean "paid", and how to find the order and the PaymentIntent in each. */
interface StripePayment {
  orderId: string;
  paymentRef: string | null;
  /** What Stripe says was paid, for the ledger (a wrong amount is flagged). */
  amountGbpPence: number | null;
  /** The Checkout Session paid: a replaced one's payment is refunded. */
  checkoutSessionId: string | null;
}

function paymentOf(event: Stripe.Event): StripePayment | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.payment_status !== 'paid' || !session.client_reference_id) return null;
      const intent =
        typeof session.payment_intent === 'string'
          ? session.payment_intent
          : (session.payment_intent?.id ?? null);
      return {
        orderId: session.client_reference_id,
        paymentRef: intent,
        amountGbpPence: session.amount_total ?? null,
        checkoutSessionId: session.id,
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const orderId = invoice.metadata?.orderId;
      if (!orderId) return null;
      const amountGbpPence = invoice.amount_paid ?? null;
      return { orderId, paymentRef: invoice.id ?? null, amountGbpPence, checkoutSessionId: null };
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
    const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
    const { event, livemode } = verify(deps.stripe, raw, ctx.get('Stripe-Signature'), deps.secrets);
    const payment = paymentOf(event);
    const order = payment && (await findOrderById(deps.db, payment.orderId));
    if (payment && order && order.livemode !== livemode) {
      deps.log.warn(
        { orderId: payment.orderId, eventId: event.id, eventLivemode: livemode },
        'Stripe event of the other mode than its order: ignored',
      );
    } else if (payment) {
      const received = {
        actor: 'stripe',
        paymentRef: payment.paymentRef,
        providerEventId: event.id,
        amountGbpPence: payment.amountGbpPence,
        checkoutSessionId: payment.checkoutSessionId,
      };
      if (!(await sendPaymentReceived(deps.temporal, payment.orderId, received))) {
        if (order) {
          // The order's workflow has closed: the money is refunded (and audited) by a workflow of its own.
          await startClosedOrderPayment(deps.temporal, { ...received, orderId: order.id }, deps.taskQueue);
        } else {
          deps.log.warn(
            { orderId: payment.orderId, eventId: event.id },
            'Stripe payment for an unknown order',
          );
        }
      }
    }
    ctx.body = { received: true };
  });
  return router;
}
