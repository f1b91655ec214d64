import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';
import { createStripeClient, createStripeProvider } from './stripe';

export type { PaymentProvider } from './provider';

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the clearly labelled local sandbox. */
export function createPaymentProvider(config: Config): PaymentProvider {
  const { secretKey, apiUrl } = config.stripe;
  if (!secretKey) return createSandboxProvider(config.publicBaseUrl);
  return createStripeProvider(createStripeClient(secretKey, apiUrl), config.publicBaseUrl);
}
