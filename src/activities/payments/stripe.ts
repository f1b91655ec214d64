import { ApplicationFailure } from '@temporalio/common';
import Stripe from 'stripe';
import { checkoutLinks, DEFAULT_CHECKOUT_SESSION_LIFETIME_MS } from '../../orders/payment';
import type { Logger } from '../../logger';
import type { InvoiceRequest, PaymentProvider } from './provider';
import { orderDocumentUrl } from '../../orders/documents';

/** Masks anything key-like: stripe-mock echoes the Authorization header in its authentication errors. */
export function redactStripeMessage(message: string): string {
  return message
    .replace(/\b(sk|rk|pk)_(test|live)_\w+/g, '$1_$2_[redacted]')
    .replace(/(Authorization was ')[^']*'/gi, "$1[redacted]'");
}

type StripeLog = Pick<Logger, 'warn'>;

/**
 * Stripe's refusals (bad request, card declined, permission, authentication) are final and logged (never the
 * key); connection, rate-limit and server errors are thrown as they are, for Temporal to retry.
 */
const REFUSALS = [
  Stripe.errors.StripeCardError,
  Stripe.errors.StripeInvalidRequestError,
  Stripe.errors.StripePermissionError,
  Stripe.errors.StripeAuthenticationError,
];

async function classify<T>(log: StripeLog, operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!REFUSALS.some((refusal) => err instanceof refusal)) throw err;
    const { type, code: stripeCode, statusCode, requestId } = err as Stripe.errors.StripeError;
    const stripeMessage = redactStripeMessage((err as Error).message);
    log.warn(
      { operation, stripeErrorType: type, stripeCode, statusCode, requestId, stripeMessage },
      'Stripe refused the request',
    );
    throw ApplicationFailure.nonRetryable(`${type}: ${stripeMessage}`, 'payment_refused');
  }
}

export function createStripeProvider(stripe: Stripe, publicBaseUrl: string, log: StripeLog): PaymentProvider {
  /**
   * The organisation's Stripe customer, found by metadata or created under a key of the organisation's, so
   * concurrent first invoices share one customer while Stripe's search index catches up.
   */
  async function organisationCustomer(org: InvoiceRequest['organisation']): Promise<string> {
    const found = await classify(log, 'customers.search', () =>
      stripe.customers.search({ query: `metadata['organisationId']:'${org.id}'`, limit: 1 }),
    );
    const existing = found.data[0];
    if (existing) {
      // Stripe sends the invoice to the customer's e-mail: keep it the organisation's current billing contact.
      if (org.email && existing.email !== org.email) {
        await classify(log, 'customers.update', () =>
          stripe.customers.update(existing.id, { email: org.email! }),
        );
      }
      return existing.id;
    }
    const created = await classify(log, 'customers.create', () =>
      stripe.customers.create(
        { name: org.name, ...(org.email && { email: org.email }), metadata: { organisationId: org.id } },
        { idempotencyKey: `organisation:${org.id}:customer` },
      ),
    );
    return created.id;
  }

  return {
    async createCheckout(req) {
      const expiresAt = req.expiresAt ?? Date.now() + DEFAULT_CHECKOUT_SESSION_LIFETIME_MS;
      const links = checkoutLinks(publicBaseUrl, req.orderId);
      const session = await classify(log, 'checkout.sessions.create', () =>
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
            // An explicit expiry: the order workflow knows when to hand out a new session.
            expires_at: Math.floor(expiresAt / 1000),
            success_url: links.successUrl,
            cancel_url: links.cancelUrl,
          },
          { idempotencyKey: req.idempotencyKey },
        ),
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { checkoutUrl: session.url, sessionId: session.id, expiresAt };
    },
    async createInvoice(req) {
      const customer = await organisationCustomer(req.organisation);
      const key = req.idempotencyKey;
      const invoice = await classify(log, 'invoices.create', () =>
        stripe.invoices.create(
          {
            customer,
            collection_method: 'send_invoice',
            days_until_due: req.daysUntilDue,
            pending_invoice_items_behavior: 'exclude',
            metadata: { orderId: req.orderId, reference: req.reference },
          },
          { idempotencyKey: `${key}:invoice` },
        ),
      );
      await classify(log, 'invoiceItems.create', () =>
        stripe.invoiceItems.create(
          {
            customer,
            invoice: invoice.id,
            amount: req.amountGbpPence,
            currency: 'gbp',
            description: req.description,
            metadata: { orderId: req.orderId },
          },
          { idempotencyKey: `${key}:item` },
        ),
      );
      const finalised = await classify(log, 'invoices.finalizeInvoice', () =>
        stripe.invoices.finalizeInvoice(invoice.id!, {}, { idempotencyKey: `${key}:finalise` }),
      );
      const sent = await classify(log, 'invoices.sendInvoice', () =>
        stripe.invoices.sendInvoice(invoice.id!, {}, { idempotencyKey: `${key}:send` }),
      );
      return {
        // Stripe's hosted page; our own invoice route only when Stripe gives none.
        invoiceUrl:
          sent.hosted_invoice_url ??
          finalised.hosted_invoice_url ??
          orderDocumentUrl(publicBaseUrl, req.orderId, 'invoice'),
        invoiceId: invoice.id!,
      };
    },
    async voidInvoice(req) {
      await classify(log, 'invoices.voidInvoice', () =>
        stripe.invoices.voidInvoice(req.invoiceId, {}, { idempotencyKey: req.idempotencyKey }),
      );
    },
    async refund(req) {
      const refund = await classify(log, 'refunds.create', () =>
        stripe.refunds.create(
          { payment_intent: req.paymentRef, amount: req.amountGbpPence, metadata: { orderId: req.orderId } },
          { idempotencyKey: req.idempotencyKey },
        ),
      );
      return { refundId: refund.id };
    },
    async refundInvoice(req) {
      // A credit note with a refund amount refunds the invoice's payment and keeps the invoice's books right.
      const note = await classify(log, 'creditNotes.create', () =>
        stripe.creditNotes.create(
          {
            invoice: req.invoiceId,
            refund_amount: req.amountGbpPence,
            reason: 'order_change',
            memo: 'Order cancelled',
            metadata: { orderId: req.orderId },
          },
          { idempotencyKey: req.idempotencyKey },
        ),
      );
      return { refundId: note.id };
    },
    async expireCheckout(req) {
      await classify(log, 'checkout.sessions.expire', () =>
        stripe.checkout.sessions.expire(req.sessionId, {}, { idempotencyKey: req.idempotencyKey }),
      );
    },
  };
}
