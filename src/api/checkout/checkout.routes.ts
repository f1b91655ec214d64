import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { findOrderById } from '../../db/orders.repository';
import { AppError } from '../../errors';
import { formatPence } from '../../money';
import type { Order } from '../../orders/order';
import { checkCheckoutPayable, hasCheckout, sandboxServes } from '../../orders/payment';
import { usesStripe } from '../../payments/stripe-account';
import { liveCheckoutSession, sendPaymentReceived } from '../../temporal/orders';
import { html, type Html } from '../../web/html';
import type { AppContext, AppState } from '../context';
import { HTTP_STATUS, orderEngineUnavailable, orderNotFound } from '../errors';
import { limitPerIp, type ConsumeRateLimit } from '../middleware/rate-limit';
import { doubleSubmitToken, formPostAllowed } from '../../web/form-csrf';
import { styledPages } from '../../web/page';

interface PaymentPageDeps {
  db: Db;
  temporal: Client;
  config: Config;
  perIp: ConsumeRateLimit;
}

const CSS = `body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}
a{color:#0b4fa8}a:focus,button:focus{outline:3px solid #fd0;outline-offset:2px}
.sandbox{background:#fde68a;padding:.5rem 1rem;border:2px solid #b45309}`;
const sendPage = styledPages(CSS, 'no-store');

/** An accessible page for the person paying; never cached, as it shows the order's state at the moment. */
function sendPublicPage(
  ctx: AppContext,
  o: { status?: number; title: string; body: Html; banner?: Html },
): void {
  const banner = o.banner && html`<p class="sandbox">${o.banner}</p>`;
  sendPage(ctx, {
    status: o.status,
    title: `${o.title} · Statutory Notice Placement`,
    body: html`${banner}
      <main>
        <h1>${o.title}</h1>
        ${o.body}
      </main>`,
  });
}

/** What a card order that no longer awaits payment tells its payer. */
function noPaymentDue(ctx: AppContext, { status, reference }: Order): void {
  const cancelled = status === 'cancelled';
  sendPublicPage(ctx, {
    title: cancelled ? 'Nothing to pay' : 'Order paid',
    body: cancelled
      ? html`<p>Order ${reference} was cancelled: there is nothing to pay.</p>`
      : html`<p>Order ${reference} is paid. Thank you: there is nothing more to do.</p>`,
  });
}

/**
 * The pages of a card order's checkout, for the person paying (no API key: the order id, 128 random bits, is
 * the capability, as a Stripe Checkout URL is). `/complete` and `/cancelled` are Stripe's `success_url` and
 * `cancel_url`; the order's workflow decides whether its Checkout Session is still live or makes a new one.
 */
