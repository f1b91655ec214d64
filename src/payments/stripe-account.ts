import Stripe from 'stripe';
import type { Config } from '../config';

/**
 * Which Stripe account, if any, takes an order's money, and a client for it. Shared by the payment activities
 * (charges, refunds), the Stripe webhook route (signature checks) and the sandbox pages, so none of those
 * reaches into another's layer.
 */

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

/** Whether an order's mode takes real payments through Stripe (else: the local sandbox pages). */
export const usesStripe = (config: Config, livemode: boolean): boolean =>
  Boolean(livemode ? config.stripe.secretKey : config.stripe.testSecretKey);
