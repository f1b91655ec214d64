import { paymentKeys } from '../../orders/payment-keys';
import { ApplicationFailure } from '@temporalio/common';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { findOrderById } from '../../db/orders.repository';
import { findOrganisation } from '../../db/organisations.repository';
import { setUpWithoutProvider, type CheckoutSession, type PaymentSetup } from '../../orders/payment';
import type { PaymentProviders } from './index';
import type { InvoiceRefundRequest, RefundRequest } from './provider';
import type { Order } from '../../orders/order';

/** A refund as the workflow asks for it: the activity keys it, by `purpose` when it is not the cancel refund. */
type Unkeyed<R> = Omit<R, 'idempotencyKey'> & { purpose?: string };

/** Final: retrying cannot find what is missing. */
const refused = (message: string) => ApplicationFailure.nonRetryable(message, 'payment_refused');

/** Idempotency keys derive from the order id, so retries repeat nothing. */
export function paymentActivities(deps: { config: Config; db: Db; payments: PaymentProviders }) {
  const { config, db } = deps;
  /** By the order's mode; given only its id (refund, void), the mode is read from the projection. */
  const providerOf = async (order: { livemode: boolean } | string) => {
    const found = typeof order === 'string' ? await findOrderById(db, order) : order;
    if (!found)
      throw refused(`Order ${order as string} is not in the projection: its payment mode is unknown.`);
    return found.livemode ? deps.payments.live : deps.payments.test;
  };
  const requestFor = (order: Order, idempotencyKey: string, expiresAt: number | undefined) => ({
    orderId: order.id,
    reference: order.reference,
    description: `Statutory notice ${order.reference} (${order.type})`,
    amountGbpPence: order.quotedPriceGbpPence,
    idempotencyKey,
    expiresAt,
  });
  return {
    async setUpPayment(order: Order, opts: { checkoutExpiresAt?: number } = {}): Promise<PaymentSetup> {
      const withoutProvider = setUpWithoutProvider(order, config.publicBaseUrl);
      if (withoutProvider) return withoutProvider;
      const payments = await providerOf(order);
      const req = requestFor(order, paymentKeys.payment(order.id, order.version), opts.checkoutExpiresAt);
      switch (order.paymentMethod) {
        case 'stripe_checkout': {
          const s = await payments.createCheckout(req);
          return {
            checkoutUrl: s.checkoutUrl,
            invoiceUrl: null,
            paymentRef: null,
            checkoutSessionId: s.sessionId,
            checkoutExpiresAt: s.expiresAt,
            paymentState: 'awaiting_payment',
          };
        }
        case 'stripe_invoice': {
          const organisation = await findOrganisation(db, order.organisationId);
          if (!organisation) throw refused(`No organisation ${order.organisationId}`);
          const i = await payments.createInvoice({
            ...req,
            organisation: { id: organisation.id, name: organisation.name, email: organisation.billingEmail },
            daysUntilDue: organisation.invoiceTermsDays,
          });
          return {
            checkoutUrl: null,
            invoiceUrl: i.invoiceUrl,
            paymentRef: i.invoiceId,
            paymentState: 'invoiced',
          };
        }
        default:
          throw new Error(`No provider sets up ${order.paymentMethod}`);
      }
    },

    /** `reason` keeps the key distinct (cancel, or replaced by an amendment). */
    async voidInvoice(input: { orderId: string; invoiceId: string; reason: string }): Promise<void> {
      const idempotencyKey = paymentKeys.voidInvoice(input.orderId, input.invoiceId, input.reason);
      await (await providerOf(input.orderId)).voidInvoice({ invoiceId: input.invoiceId, idempotencyKey });
    },

    /** `purpose` keys any refund but the cancel refund, so that each is made once and none answers another. */
    async refundPayment({ purpose, ...request }: Unkeyed<RefundRequest>): Promise<string> {
      const idempotencyKey = paymentKeys.refund(request.orderId, purpose);
      const payments = await providerOf(request.orderId);
      return (await payments.refund({ ...request, idempotencyKey })).refundId;
    },

    async refundInvoicePayment({ purpose, ...request }: Unkeyed<InvoiceRefundRequest>): Promise<string> {
      const idempotencyKey = paymentKeys.invoiceRefund(request.orderId, request.invoiceId, purpose);
      const payments = await providerOf(request.orderId);
      return (await payments.refundInvoice({ ...request, idempotencyKey })).refundId;
    },

    /** A new Checkout Session when the last has expired; `renewal` numbers them, so a retry creates none twice. */
    async renewCheckout(input: {
      order: Order;
      renewal: number;
      expiresAt: number;
    }): Promise<CheckoutSession> {
      const { order } = input;
      const payments = await providerOf(order);
      const s = await payments.createCheckout(
        requestFor(order, paymentKeys.checkout(order.id, input.renewal), input.expiresAt),
      );
      return { id: s.sessionId, url: s.checkoutUrl, expiresAt: s.expiresAt };
    },

    async expireCheckout(input: { orderId: string; sessionId: string }): Promise<void> {
      const idempotencyKey = paymentKeys.expireCheckout(input.orderId, input.sessionId);
      await (await providerOf(input.orderId)).expireCheckout({ sessionId: input.sessionId, idempotencyKey });
    },
  };
}
