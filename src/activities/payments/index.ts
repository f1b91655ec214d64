import { ApplicationFailure } from '@temporalio/common';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Logger } from '../../logger';
import { findOrderById } from '../../db/orders.repository';
import { isTestHelperPayment } from '../../testmode/payments';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';
import { createStripeClient } from '../../payments/stripe-account';
import { createStripeProvider } from './stripe';

export interface PaymentProviders {
  live: PaymentProvider;
  test: PaymentProvider;
}

function stripeOrSandbox(config: Config, log: Logger, secretKey: string | undefined): PaymentProvider {
  if (!secretKey) return createSandboxProvider(config.publicBaseUrl);
  return createStripeProvider(createStripeClient(secretKey, config.stripe.apiUrl), config.publicBaseUrl, log);
}

/** Each mode: Stripe with its own key, else the sandbox; test orders never use the live key. */
export function createPaymentProviders(config: Config, log: Logger): PaymentProviders {
  return {
    live: stripeOrSandbox(config, log, config.stripe.secretKey),
    test: withTestHelperPayments(stripeOrSandbox(config, log, config.stripe.testSecretKey)),
  };
}

export const providerFor = (providers: PaymentProviders, livemode: boolean): PaymentProvider =>
  livemode ? providers.live : providers.test;

/** For payment activities whose input names the order only (refund, void). */
export async function livemodeOf(db: Db, orderId: string): Promise<boolean> {
  const order = await findOrderById(db, orderId);
  if (!order) {
    throw ApplicationFailure.nonRetryable(
      `Order ${orderId} is not in the projection: its payment mode is unknown.`,
      'payment_refused',
    );
  }
  return order.livemode;
}

/** A payment the test helper recorded reached no provider: its refund is recorded only. */
function withTestHelperPayments(provider: PaymentProvider): PaymentProvider {
  return {
    ...provider,
    async refund(req) {
      if (isTestHelperPayment(req.paymentRef)) return { refundId: `test_helper_re_${req.orderId}` };
      return provider.refund(req);
    },
  };
}
