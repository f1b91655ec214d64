import { bodyParser } from '@koa/bodyparser';
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
import { limitPerIp, type ConsumeRateLimit } from '../middleware/rate-limit';
import { doubleSubmitToken, formPostAllowed } from '../pages/form-csrf';
import { formatPence } from '../../money';
import { html, type Html } from '../../web/html';
import { sendPublicPage } from '../pages/public-page';

/** The sandbox's form token cookie: double-submit, for this path only, strict (never sent cross-site). */
const CSRF_COOKIE = 'notices_sandbox_csrf';

function sendSandboxPage(ctx: AppContext, title: string, body: Html, livemode: boolean): void {
  const hint = livemode
    ? 'Configure STRIPE_SECRET_KEY to take real payments.'
    : 'Test order (svc_test_ key): configure STRIPE_TEST_SECRET_KEY to use Stripe in test mode.';
  sendPublicPage(ctx, {
    title,
    body,
    banner: html`<strong>LOCAL PAYMENT SANDBOX</strong>: no money moves. ${hint}`,
  });
}

/** The pay button's form body (urlencoded, a few bytes): read here, as the JSON API's parser refuses forms. */
const formBody = bodyParser({
  enableTypes: ['form'],
  formLimit: '4kb',
  onError: (err) => {
    throw err;
  },
});

/**
 * The local sandbox payment provider's pages, for a mode without a Stripe key (docs/operating.md): a checkout
 * page whose pay button confirms the payment to the order's workflow, and an invoice page.
 */
export function sandboxRoutes(deps: {
  db: Db;
  temporal: Client;
  config: Config;
  perIp: ConsumeRateLimit;
}): Router<AppState> {
  const { config } = deps;
  const router = new Router<AppState>({ prefix: '/sandbox' });
  const cookie = {
    path: '/sandbox',
    maxAgeSeconds: 3600,
    secure: config.env !== 'development',
    sameSite: 'Strict',
  } as const;
  router.use(limitPerIp(deps.perIp));

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
    const amount = formatPence(order.quotedPriceGbpPence);
    if (order.status !== 'pending_payment') {
      return sendSandboxPage(
        ctx,
        `Notice ${order.reference}`,
        html`<p>Nothing to pay: the order is ${order.status}.</p>`,
        order.livemode,
      );
    }
    const token = doubleSubmitToken(ctx, CSRF_COOKIE, cookie);
    sendSandboxPage(
      ctx,
      `Pay for notice ${order.reference}`,
      html`<p>Notice ${order.reference}. Amount: ${amount}</p>
        <form method="post">
          <input type="hidden" name="_csrf" value="${token}" /><button type="submit">
            Pay ${amount} (sandbox)
          </button>
        </form>`,
      order.livemode,
    );
  });

  /**
   * Pays an unpaid card order (anything else is 409 without a message to the order, so its history stays small),
   * when the form came from the page (its token and our origin: another site cannot make a visitor pay).
   */
  router.post('/checkout/:orderId', formBody, async (ctx) => {
    const order = await checkoutOrderOf(ctx);
    const sent = (ctx.request.body as Record<string, unknown> | undefined)?._csrf;
    if (!formPostAllowed(ctx, sent, ctx.cookies.get(CSRF_COOKIE), config.publicBaseUrl)) {
      throw new AppError(
        'forbidden',
        'This payment form has expired or was not sent from this site: reload the page.',
      );
    }
    checkCheckoutPayable(order);
    const payment = { actor: 'sandbox', paymentRef: `sandbox_pi_${order.id}`, providerEventId: null };
    if (!(await sendPaymentReceived(deps.temporal, order.id, payment))) {
      // The order finished (expired, cancelled) since it was read: its final state explains the refusal.
      checkCheckoutPayable((await findOrderById(deps.db, order.id)) ?? { ...order, status: 'cancelled' });
      throw new AppError('service_unavailable', 'The order engine is unavailable. Retry with backoff.');
    }
    sendSandboxPage(
      ctx,
      'Payment received',
      html`<p>Order ${order.reference} is paid (sandbox).</p>`,
      order.livemode,
    );
  });

  router.get('/invoice/:orderId', async (ctx) => {
    const order = await orderOf(ctx);
    sendSandboxPage(
      ctx,
      `Invoice ${order.reference}`,
      html`<p>Amount due: ${formatPence(order.quotedPriceGbpPence)}</p>`,
      order.livemode,
    );
  });

  return router;
}
