import type { KeyMode } from '../../auth/api-key';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { isTestHelperPayment } from '../../testmode/payments';
import { createSandboxProvider, type PaymentProvider } from './provider';
import { createStripeClient } from '../../payments/stripe-account';
import { createStripeProvider } from './stripe';

export type PaymentProviders = Record<KeyMode, PaymentProvider>;

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