export function checkoutRoutes(deps: PaymentPageDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/pay' });
  router.use(limitPerIp(deps.perIp));

  /** A page of a card order; any other id's link does not exist. */
  const cardPage = (path: string, page: (ctx: AppContext, order: Order) => Promise<void> | void) =>
    router.get(path, async (ctx) => {
      const order = await findOrderById(deps.db, String(ctx.params.orderId));
      if (order && hasCheckout(order)) return page(ctx, order);
      sendPublicPage(ctx, {
        status: 404,
        title: 'Payment link not found',
        body: html`<p>This payment link does not exist. Check the address you were given.</p>`,
      });
    });

  cardPage('/:orderId', async (ctx, order) => {
    if (order.status !== 'pending_payment') return noPaymentDue(ctx, order);
    // Production serves no sandbox: a test order without a test-mode Stripe account is paid by the test helper.
    if (deps.config.env === 'production' && !usesStripe(deps.config, order.livemode)) {
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
      ctx.redirect(await liveCheckoutSession(deps.temporal, order.id));
      ctx.status = 303;
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_state_transition') {
        const now = await findOrderById(deps.db, order.id); // paid or cancelled a moment ago
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

  cardPage('/:orderId/complete', (ctx, order) => {
    const confirming = order.status === 'pending_payment';
    sendPublicPage(ctx, {
      title: 'Order received',
      body: html`<p>Thank you. We have received order <strong>${order.reference}</strong>.</p>
        <p>
          ${confirming ? 'Your payment is being confirmed; this usually takes a few seconds.' : 'Your payment is confirmed.'}
          We will send the notice to the newspaper and e-mail you as it is booked and published.
        </p>`,
    });
  });

  cardPage('/:orderId/cancelled', (ctx, order) => {
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

/** The sandbox's form token cookie: double-submit, for this path only, strict (never sent cross-site). */
const CSRF_COOKIE = 'notices_sandbox_csrf';

/** The pay button's form body (urlencoded, a few bytes): read here, as the JSON API's parser refuses forms. */
const formBody = bodyParser({ enableTypes: ['form'], formLimit: '4kb' });

/**
 * The local sandbox payment provider's pages, for a mode without a Stripe key (docs/operating.md): a checkout
 * page whose pay button confirms the payment to the order's workflow, and an invoice page.
 */
export function sandboxRoutes(deps: PaymentPageDeps): Router<AppState> {
  const { config } = deps;
  const router = new Router<AppState>({ prefix: '/sandbox' });
  const cookie = {
    path: '/sandbox',
    maxAgeSeconds: 3600,
    secure: config.env !== 'development',
    sameSite: 'Strict',
  } as const;
  router.use(limitPerIp(deps.perIp));
  const service = {
    production: config.env === 'production',
    stripeFor: (live: boolean) => usesStripe(config, live),
  };

  const sendSandboxPage = (ctx: AppContext, order: Order, title: string, body: Html) => {
    const hint = order.livemode
      ? 'Configure STRIPE_SECRET_KEY to take real payments.'
      : 'Test order (svc_test_ key): configure STRIPE_TEST_SECRET_KEY to use Stripe in test mode.';
    sendPublicPage(ctx, {
      title,
      body,
      banner: html`<strong>LOCAL PAYMENT SANDBOX</strong>: no money moves. ${hint}`,
    });
  };

  /** The sandbox's own orders (sandboxServes), card orders only for checkout: anything else is not found. */
  async function orderOf(ctx: AppContext, checkout: boolean) {
    const id = String(ctx.params.orderId);
    const order = await findOrderById(deps.db, id);
    if (!order || !sandboxServes(order, service) || (checkout && !hasCheckout(order)))
      throw orderNotFound(id);
    return order;
  }

  router.get('/checkout/:orderId', async (ctx) => {
    const order = await orderOf(ctx, true);
    const amount = formatPence(order.quotedPriceGbpPence);
    if (order.status !== 'pending_payment') {
      const body = html`<p>Nothing to pay: the order is ${order.status}.</p>`;
      return sendSandboxPage(ctx, order, `Notice ${order.reference}`, body);
    }
    const token = doubleSubmitToken(ctx, CSRF_COOKIE, cookie);
    sendSandboxPage(
      ctx,
      order,
      `Pay for notice ${order.reference}`,
      html`<p>Notice ${order.reference}. Amount: ${amount}</p>
        <form method="post">
          <input type="hidden" name="_csrf" value="${token}" /><button type="submit">
            Pay ${amount} (sandbox)
          </button>
        </form>`,
    );
  });

  /**
   * Pays an unpaid card order (anything else is 409 without a message to the order, so its history stays small),
   * when the form came from the page (its token and our origin: another site cannot make a visitor pay).
   */
  router.post('/checkout/:orderId', formBody, async (ctx) => {
    const order = await orderOf(ctx, true);
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
      throw orderEngineUnavailable();
    }
    sendSandboxPage(ctx, order, 'Payment received', html`<p>Order ${order.reference} is paid (sandbox).</p>`);
  });

  router.get('/invoice/:orderId', async (ctx) => {
    const order = await orderOf(ctx, false);
    const body = html`<p>Amount due: ${formatPence(order.quotedPriceGbpPence)}</p>`;
    sendSandboxPage(ctx, order, `Invoice ${order.reference}`, body);
  });

  return router;
}
