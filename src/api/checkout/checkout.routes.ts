import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { usesStripe } from '../../payments/stripe-account';
import { findOrderById } from '../../db/orders.repository';
import { AppError } from '../../errors';
import type { Order } from '../../orders/order';
import { hasCheckout } from '../../orders/payment';
import type { AppContext, AppState } from '../context';
import { HTTP_STATUS } from '../errors';
import { liveCheckoutSession } from '../../temporal/orders';
import { limitPerIp, type ConsumeRateLimit } from '../middleware/rate-limit';
import { html } from '../../web/html';
import { sendPublicPage } from '../pages/public-page';

const notFound = (ctx: AppContext) =>
  sendPublicPage(ctx, {
    status: 404,
    title: 'Payment link not found',
    body: html`<p>This payment link does not exist. Check the address you were given.</p>`,
  });

/** What a card order that no longer awaits payment tells its payer. */
function noPaymentDue(ctx: AppContext, order: Order): void {
  const ref = order.reference;
  if (order.status === 'cancelled') {
    return sendPublicPage(ctx, {
      title: 'Nothing to pay',
      body: html`<p>Order ${ref} was cancelled: there is nothing to pay.</p>`,
    });
  }
  sendPublicPage(ctx, {
    title: 'Order paid',
    body: html`<p>Order ${ref} is paid. Thank you: there is nothing more to do.</p>`,
  });
}

/**
 * The pages of a card order's checkout, for the person paying (no API key: the order id, 128 random bits, is
 * the capability, as a Stripe Checkout URL is). `/complete` and `/cancelled` are Stripe's `success_url` and
 * `cancel_url`; the order's workflow decides whether its Checkout Session is still live or makes a new one.
 */
export function checkoutRoutes(deps: {
  db: Db;
  temporal: Client;
  config: Config;
  perIp: ConsumeRateLimit;
}): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/pay' });
  router.use(limitPerIp(deps.perIp));
  /** Production serves no sandbox: a test order without a test-mode Stripe account is paid by the test helper. */
  const noPaymentPage = (order: Order) =>
    deps.config.env === 'production' && !usesStripe(deps.config, order.livemode);

  async function cardOrder(ctx: AppContext): Promise<Order | null> {
    const order = await findOrderById(deps.db, String(ctx.params.orderId));
    return order && hasCheckout(order) ? order : null;
  }

  router.get('/:orderId', async (ctx) => {
    const order = await cardOrder(ctx);
    if (!order) return notFound(ctx);
    if (order.status !== 'pending_payment') return noPaymentDue(ctx, order);
    if (noPaymentPage(order)) {
      return sendPublicPage(ctx, {
        title: 'Test order',
        body: html`<p>
          Order ${order.reference} is a test order. This service takes no test payments by card: pay it with
          the test helper <code>POST /api/v1/test_helpers/orders/${order.id}/advance</code> and
          <code>{"to": "paid"}</code>.
        </p>`,
      });
    }
    try {
      const url = await liveCheckoutSession(deps.temporal, order.id);
      ctx.redirect(url);
      ctx.status = 303;
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_state_transition') {
        const now = await cardOrder(ctx); // paid or cancelled a moment ago
        if (now) return noPaymentDue(ctx, now);
      }
      const status = err instanceof AppError ? HTTP_STATUS[err.code] : 500;
      if (status < 500) throw err;
      ctx.set('Retry-After', '5');
      sendPublicPage(ctx, {
        status: 503,
        title: 'Payment temporarily unavailable',
        body: html`<p>
          We could not reach the payment page. Please <a href="/pay/${order.id}">try again</a> in a minute.
        </p>`,
      });
    }
  });

  router.get('/:orderId/complete', async (ctx) => {
    const order = await cardOrder(ctx);
    if (!order) return notFound(ctx);
    const ref = order.reference;
    const confirming = order.status === 'pending_payment';
    sendPublicPage(ctx, {
      title: 'Order received',
      body: html`<p>Thank you. We have received order <strong>${ref}</strong>.</p>
        <p>
          ${
            confirming
              ? 'Your payment is being confirmed; this usually takes a few seconds.'
              : 'Your payment is confirmed.'
          }
          We will send the notice to the newspaper and e-mail you as it is booked and published.
        </p>`,
    });
  });

  router.get('/:orderId/cancelled', async (ctx) => {
    const order = await cardOrder(ctx);
    if (!order) return notFound(ctx);
    if (order.status !== 'pending_payment') return noPaymentDue(ctx, order);
    sendPublicPage(ctx, {
      title: 'Payment not completed',
      body: html`<p>
          The payment for order <strong>${order.reference}</strong> was not completed, and you have not been
          charged.
        </p>
        <p><a href="/pay/${order.id}">Try the payment again</a></p>`,
    });
  });

  return router;
}
