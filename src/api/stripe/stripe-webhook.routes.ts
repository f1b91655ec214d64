import Router from '@koa/router';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import Stripe from 'stripe';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import { orderWorkflowId, paymentReceivedSignal } from '../../workflows/order.messages';
import type { AppState } from '../context';

/** The Stripe events that mean "paid", and how to find the order and the PaymentIntent in each. */
function paymentOf(event: Stripe.Event): { orderId: string; paymentRef: string | null } | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.payment_status !== 'paid' || !session.client_reference_id) return null;
      const intent =
        typeof session.payment_intent === 'string'
          ? session.payment_intent
          : (session.payment_intent?.id ?? null);
      return { orderId: session.client_reference_id, paymentRef: intent };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const orderId = invoice.metadata?.orderId;
      return orderId ? { orderId, paymentRef: invoice.id ?? null } : null;
    }
    default:
      return null;
  }
}

/**
 * POST /api/stripe/webhook: verifies the signature on the raw body, then signals the order's workflow. The
 * workflow ignores a duplicate or replayed event (the order is no longer waiting for payment).
 */
export function stripeWebhookRoutes(deps: {
  stripe: Stripe;
  webhookSecret: string;
  temporal: Client;
  log: Logger;
}): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/api/stripe/webhook', async (ctx) => {
    const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
    let event: Stripe.Event;
    try {
      event = deps.stripe.webhooks.constructEvent(raw, ctx.get('Stripe-Signature'), deps.webhookSecret);
    } catch {
      throw new AppError('validation_error', 'Invalid Stripe signature.', {
        fields: [{ path: 'Stripe-Signature', message: 'Does not verify.' }],
      });
    }
    const payment = paymentOf(event);
    if (payment) {
      try {
        await deps.temporal.workflow
          .getHandle(orderWorkflowId(payment.orderId))
          .signal(paymentReceivedSignal, {
            actor: 'stripe',
            paymentRef: payment.paymentRef,
            providerEventId: event.id,
          });
      } catch (err) {
        if (!(err instanceof WorkflowNotFoundError)) throw err;
        deps.log.warn(
          { orderId: payment.orderId, eventId: event.id },
          'Stripe payment for a finished or unknown order',
        );
      }
    }
    ctx.body = { received: true };
  });
  return router;
}
