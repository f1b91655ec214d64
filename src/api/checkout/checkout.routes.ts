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

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small, accessible page: language, title, one main landmark with one heading, readable contrast. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Statutory Notice Placement</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}
a{color:#0b4fa8}a:focus{outline:3px solid #fd0;outline-offset:2px}</style></head>
<body><main><h1>${escape(title)}</h1>
${body}</main></body></html>`;
}

function render(ctx: AppContext, status: number, title: string, body: string): void {
  ctx.status = status;
  ctx.type = 'text/html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = page(title, body);
}

const notFound = (ctx: AppContext) =>
  render(
    ctx,
    404,
    'Payment link not found',
    '<p>This payment link does not exist. Check the address you were given.</p>',
  );

/** What a card order that no longer awaits payment tells its payer. */
function noPaymentDue(ctx: AppContext, order: Order): void {
  const ref = escape(order.reference);
  if (order.status === 'cancelled') {
    return render(ctx, 200, 'Nothing to pay', `<p>Order ${ref} was cancelled: there is nothing to pay.</p>`);
  }
  render(ctx, 200, 'Order paid', `<p>Order ${ref} is paid. Thank you: there is nothing more to do.</p>`);
}

/**
 * The pages of a card order's checkout, for the person paying (no API key: the order id, 128 random bits, is
 * the capability, as a Stripe Checkout URL is):
 * - `GET /pay/:orderId` (the order's `checkoutUrl`): 303 to a live Checkout Session while the order awaits
 *   payment; the order's workflow decides whether its session is still live or creates a new one;
 * - `GET /pay/:orderId/complete` (Stripe's `success_url`): order received;
 * - `GET /pay/:orderId/cancelled` (Stripe's `cancel_url`): payment not completed, with a link to try again.
 */
export function checkoutRoutes(deps: { db: Db; temporal: Client; config: Config }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/pay' });
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
      return render(
        ctx,
        200,
        'Test order',
        `<p>Order ${escape(order.reference)} is a test order. This service takes no test payments by card: pay it
with the test helper <code>POST /api/v1/test_helpers/orders/${escape(order.id)}/advance</code> and
<code>{"to": "paid"}</code>.</p>`,
      );
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
      render(
        ctx,
        503,
        'Payment temporarily unavailable',
        `<p>We could not reach the payment page. Please
<a href="/pay/${escape(order.id)}">try again</a> in a minute.</p>`,
      );
    }
  });

  router.get('/:orderId/complete', async (ctx) => {
    const order = await cardOrder(ctx);
    if (!order) return notFound(ctx);
    const ref = escape(order.reference);
    const confirming = order.status === 'pending_payment';
    render(
      ctx,
      200,
      'Order received',
      `<p>Thank you. We have received order <strong>${ref}</strong>.</p>
<p>${
        confirming
          ? 'Your payment is being confirmed; this usually takes a few seconds.'
          : 'Your payment is confirmed.'
      } We will send the notice to the newspaper and e-mail you as it is booked and published.</p>`,
    );
  });

  router.get('/:orderId/cancelled', async (ctx) => {
    const order = await cardOrder(ctx);
    if (!order) return notFound(ctx);
    if (order.status !== 'pending_payment') return noPaymentDue(ctx, order);
    render(
      ctx,
      200,
      'Payment not completed',
      `<p>The payment for order <strong>${escape(order.reference)}</strong> was not completed, and you have not been
charged.</p>
<p><a href="/pay/${escape(order.id)}">Try the payment again</a></p>`,
    );
  });

  return router;
}
