import Stripe from 'stripe';
import type { Config } from '../config';

/** `apiUrl` points it elsewhere (stripe-mock in tests and CI). */
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

/** Whether an order's mode takes real payments through Stripe (else: the local sandbox pages). */
export const usesStripe = (config: Config, livemode: boolean): boolean =>
  Boolean(livemode ? config.stripe.secretKey : config.stripe.testSecretKey);
