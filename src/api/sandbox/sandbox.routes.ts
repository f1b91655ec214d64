import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import { usesStripe } from '../../payments/stripe-account';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { findOrderById } from '../../db/orders.repository';
import { AppError } from '../../errors';
import { checkCheckoutPayable, hasCheckout, sandboxServes } from '../../orders/payment';
import type { AppContext, AppState } from '../context';
import { orderNotFound } from '../errors';
import { sendPaymentReceived } from '../../temporal/orders';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string, livemode = true): string {
  const hint = livemode
    ? 'Configure STRIPE_SECRET_KEY to take real payments.'
    : 'Test order (svc_test_ key): configure STRIPE_TEST_SECRET_KEY to use Stripe in test mode.';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body style="font-family:sans-serif;max-width:36rem;margin:3rem auto">
<p style="background:#fde68a;padding:.5rem 1rem;border:2px solid #b45309"><strong>LOCAL PAYMENT SANDBOX</strong>:
no money moves. ${hint}</p>${body}</body></html>`;
}

/**
 * The local sandbox payment provider's pages (mounted while either mode has no Stripe key: live orders without
 * STRIPE_SECRET_KEY, test orders without STRIPE_TEST_SECRET_KEY): a checkout page whose pay button confirms
 * the payment to the order's workflow, and an invoice page for stripe_invoice orders. An order whose mode
 * pays through Stripe is not found here.
 */
export function sandboxRoutes(deps: { db: Db; temporal: Client; config: Config }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/sandbox' });

  /**
   * The sandbox's own orders: those of a mode without a Stripe key, and in production test orders only (a live
   * order is never paid without money moving, whatever the configuration). Any other order is not found.
   */
  async function orderOf(ctx: AppContext) {
    const id = String(ctx.params.orderId);
    const order = await findOrderById(deps.db, id);
    const service = {
      production: deps.config.env === 'production',
      stripeFor: (livemode: boolean) => usesStripe(deps.config, livemode),
    };
    if (!order || !sandboxServes(order, service)) throw orderNotFound(id);
    return order;
  }

  /** A card order's checkout: other payment methods have none. */
  async function checkoutOrderOf(ctx: AppContext) {
    const order = await orderOf(ctx);
    if (!hasCheckout(order)) throw orderNotFound(order.id);
    return order;
  }

  router.get('/checkout/:orderId', async (ctx) => {
    const order = await checkoutOrderOf(ctx);
    const amount = `£${(order.quotedPriceGbpPence / 100).toFixed(2)}`;
    ctx.type = 'text/html';
    ctx.body = page(
      `Pay ${order.reference}`,
      order.status === 'pending_payment'
        ? `<h1>Pay for notice ${escape(order.reference)}</h1><p>Amount: ${amount}</p>
<form method="post"><button type="submit">Pay ${amount} (sandbox)</button></form>`
        : `<h1>Notice ${escape(order.reference)}</h1><p>Nothing to pay: the order is ${escape(order.status)}.</p>`,
      order.livemode,
    );
  });

  /** Pays an unpaid card order (anything else is 409 without a message to the order, so its history stays small). */
  router.post('/checkout/:orderId', async (ctx) => {
    const order = await checkoutOrderOf(ctx);
    checkCheckoutPayable(order);
    const payment = { actor: 'sandbox', paymentRef: `sandbox_pi_${order.id}`, providerEventId: null };
    if (!(await sendPaymentReceived(deps.temporal, order.id, payment))) {
      // The order finished (expired, cancelled) since it was read: its final state explains the refusal.
      checkCheckoutPayable((await findOrderById(deps.db, order.id)) ?? { ...order, status: 'cancelled' });
      throw new AppError('service_unavailable', 'The order engine is unavailable. Retry with backoff.');
    }
    ctx.type = 'text/html';
    ctx.body = page(
      'Payment received',
      `<h1>Payment received</h1><p>Order ${escape(order.reference)} is paid (sandbox).</p>`,
      order.livemode,
    );
  });

  router.get('/invoice/:orderId', async (ctx) => {
    const order = await orderOf(ctx);
    ctx.type = 'text/html';
    ctx.body = page(
      `Invoice ${order.reference}`,
      `<h1>Invoice for notice ${escape(order.reference)}</h1><p>Amount due: £${(order.quotedPriceGbpPence / 100).toFixed(2)}</p>`,
      order.livemode,
    );
  });

  return router;
}
