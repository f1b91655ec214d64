import { ApplicationFailure } from '@temporalio/common';
import Stripe from 'stripe';
import type { PaymentProvider } from './provider';

/** A Stripe client for our configuration; `apiUrl` points it elsewhere (stripe-mock in tests and CI). */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const target = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    // One retry layer: Temporal retries the activity, with the same idempotency key.
    maxNetworkRetries: 0,
    ...(target && {
      host: target.hostname,
      port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
      protocol: target.protocol.replace(':', '') as 'http' | 'https',
    }),
  });
}

/**
 * Stripe refusals (bad request, card declined, permission) are final: retrying cannot help. Connection,
 * rate-limit and server errors are thrown as they are, for Temporal to retry.
 */
async function classify<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (
      err instanceof Stripe.errors.StripeCardError ||
      err instanceof Stripe.errors.StripeInvalidRequestError ||
      err instanceof Stripe.errors.StripePermissionError ||
      err instanceof Stripe.errors.StripeAuthenticationError
    ) {
      throw ApplicationFailure.create({ type: 'payment_refused', message: err.message, nonRetryable: true });
    }
    throw err;
  }
}

export function createStripeProvider(stripe: Stripe, publicBaseUrl: string): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout(req) {
      const session = await classify(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: req.orderId,
            metadata: { orderId: req.orderId, reference: req.reference },
            payment_intent_data: { metadata: { orderId: req.orderId } },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'gbp',
                  unit_amount: req.amountGbpPence,
                  product_data: { name: req.description },
                },
              },
            ],
            success_url: `${publicBaseUrl}/sandbox/checkout/${req.orderId}/done`,
            cancel_url: `${publicBaseUrl}/sandbox/checkout/${req.orderId}/done`,
          },
          { idempotencyKey: req.idempotencyKey },
        ),
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { checkoutUrl: session.url, sessionId: session.id };
    },
    async createInvoice(req) {
      const customer = await classify(() =>
        stripe.customers.create(
          { metadata: { orderId: req.orderId } },
          { idempotencyKey: `${req.idempotencyKey}:customer` },
        ),
      );
      const invoice = await classify(() =>
        stripe.invoices.create(
          {
            customer: customer.id,
            collection_method: 'send_invoice',
            days_until_due: 30,
            metadata: { orderId: req.orderId },
          },
          { idempotencyKey: `${req.idempotencyKey}:invoice` },
        ),
      );
      await classify(() =>
        stripe.invoiceItems.create(
          {
            customer: customer.id,
            invoice: invoice.id,
            amount: req.amountGbpPence,
            currency: 'gbp',
            description: req.description,
          },
          { idempotencyKey: `${req.idempotencyKey}:item` },
        ),
      );
      const finalised = await classify(() =>
        stripe.invoices.finalizeInvoice(
          invoice.id!,
          {},
          { idempotencyKey: `${req.idempotencyKey}:finalise` },
        ),
      );
      return {
        invoiceUrl: finalised.hosted_invoice_url ?? `${publicBaseUrl}/api/v1/orders/${req.orderId}/invoice`,
        invoiceId: finalised.id!,
      };
    },
    async refund(req) {
      const refund = await classify(() =>
        stripe.refunds.create(
          { payment_intent: req.paymentRef, amount: req.amountGbpPence, metadata: { orderId: req.orderId } },
          { idempotencyKey: req.idempotencyKey },
        ),
      );
      return { refundId: refund.id };
    },
  };
}
